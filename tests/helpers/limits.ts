/**
 * The engine against a sandbox that meters it as a public server would (`limits`), with an
 * independent client on the sandbox's admin port (never limited, so it takes nothing from the
 * engine's budget), the demo holder connected and ledgers closing every 250 ms.
 */
import { Client } from 'xrpl'
import { afterEach } from 'vitest'

import { readJob } from '../../src/db/jobs.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import type { SandboxOptions } from '../../src/sandbox/index.ts'
import type { EngineOptions } from '../../src/worker/engineOptions.ts'
import { jobFinished, startEngineHarness } from './engine.ts'
import type { EngineHarness } from './engine.ts'
import { closeLedgers } from './sandbox.ts'

export interface LimitedHarness {
  h: EngineHarness
  /** A client on the admin port. */
  admin: Client
  stop: () => Promise<void>
}

/** Starts the demo ledger with the given limits and connects the demo holder's engine to it. */
export async function startLimited(
  limits: SandboxOptions['limits'],
  options: Partial<EngineOptions> = {},
): Promise<LimitedHarness> {
  const h = await startEngineHarness(
    { demo: true, gatewayPort: 0, expectedLedgerSize: 1000, limits, adminPort: 0 },
    options,
  )
  const admin = new Client(h.sb.adminUrl!)
  await admin.connect()
  await h.engine.connectWallet({ kind: 'familySeed', secret: demoAccounts().holder.seed! })
  const stopClosing = closeLedgers(h.sb, 250)
  return {
    h,
    admin,
    stop: async () => {
      stopClosing()
      await admin.disconnect()
      await h.stop()
    },
  }
}

/** Follows a job to its end, noting every notice it showed on the way. */
export async function followJob(
  h: EngineHarness,
  jobId: string,
): Promise<{ job: JobRow; notices: Set<string> }> {
  const notices = new Set<string>()
  const watch = setInterval(() => {
    void readJob(h.db, jobId).then((j) => j?.notice && notices.add(j.notice))
  }, 50)
  try {
    return { job: await jobFinished(h.db, jobId), notices }
  } finally {
    clearInterval(watch)
  }
}

/**
 * `startLimited` for a test file: each harness it starts is stopped after its test.
 *
 * @returns start(limits, options): a harness.
 */
export function limitedAfterEach(): typeof startLimited {
  let running: LimitedHarness | undefined
  afterEach(async () => {
    await running?.stop()
    running = undefined
  })
  return async (...args) => {
    running = await startLimited(...args)
    return running
  }
}
