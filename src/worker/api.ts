/**
 * The contract between the UI and the ledger engine: the `EngineApi` the worker exposes through
 * Comlink, assembled from one interface per capability (`src/worker/contract/`), and every type that
 * crosses the boundary. Types only — no runtime imports, so the UI can import it (`import type`)
 * without pulling xrpl.js into the main chunk.
 *
 * Every value that crosses must be structured-cloneable; callbacks cross as `Comlink.proxy(fn)`.
 * Failures reject with an `EngineError` (see `src/shared/errors.ts`): match on `name` and `code`.
 */
import type { AirdropApi } from './contract/airdrop.ts'
import type { CollectionApi } from './contract/collection.ts'
import type { ConnectionApi } from './contract/connection.ts'
import type { HoldersApi } from './contract/holders.ts'
import type { JobsApi } from './contract/jobs.ts'
import type { ListingApi } from './contract/listing.ts'
import type { OrdersApi } from './contract/orders.ts'
import type { SettingsApi } from './contract/settings.ts'
import type { WalletApi } from './contract/wallet.ts'

// The stored rows and values that cross the boundary as they are.
export type { AcceptanceState, AcceptanceSummary, ItemAcceptance } from '../db/types/acceptance.ts'
export type { JobItemRow } from '../db/types/jobItems.ts'
export type { JobCounts, JobKind, JobRow, JobStatus, PlanProblem } from '../db/types/jobs.ts'
export type { CacheStats, NftAttribute } from '../db/types/metadata.ts'
export type { NftItem } from '../db/types/nfts.ts'
export type {
  BidTerms,
  BidView,
  BidsReport,
  OfferAmount,
  OfferCounts,
  OfferFlags,
  OfferNft,
  OfferView,
  OffersReport,
} from '../db/types/offers.ts'
export type { AppSettings, OwnEndpoint, OwnEndpointKind } from '../db/types/settings.ts'
export type { FloorMultiplier } from '../shared/floorMultipliers.ts'
export type { NetworkId } from '../shared/networks.ts'

export type * from './contract/airdrop.ts'
export type * from './contract/burn.ts'
export type * from './contract/collection.ts'
export type * from './contract/connection.ts'
export type * from './contract/holders.ts'
export type * from './contract/jobs.ts'
export type * from './contract/listing.ts'
export type * from './contract/orders.ts'
export type * from './contract/progress.ts'
export type * from './contract/settings.ts'
export type * from './contract/wallet.ts'

/** The ledger engine, as the UI sees it through Comlink: every capability's interface. */
export interface EngineApi
  extends
    ConnectionApi,
    WalletApi,
    CollectionApi,
    AirdropApi,
    HoldersApi,
    OrdersApi,
    ListingApi,
    JobsApi,
    SettingsApi {}
