/** The options of an Engine (src/worker/engine.ts): what tests, benchmarks and createEngine vary. */
import type { LedgerDb } from '../db/schema.ts'
import type { NetworkConfig, NetworkId } from '../shared/networks.ts'
import type { AcceptanceTiming } from './airdrop/acceptance/acceptanceTracker.ts'
import type { MetadataOptions } from './collection/metadata/metadataLimits.ts'
import type { AccountLocks } from './jobs/run/accountLocks.ts'
import type { RunnerLimits } from './jobs/run/runner.ts'
import type { AssumedLimits } from './ledger/requestScheduler.ts'
import type { ConnectionTiming } from './network/timing.ts'

/** How to build an Engine; everything has a production default. */
export interface EngineOptions {
  /** The network table; tests point the sandbox at an in-process ledger. */
  networks?: Readonly<Record<NetworkId, NetworkConfig>>
  /** The networks this engine connects to (the build's offer by default). */
  offered?: readonly NetworkId[]
  /** Client limits and reconnect backoff. */
  timing?: Partial<ConnectionTiming>
  /** The IndexedDB to use; tests pass a uniquely named one. */
  db?: LedgerDb
  /** Metadata fetching: gateways, limits, fetch function, mobile cache cap. */
  metadata?: MetadataOptions
  /** Bulk job limits (LastLedgerSequence offset, transactions in flight). */
  jobs?: Partial<RunnerLimits>
  /**
   * The most one transaction of a job planned here may pay, drops (the spec's 2 XRP at most): the
   * fee a plan fixes is capped there, and the job waits while the ledger asks more.
   */
  maxFeeDrops?: bigint
  /**
   * Whether ended airdrops' offers are followed in the background (default true, as the app does).
   * The command line turns it off: several processes on one store would each check, and write, the
   * same jobs' rows; its airdrops are checked when asked (a reclaim).
   */
  trackAcceptance?: boolean
  /** When airdrop offers are checked (ACCEPTANCE_FIRST_CHECK_MS, ACCEPTANCE_INTERVAL_MS). */
  acceptance?: Partial<AcceptanceTiming>
  /** The account locks that keep one runner per account (Web Locks in a browser). */
  locks?: AccountLocks
  /**
   * What the request schedulers assume of public servers' limits (rippled's and Clio's documented
   * defaults); tests that scale a sandbox's limits down scale these alike.
   */
  assumedLimits?: Partial<AssumedLimits>
  /**
   * Whether connecting a wallet (or the connection coming back) resumes the account's unfinished and
   * paused jobs by itself, as the app needs (the default). When false, nothing runs until a job is
   * started; a job interrupted mid-run still goes on first then, since its transactions in flight must
   * be settled before new ones are signed.
   */
  resumeOnConnect?: boolean
}
