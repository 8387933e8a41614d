/**
 * The store's promise, tested where it matters: a write whose transaction the caller saw commit is on
 * disk, even if the process is killed (SIGKILL) the next instant. A child process commits rows one
 * transaction at a time and prints each id once its `await` returned; it is killed after a number of
 * them; every printed id must be in the store when it is opened again. And the account lock a killed
 * process held is free at once.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { afterAll, expect, it } from 'vitest'
import { openDurableStore } from '../../../src/node/store/durableStore.ts'
import { processLocks } from '../../../src/node/store/processLocks.ts'

const dir = mkdtempSync(join(tmpdir(), 'xnm-kill-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

const SCRIPT = `
import { openDurableStore } from ${JSON.stringify(resolve('src/node/store/durableStore.ts'))}
import { processLocks } from ${JSON.stringify(resolve('src/node/store/processLocks.ts'))}
const store = await openDurableStore(process.argv[2])
const locks = processLocks(store, 'writer', process.argv[3])
await locks.acquire('account', new AbortController().signal)
for (let i = 0; ; i++) {
  await store.db.transaction('rw', store.db.settings, store.db.jobs, async () => {
    await store.db.settings.put({ key: 'row-' + i, value: i })
    await store.db.jobs.put({ id: 'job-' + i, status: 'planned' })
  })
  process.stdout.write(i + '\\n')
}
`

function runWriter(storeDir: string, killAfter: number) {
  const file = join(dir, 'writer.mts')
  writeFileSync(file, SCRIPT)
  const child = spawn(resolve('node_modules/.bin/tsx'), [file, storeDir, join(dir, 'locks')])
  let out = ''
  let seen = -1
  return new Promise<number>((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const lines = out.split('\n').filter(Boolean)
      seen = Number(lines.at(-1))
      if (lines.length >= killAfter) child.kill('SIGKILL')
    })
    child.stderr.on('data', (chunk: Buffer) => fail(new Error(chunk.toString())))
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? done(seen) : fail(new Error(`writer ended by itself: ${out}`)),
    )
  })
}

it('keeps every commit a killed process saw, and frees its lock', async () => {
  for (const [round, killAfter] of [40, 173, 311].entries()) {
    const storeDir = join(dir, `store-${round}`)
    // The last id printed: the child may have committed one more before it died, never fewer.
    const last = await runWriter(storeDir, killAfter)
    expect(last).toBeGreaterThanOrEqual(killAfter - 1)
    const store = await openDurableStore(storeDir)
    try {
      const settings = await store.db.settings.count()
      expect(settings).toBeGreaterThanOrEqual(last + 1)
      expect(await store.db.jobs.count()).toBe(settings) // both rows of a transaction, or neither
      for (let i = 0; i <= last; i++) expect(await store.db.settings.get(`row-${i}`)).toBeDefined()
      const held = await processLocks(store, 'test', join(dir, 'locks')).acquire(
        'account',
        AbortSignal.timeout(5_000),
      )
      held.release()
    } finally {
      await store.close()
    }
  }
}, 120_000)
