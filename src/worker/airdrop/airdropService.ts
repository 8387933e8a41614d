/**
 * The airdrop capability (AirdropApi): the distribution CSV, the tracking of whether recipients
 * accepted the offers sent, and reclaiming or re-offering the offers they left. Each method is AirdropApi's of the
 * same name; the airdrop itself is a job kind (airdropKind.ts).
 */
import type { Client } from 'xrpl'

import type { LedgerDb } from '../../db/schema.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { AcceptanceSummary, ColumnChoice, DistributionFile, JobPlan } from '../api.ts'
import type { JobService } from '../jobs/jobService.ts'
import { AcceptanceTracker } from './acceptance/acceptanceTracker.ts'
import type { AcceptanceTiming } from './acceptance/acceptanceTracker.ts'
import { planReclaim } from './acceptance/reclaim.ts'
import { planReoffer } from './acceptance/reoffer.ts'
import type { ReofferTo } from './acceptance/reoffer.ts'
import { parseDistributionCsv } from './distributionCsv.ts'
import type { HolderConfirmer } from './holders/holderConfirmer.ts'
import { acceptingRecipients } from '../network/sandboxAccounts.ts'

/** What the airdrop capability needs of the engine. */
export interface AirdropServiceDeps {
  db: LedgerDb
  /** The connected client; throws when there is none. */
  client: () => Client
  /** The account shown on the current network (a connected wallet, or one viewed read-only), or null. */
  wallet: () => { address: string; network: NetworkId } | null
  /** When airdrop offers are checked (the defaults unless given). */
  timing?: Partial<AcceptanceTiming>
  /** The connected wallet's address, if any (a CSV may not send to it). */
  walletAddress: () => string | undefined
  /** The jobs, which plan a reclaim and tell which jobs start and end. */
  jobs: Pick<JobService, 'planJob' | 'hear'>
  /**
   * Whether ended airdrops' offers are followed in the background (the app's); when false they are
   * checked only when asked (checkAcceptance, a reclaim or a re-offer).
   */
  background?: boolean
  /** The network in use. */
  network: () => NetworkId
  /** Confirms a snapshot's holders with a second server (the holders service's), for re-offers. */
  confirmer: () => Pick<HolderConfirmer, 'confirm'>
}

/** Airdrops: their CSV, and their offers once sent. */
export class AirdropService {
  private readonly acceptance: AcceptanceTracker

  constructor(private readonly deps: AirdropServiceDeps) {
    this.acceptance = new AcceptanceTracker({
      db: deps.db,
      client: deps.client,
      wallet: deps.wallet,
      timing: deps.timing,
    })
    // A running airdrop's offers are followed on the stream from its start; an ended one's tracked.
    deps.jobs.hear((event) => {
      if (event.type === 'started') void this.follow()
      else this.jobEnded(event.job)
    })
  }

  parseDistributionCsv(
    file: Blob | string,
    fileName: string,
    columns?: ColumnChoice,
  ): Promise<DistributionFile> {
    return parseDistributionCsv(file, fileName, this.deps.walletAddress() ?? null, columns)
  }

  async sampleDistributionCsv(): Promise<string | null> {
    if (this.deps.network() !== 'sandbox') return null
    const rows = (await acceptingRecipients()).map((address) => `${address},1`)
    return `wallet_address,nft_amount\n${rows.join('\n')}\n`
  }

  checkAcceptance(jobId: string): Promise<AcceptanceSummary> {
    return this.acceptance.check(jobId)
  }

  planReoffer(jobId: string, to: ReofferTo): Promise<JobPlan> {
    return planReoffer(
      {
        db: this.deps.db,
        tracker: this.acceptance,
        jobs: this.deps.jobs,
        confirmer: this.deps.confirmer(),
      },
      jobId,
      to,
    )
  }

  planReclaim(jobId: string): Promise<JobPlan> {
    return planReclaim({ db: this.deps.db, tracker: this.acceptance, jobs: this.deps.jobs }, jobId)
  }

  /** A job ended: an airdrop's acceptance tracking starts. */
  jobEnded(job: JobRow): void {
    if (this.deps.background !== false) this.acceptance.jobEnded(job)
  }

  /**
   * Follows the shown account's airdrops (again), or stops following an account that went.
   *
   * @returns settles once it follows (never rejects).
   */
  async follow(): Promise<void> {
    if (this.deps.background !== false) await this.acceptance.resume()
  }

  /** The connection is back: follows the stream again and checks every waiting offer at once. */
  reconnected(): void {
    if (this.deps.background !== false) this.acceptance.reconnected()
  }

  /** Stops tracking (the engine is going away). */
  dispose(): Promise<void> {
    return this.acceptance.dispose()
  }
}
