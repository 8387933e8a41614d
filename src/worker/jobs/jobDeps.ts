/** What the jobs need of the engine: the store, the connection, the wallet that signs, and hooks. */
import type { Client } from 'xrpl'

import type { LedgerDb } from '../../db/schema.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { WalletInfo } from '../api.ts'
import type { JobSigner } from './jobSigner.ts'
import type { ServerPace } from '../ledger/requestScheduler.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import type { SecondOpinion } from '../network/secondOpinion.ts'
import type { JobKinds, UriRead } from './jobKind.ts'
import type { AccountLocks } from './run/accountLocks.ts'
import type { RunnerLimits } from './run/runner.ts'

/** What jobs need of the wallet: who is connected, and what signs for it (a key, or its wallet). */
export interface JobKeyring {
  current(): WalletInfo | null
  /** @throws EngineError `VALIDATION` without a connected wallet. */
  signer(): JobSigner
}

/** The connected wallet on the engine's network: the account a job is planned and run for. */
export interface JobWallet {
  account: string
  network: NetworkId
  info: WalletInfo
}

/** What the JobService needs of the engine. */
export interface JobServiceDeps {
  db: LedgerDb
  /** The job kinds it plans and runs (src/worker/jobKinds.ts). */
  kinds: JobKinds
  connection: Pick<ConnectionManager, 'requireClient' | 'status'>
  /** The connected wallet and what signs for it (the keyring). */
  keyring: JobKeyring
  network: () => NetworkId
  limits?: Partial<RunnerLimits>
  /**
   * Whether the wallet's jobs go on by themselves here (EngineOptions.resumeOnConnect): when false,
   * another tab's news does not make this engine queue for the account's jobs either.
   */
  resumeByItself?: boolean
  /** The most one transaction of a job planned here may pay, drops (below the spec's 2 XRP). */
  maxFeeDrops?: bigint
  /** The account locks (Web Locks in a browser; tests share in-process ones between engines). */
  locks?: AccountLocks
  /** This engine's id, recorded on the jobs its runners take. */
  runnerId?: string
  /** What URIs serve, read as the collection reads metadata (a mint's check before signing). */
  readUris?: UriRead
  /** A network's Clio server, for the kinds that read NFTs by issuer or id (a modify's holders). */
  clio?: (network: NetworkId) => Promise<Client>
  /** The networks' other endpoints, for proofs one server must not give alone. */
  secondOpinion?: SecondOpinion
  /**
   * Told whether this engine is busy with a job now: one runs, or one is being planned (a 100,000-item
   * pre-flight reads as many accounts). Metadata fetching yields meanwhile.
   */
  onBusy?: (busy: boolean) => void
  /** Whether the connected endpoint's budget for us sets the pace now. */
  serverPace?: () => ServerPace | null
  /** Told when the connected server's validated ledger lags its open ledger (a job's reads show it). */
  serverLags?: (ledgers: number) => void
}
