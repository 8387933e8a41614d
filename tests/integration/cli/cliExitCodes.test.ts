/**
 * What `xnm`'s exit code tells a script that reads nothing else (issue 43): a job that did none of its
 * items exits 5, not 0 ("airdrop done"); a store that cannot be read — made by a newer xnm, cut
 * short, not SQLite — exits 6 naming its folder and what is wrong, not 1 ("some items failed");
 * XNM_LOCK_DIR at the store's own locks/ folder neither hangs nor loses the lock. Every run is bounded:
 * a hang fails the test instead of stalling the suite.
 */
import { mkdirSync, statSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { STORE_SCHEMA, openDurableStore } from '../../../src/node/store/durableStore.ts'
import { processLocks } from '../../../src/node/store/processLocks.ts'
import { accountLockName } from '../../../src/worker/jobs/run/accountLocks.ts'
import { CliWorld, records, startCliLedger } from '../../helpers/cli.ts'
import type { CliLedger, CliResult, CliRun } from '../../helpers/cli.ts'
import { offersOf } from '../../helpers/jobs.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

interface ResultRecord {
  status: string
  counts: { succeeded: number; failed: number; skipped: number; total: number }
}

/** The longest any one xnm run may take here: a run still going then is killed and fails. */
const RUN_MS = 45_000

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 8, recipients: 1, closeMs: 250 })
}, 120_000)

afterAll(() => t.stop())

/** Waits for `run` to end, at most `ms`: past that it is killed and the test fails with its output. */
async function bounded(run: CliRun, ms = RUN_MS): Promise<CliResult> {
  let late = false
  const timer = setTimeout(() => {
    late = true
    run.child.kill('SIGKILL')
  }, ms)
  const result = await run.done
  clearTimeout(timer)
  if (late) throw new Error(`xnm did not end within ${ms} ms:\n${result.out}\n${result.err}`)
  return result
}

/** Runs xnm in `world` (the test's own by default), bounded. */
function xnm(args: string[], env: Record<string, string> = {}, world = t.world) {
  return bounded(world.start(args, env))
}

/** Plans with --json; returns the job's id. */
async function planned(args: string[], env: Record<string, string> = {}): Promise<string> {
  const run = await xnm([...args, '--json'], env)
  expect(run.code, run.err).toBe(0)
  return records<{ jobId: string }>(run.out, 'plan')[0]!.jobId
}

/** The holder's NFTs in a file, one a line. */
function nftFile(name: string, ids: string[]): string {
  return t.world.file(name, ids.join('\n'))
}

describe('a job that did none of its items', () => {
  it('exits 5 when every NFT of an airdrop was already on offer (all items skipped)', async () => {
    const ids = t.nfts.slice(0, 2)
    for (const id of ids) {
      submitInProcess(t.sb.ledger, t.world.wallet, {
        TransactionType: 'NFTokenCreateOffer',
        NFTokenID: id,
        Amount: '1000000',
        Flags: 1,
      })
    }
    t.sb.ledger.accept()
    const to = t.recipients[0]!.address
    const csv = t.world.file('drop.csv', `wallet_address,nft_amount\n${to},2\n`)
    const jobId = await planned(['airdrop', 'plan', '--csv', csv, '--nfts', nftFile('a.txt', ids)])

    const started = await xnm(['job', 'start', jobId, '--skip-problems', '--json'])
    expect(started.code, started.err).toBe(5)
    expect(started.err).toContain(`nothing done: all 2 items of job ${jobId} were skipped`)
    expect(records<ResultRecord>(started.out, 'result')[0]).toMatchObject({
      status: 'completed',
      counts: { succeeded: 0, failed: 0, skipped: 2, total: 2 },
    })
    // Following the ended job says the same.
    expect((await xnm(['job', 'watch', jobId])).code).toBe(5)
    // Nothing was offered to the recipient.
    const offers = await offersOf(t.client, t.world.wallet.address)
    expect(offers.filter((o) => o.Destination === to)).toEqual([])
  }, 120_000)

  it('exits 5 when a burn finds none of its NFTs still held, and 0 when some were burned', async () => {
    const [gone, held] = [t.nfts[2]!, t.nfts[3]!]
    submitInProcess(t.sb.ledger, t.world.wallet, {
      TransactionType: 'NFTokenBurn',
      NFTokenID: gone,
    })
    t.sb.ledger.accept()

    const none = await planned(['burn', 'plan', '--nfts', nftFile('gone.txt', [gone])])
    const nothing = await xnm(['job', 'start', none, '--skip-problems'])
    expect(nothing.code, nothing.err).toBe(5)
    expect(nothing.err).toContain('nothing done')

    const some = await planned(['burn', 'plan', '--nfts', nftFile('some.txt', [gone, held])])
    const done = await xnm(['job', 'start', some, '--skip-problems', '--json'])
    expect(done.code, done.err).toBe(0)
    expect(records<ResultRecord>(done.out, 'result')[0]).toMatchObject({
      counts: { succeeded: 1, skipped: 1 },
    })
    expect(done.err).not.toContain('nothing done')
  }, 120_000)
})

