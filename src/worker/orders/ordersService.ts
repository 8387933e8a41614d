/**
 * The orders capability (OrdersApi): the account's own offers with their analysis, and the bids
 * others made on its NFTs. Each method is OrdersApi's of the same name; cancelling and accepting
 * are job kinds (cancelKind.ts, acceptKind.ts).
 */
import type { LedgerDb } from '../../db/schema.ts'
import type {
  BidsProgress,
  BidsReport,
  OwnOfferCounts,
  OffersProgress,
  OffersReport,
  ProgressListener,
} from '../api.ts'
import { readReserves } from '../ledger/ledgerRequests.ts'
import { readOwnOffersAt } from '../ledger/ownOffers.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import type { PacedProgress } from '../progress.ts'
import { readBidsOnNfts } from './bidsOnNfts.ts'
import { readOffersReport } from './offersReport.ts'

/** What the orders capability needs of the engine. */
export interface OrdersServiceDeps {
  db: LedgerDb
  connection: Pick<ConnectionManager, 'requireClient' | 'status'>
  /** The given account, or the connected wallet's; a VALIDATION error when there is neither. */
  accountOf: (account: string | undefined) => string
  /** The reporter of a long read. */
  progress: PacedProgress
}

/** The account's offers and the bids on its NFTs. */
export class OrdersService {
  constructor(private readonly deps: OrdersServiceDeps) {}

  async countOffers(account?: string): Promise<OwnOfferCounts> {
    const owner = this.deps.accountOf(account)
    const { offers, ledgerIndex } = await readOwnOffersAt(
      this.deps.connection.requireClient(),
      owner,
    )
    const sell = [...offers.values()].filter((offer) => offer.sell).length
    return { sell, buy: offers.size - sell, ledgerIndex }
  }

  async loadOffers(
    onProgress?: ProgressListener<OffersProgress>,
    account?: string,
  ): Promise<OffersReport> {
    const owner = this.deps.accountOf(account)
    const client = this.deps.connection.requireClient()
    const progress = this.deps.progress(onProgress)
    const { incDrops } = await readReserves(client)
    const deps = { client, db: this.deps.db, network: this.deps.connection.status.network }
    const report = await readOffersReport({ ...deps, ownerReserveDrops: incDrops }, owner, (p) =>
      progress.report(p),
    )
    progress.finish({ offers: report.sell.length + report.bids.length, step: 'Done' })
    // Kept for the next visit, offline too (a newer reading replaces it).
    await this.deps.db.offerReads.put(report)
    return report
  }

  async loadBids(
    onProgress?: ProgressListener<BidsProgress>,
    account?: string,
  ): Promise<BidsReport> {
    const owner = this.deps.accountOf(account)
    const progress = this.deps.progress(onProgress)
    const deps = {
      client: this.deps.connection.requireClient(),
      db: this.deps.db,
      network: this.deps.connection.status.network,
    }
    const report = await readBidsOnNfts(deps, owner, (p) => progress.report(p))
    progress.finish({
      checked: report.nftsChecked,
      total: report.nftsChecked,
      found: report.bids.length,
    })
    return report
  }
}
