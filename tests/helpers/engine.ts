/**
 * An Engine in Node against an in-process sandbox (and, with demo, its metadata gateway), on its own
 * fake-indexeddb database: the integration-test setup of the ledger engine.
 */
import { Client } from 'xrpl'
import type { AccountNFTsResponse } from 'xrpl'
import { startSandbox } from '../../src/sandbox/index.ts'
import type { Sandbox, SandboxOptions } from '../../src/sandbox/index.ts'
import { readJob } from '../../src/db/jobs.ts'
import { LedgerDb } from '../../src/db/schema.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import { NETWORK_IDS, buildNetworks } from '../../src/shared/networks.ts'
import type { NetworkConfig, NetworkId } from '../../src/shared/networks.ts'
import { Engine } from '../../src/worker/engine.ts'
import type { EngineOptions } from '../../src/worker/engineOptions.ts'
import { eventually } from './poll.ts'

export interface EngineHarness {
  sb: Sandbox
  engine: Engine
  db: LedgerDb
  /** The networks the engines use (the Sandbox network points at `sb`). */
  networks: Readonly<Record<NetworkId, NetworkConfig>>
  /**
   * A second engine on the same database (and the same account locks): what reopening the app, or
   * opening it in another tab, in the same browser profile gives.
   */
  reopen(options?: Partial<EngineOptions>): Engine
  stop(): Promise<void>
}

let dbCounter = 0

/**
 * Starts a sandbox (closeMs 0 unless given: ledgers close on `sb.ledgerAccept()`), connects an engine
 * to it on the Sandbox network, and returns both.
 */
export async function startEngineHarness(
  sandbox: SandboxOptions = {},
  options: Partial<EngineOptions> = {},
): Promise<EngineHarness> {
  const sb = await startSandbox({ port: 0, closeMs: 0, ...sandbox })
  const base = buildNetworks({})
  const networks = {
    ...base,
    sandbox: {
      ...base.sandbox,
      endpoints: [sb.url],
      clioEndpoints: [sb.url],
      ...(sb.gateway ? { metadataGateway: sb.gateway.url } : {}),
    },
  }
  const db = new LedgerDb(`test-${process.pid}-${++dbCounter}-${Date.now()}`)
  const engines: Engine[] = []
  const make = (extra: Partial<EngineOptions> = {}) => {
    const engine = new Engine({
      networks,
      // Every network, the Sandbox included, whatever the build (tsx scripts have no import.meta.env).
      offered: NETWORK_IDS,
      db,
      timing: { backoffMinMs: 10, backoffMaxMs: 200 },
      ...options,
      ...extra,
    })
    engines.push(engine)
    return engine
  }
  const engine = make()
  await engine.connect('sandbox')
  return {
    sb,
    engine,
    db,
    networks,
    reopen: make,
    stop: async () => {
      // Disposed, not only disconnected: their timers (acceptance tracking) stop too.
      await Promise.all(engines.map((e) => e.dispose()))
      await sb.stop()
      db.close()
      await db.delete()
    },
  }
}

/** The rejection of a promise, as the EngineError it must be (anything else is rethrown). */
export async function engineError(
  promise: Promise<unknown>,
): Promise<{ code: string; message: string }> {
  const error: unknown = await promise.then(
    () => new Error('expected a rejection'),
    (e: unknown) => e,
  )
  if (!isEngineError(error)) throw error
  return { code: error.code, message: error.message }
}

/** Every NFTokenID of an account as the sandbox lists them at a ledger, read with an independent client. */
export async function ledgerNftIds(
  sb: Sandbox,
  account: string,
  ledgerIndex: number,
): Promise<string[]> {
  const client = new Client(sb.url)
  await client.connect()
  try {
    const pages = await client.requestAll(
      // No limit: requestAll would stop collecting at `limit` NFTs in total.
      { command: 'account_nfts', account, ledger_index: ledgerIndex },
      'account_nfts',
    )
    return pages.flatMap((p) =>
      (p as AccountNFTsResponse).result.account_nfts.map((n) => n.NFTokenID),
    )
  } finally {
    await client.disconnect()
  }
}

/** Waits (polling IndexedDB, as the UI observes it) until a job reaches a final or paused status. */
export async function jobFinished(
  db: LedgerDb,
  jobId: string,
  timeoutMs = 30_000,
): Promise<JobRow> {
  const job = await eventually(
    () => readJob(db, jobId),
    (row) =>
      row !== undefined && ['completed', 'cancelled', 'failed', 'paused'].includes(row.status),
    `job ${jobId} final or paused`,
    { timeoutMs, everyMs: 50 },
  )
  return job!
}
