/**
 * The contract between the UI and the ledger engine: the `EngineApi` the worker exposes through
 * Comlink, assembled from one interface per capability (`src/worker/contract/`), and every type that
 * crosses the boundary. Types only, so the UI imports it (`import type`) without pulling xrpl.js
 * into the main chunk.
 *
 * Every value that crosses must be structured-cloneable; callbacks cross as `Comlink.proxy(fn)`.
 * Failures reject with an `EngineError` (see `src/shared/errors.ts`): match on `name` and `code`.
 */
import type { Api } from './contract/method.ts'
import type { EngineContract } from './contract/registry.ts'

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
export type * from './contract/mint.ts'
export type * from './contract/collection.ts'
export type * from './contract/connection.ts'
export type * from './contract/holders.ts'
export type * from './contract/jobs.ts'
export type * from './contract/listing.ts'
export type * from './contract/orders.ts'
export type * from './contract/progress.ts'
export type * from './contract/settings.ts'
export type * from './contract/wallet.ts'

/**
 * The ledger engine, as the UI sees it through Comlink: every capability's methods, as declared by
 * its contract (`src/worker/contract/registry.ts` lists them).
 */
export interface EngineApi extends Api<EngineContract> {}
