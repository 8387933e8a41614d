/**
 * The listing capability (ListingApi): a collection's floor price (read from the network's Clio
 * servers, confirmed by a second server) and the preview of a listing's prices before it is planned.
 * Each method is ListingApi's of the same name; listing itself is a job kind (listKind.ts).
 */
import type { LedgerDb } from '../../db/schema.ts'
import type { NetworkConfig, NetworkId } from '../../shared/networks.ts'
import type {
  FloorPrice,
  FloorProgress,
  ListingPreview,
  ListingPreviewRequest,
  ProgressListener,
} from '../api.ts'
import { readReserves } from '../ledger/ledgerRequests.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import type { SecondOpinion } from '../network/secondOpinion.ts'
import type { ClioLink } from '../network/clioLink.ts'
import type { PacedProgress } from '../progress.ts'
import { FloorPrices } from './floorPrices.ts'
import { previewListing } from './listingPreview.ts'

/** What the listing capability needs of the engine. */
export interface ListingServiceDeps {
  db: LedgerDb
  connection: Pick<ConnectionManager, 'requireClient' | 'status'>
  /** The engine's Clio link (shared with the holder snapshots). */
  clio: ClioLink
  /** The network with the user's own servers first. */
  networkConfig: (networkId: NetworkId) => NetworkConfig
  /** The networks' other endpoints, which confirm the offers a floor rests on. */
  secondOpinion: Pick<SecondOpinion, 'readFor'>
  /** The given account, or the connected wallet's; a VALIDATION error when there is neither. */
  accountOf: (account: string | undefined) => string
  /** The connected wallet's address, if any. */
  walletAddress: () => string | undefined
  /** The reporter of a long read. */
  progress: PacedProgress
}

/** Floor prices and listing previews. */
export class ListingService {
  private readonly floors: FloorPrices

  constructor(private readonly deps: ListingServiceDeps) {
    this.floors = new FloorPrices(deps.clio)
  }

  async floorPrice(
    issuer: string,
    taxon: number,
    onProgress?: ProgressListener<FloorProgress>,
  ): Promise<FloorPrice> {
    const progress = this.deps.progress(onProgress)
    const network = this.deps.networkConfig(this.deps.connection.status.network)
    const connection = {
      client: this.deps.connection.requireClient(),
      endpoint: this.deps.connection.status.endpoint,
    }
    const account = this.deps.walletAddress() ?? null
    const second = this.deps.secondOpinion.readFor(network.id)
    const price = await this.floors.read(
      network,
      connection,
      account,
      { issuer, taxon },
      (p) => progress.report(p),
      second,
    )
    progress.finish({ step: 'checking', done: price.nftsChecked, total: price.nftsChecked })
    return price
  }

  async previewListing(
    request: ListingPreviewRequest,
    onProgress?: ProgressListener<FloorProgress>,
  ): Promise<ListingPreview> {
    const account = this.deps.accountOf(undefined)
    const client = this.deps.connection.requireClient()
    const network = this.deps.networkConfig(this.deps.connection.status.network)
    const { incDrops } = await readReserves(client)
    const progress = this.deps.progress(onProgress)
    const connection = { client, endpoint: this.deps.connection.status.endpoint }
    const preview = await previewListing(
      {
        db: this.deps.db,
        network,
        account,
        ownerReserveDrops: incDrops,
        readFloor: (issuer, taxon, report) =>
          this.floors.read(
            network,
            connection,
            account,
            { issuer, taxon },
            report,
            this.deps.secondOpinion.readFor(network.id),
          ),
      },
      request,
      (p) => progress.report(p),
    )
    progress.finish({ step: 'checking', done: preview.floors.length, total: preview.floors.length })
    return preview
  }

  /** Closes the Clio link (the engine leaves the network, or goes away). */
  close(): Promise<void> {
    return this.floors.close()
  }
}
