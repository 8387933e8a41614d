/**
 * The chaos soak's `cli killed` fault: the tabs close, `xnm job start ID` takes the job over in a
 * process of its own on the same durable store, and is killed (SIGKILL) at a submit the sandbox
 * counts — before it (the blob stored, never sent), after it (applied, unanswered), or as the ledger
 * holding it closes (mid-settle). A tab then takes the job back from the store.
 */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'
import type { ChaosWorld } from './chaosWorld.ts'

export type CliKill = 'drop' | 'apply' | 'reply'

const WHERE: Record<CliKill, string> = {
  drop: 'before a submit',
  apply: 'after a submit',
  reply: 'mid-settle',
}

/**
 * Runs `xnm job start` on the world's store and kills it `where`, once `after` submits were answered.
 *
 * @returns what happened, for the run's line.
 */
export async function runCliUntilKilled(
  cw: ChaosWorld,
  jobId: string,
  after: number,
  where: CliKill,
): Promise<string> {
  const sb = cw.w.h.sb
  const args = [
    '--network',
    'sandbox',
    '--endpoint',
    sb.url,
    '--store',
    cw.storeDir,
    '--secret-file',
    cw.secretFile,
  ]
  const child = spawn(process.execPath, [resolve('bin/xnm.mjs'), ...args, 'job', 'start', jobId], {
    env: { ...process.env, XNM_LOCK_DIR: cw.lockDir, XNM_SECRET: '' },
    stdio: ['ignore', 'ignore', 'pipe'],
  })
  let err = ''
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()))
  const kill = () => child.kill('SIGKILL')
  sb.faults.onSubmit = {
    after,
    then: where,
    run:
      where === 'reply'
        ? () => {
            const off = sb.ledger.onClose(() => {
              off()
              kill()
            })
          }
        : kill,
  }
  const [code, signal] = await new Promise<[number | null, NodeJS.Signals | null]>((done) =>
    child.on('exit', (c, s) => done([c, s])),
  )
  sb.faults.onSubmit = null
  // What the process committed, read before anything else of this process looks at the job.
  await cw.store.refresh()
  if (signal === 'SIGKILL') return `xnm killed -9 ${WHERE[where]} (submit ${after + 1})`
  return `xnm ended by itself (exit ${code}${err ? `: ${err.trim().split('\n').at(-1)}` : ''})`
}