describe('a store that cannot be read', () => {
  /** Runs `xnm job list` on a world's store; checks exit 6, the folder named, and no stack trace. */
  async function refused(world: CliWorld, says: RegExp): Promise<void> {
    const run = await xnm(['job', 'list'], {}, world)
    expect(run.code, run.err).toBe(6)
    expect(run.err).toContain(`the store in ${world.store}`)
    expect(run.err).toMatch(says)
    expect(run.err).not.toMatch(/^\s+at /m)
    expect(run.out).toBe('')
  }

  /** A world of its own: its store folder is the test's to damage. */
  function world(): CliWorld {
    return new CliWorld(t.sb, t.world.wallet)
  }

  it('exits 6 for a store made by a newer xnm', async () => {
    const w = world()
    try {
      const store = await openDurableStore(w.store)
      store.journal.setMeta('schema', String(STORE_SCHEMA + 1))
      await store.close()
      await refused(w, /was made by a newer xnm \(store schema \d+; this xnm reads schema \d+\)/)
      // A command that signs is refused the same way (the store opens before the network).
      const start = await xnm(['job', 'start', 'some-job'], {}, w)
      expect(start.code).toBe(6)
    } finally {
      w.remove()
    }
  })

  it('exits 6 for a store file cut short', async () => {
    const w = world()
    try {
      const store = await openDurableStore(w.store)
      // Enough rows for a file of many pages (closing checkpoints them into store.sqlite).
      await store.db.settings.bulkPut(
        Array.from({ length: 300 }, (_, i) => ({ key: `k${i}`, value: 'x'.repeat(2_000) })),
      )
      await store.close()
      const file = join(w.store, 'store.sqlite')
      truncateSync(file, Math.floor(statSync(file).size / 2))
      await refused(w, /store\.sqlite is truncated: \d+ bytes where its header says \d+/)
    } finally {
      w.remove()
    }
  })

  it('exits 6 for a store file that is not SQLite', async () => {
    const w = world()
    try {
      // A report saved over the store, say.
      const text = `wallet_address,nft_amount\n${t.recipients[0]!.address},1\n`.repeat(50)
      mkdirSync(w.store, { recursive: true })
      writeFileSync(join(w.store, 'store.sqlite'), text)
      await refused(w, /store\.sqlite is not an SQLite database/)
    } finally {
      w.remove()
    }
  })
})

describe('XNM_LOCK_DIR at the store’s own locks/ folder', () => {
  it('runs the job without waiting on itself, and another process holding the account still keeps it out', async () => {
    // Through a link, as a CI workspace might set it: the same folder by another path.
    const link = join(t.world.dir, 'lock-link')
    symlinkSync(join(t.world.store, 'locks'), link)
    const env = { XNM_LOCK_DIR: link }
    const to = t.recipients[0]!.address
    const csv = t.world.file('own.csv', `wallet_address,nft_amount\n${to},2\n`)
    const ids = t.nfts.slice(4, 6)
    const jobId = await planned(
      ['airdrop', 'plan', '--csv', csv, '--nfts', nftFile('o.txt', ids)],
      env,
    )

    // A process of this store with another XNM_LOCK_DIR (the test's own) holds the account.
    const store = await openDurableStore(t.world.store)
    const locks = processLocks(store, 'the test holding the account', t.world.lockDir)
    const lockName = accountLockName('sandbox', t.world.wallet.address)
    const held = await locks.acquire(lockName, AbortSignal.timeout(RUN_MS))
    try {
      const kept = await xnm(['job', 'start', jobId, '--no-wait'], env)
      expect(kept.code, kept.err).toBe(4)
      expect(kept.err).toContain(`is run by process ${process.pid}`)
    } finally {
      held.release()
      await store.close()
    }

    const ran = await xnm(['job', 'start', jobId, '--json'], env)
    expect(ran.code, ran.err).toBe(0)
    expect(records<ResultRecord>(ran.out, 'result')[0]).toMatchObject({
      status: 'completed',
      counts: { succeeded: 2 },
    })
    const offers = await offersOf(t.client, t.world.wallet.address)
    expect(
      offers
        .filter((o) => o.Destination === to)
        .map((o) => o.NFTokenID)
        .sort(),
    ).toEqual([...ids].sort())
  }, 120_000)

  it('runs a job with XNM_LOCK_DIR at the store folder itself', async () => {
    const env = { XNM_LOCK_DIR: t.world.store }
    const ids = t.nfts.slice(6, 8)
    const jobId = await planned(['burn', 'plan', '--nfts', nftFile('b.txt', ids)], env)
    const ran = await xnm(['job', 'start', jobId], env)
    expect(ran.code, ran.err).toBe(0)
  }, 120_000)
})
