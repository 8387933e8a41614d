/**
 * What the generic jobs engine knows of a job kind. Each capability describes its own kind (checking
 * the request, its intents, what its job row records, its own pre-flight verdicts) beside the rest of its code, and the engine
 * registers them all (src/worker/jobKinds.ts): the planner and the runner know a job only through its
 * intents and this description, so a new job kind adds one module and one registration.
 */
import type { Client } from 'xrpl'

import type { MintedUri } from '../../db/jobNfts.ts'
import type { Intent } from '../../db/types/jobItems.ts'
import type { MetadataRow } from '../../db/types/metadata.ts'
import type { JobKind, PlanProblem } from '../../db/types/jobs.ts'
import { EngineError } from '../../shared/errors.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { BurnEffects } from '../contract/burn.ts'
import type { JobRequest } from '../contract/jobs.ts'
import type { WalletInfo } from '../contract/wallet.ts'
import type { IntentTypes } from '../ledger/intentTypes.ts'
import type { SecondRead } from '../ledger/secondRead.ts'
import type { ItemFacts } from './plan/itemFacts.ts'
import { invalid, shown } from './plan/requestFields.ts'

/** One intent of a plan; airdrop offers also name the recipient's CSV address, for reports. */
export interface PlannedIntent {
  intent: Intent
  recipient?: string
  /** A re-offer: who the NFT was offered to before (the report links the two). */
  previousRecipient?: string
}

/** What a kind may use to make a checked request ready to plan. */
export interface PlanContext {
  /** The connected wallet (the account that will sign). */
  wallet: WalletInfo
  /** A connected client. */
  client: Client
  /** The network's Clio server (`nft_info`, `nfts_by_issuer`), where one is configured. */
  clio?: () => Promise<Client>
}

/** One kind of job, as its capability describes it. */
export interface JobKindSpec<R extends JobRequest = JobRequest> {
  readonly kind: R['kind']
  /** The intent types its plans hold. */
  readonly intentTypes: readonly Intent['type'][]
  /**
   * Its NFTs are offered or burned: NFTs that other unfinished jobs of the wallet will still offer
   * are checked for at pre-flight.
   */
  readonly touchesNfts: boolean
  /**
   * Checks a request's fields (it crossed the worker boundary) and returns a clean copy.
   *
   * @throws EngineError `VALIDATION` with a message fit to show.
   */
  validate(fields: Record<string, unknown>): R
  /**
   * The checked request as it will be planned and recorded (a fresh shuffle seed, the key to
   * remove); the request itself when nothing is added.
   *
   * @throws EngineError `VALIDATION` when the wallet cannot do this kind of job.
   */
  prepare?(request: R, context: PlanContext): R | Promise<R>
  /**
   * What of this request a second server of the network confirms (a sale's terms, a snapshot's
   * owners, floor prices), in plain words: the plan names it when there is no second server.
   */
  confirmedElsewhere?(request: R): string[]
  /**
   * Its items' results count only once another server of the network shows them alike, where the
   * network has one (docs/architecture.md §3.2, rule 6): a result shown wrongly costs what cannot
   * be undone (a mint reported failed is minted again; one reported done that never applied leaves
   * its recipient without the NFT).
   */
  readonly confirmsResults?: boolean
  /** Its intents, in plan order; `random` (uniform in [0, 1)) for kinds that draw. */
  intents(request: R, random?: () => number): PlannedIntent[]
  /**
   * NFTs of the request its intents leave unused, in the order they would have been drawn: pre-flight
   * gives them to offers skipped for their NFT alone (plan/spares.ts). Kinds without spares omit it.
   */
  spares?(request: R, planned: readonly PlannedIntent[]): string[]
  /** What the job row records for its cards, besides the fee. */
  params?(request: R, planned: readonly PlannedIntent[]): Record<string, unknown>
  /**
   * Pre-flight: the kind's own verdict on its items, after the checks every kind's items share (the
   * NFT held and not offered twice, the recipient, the offers to cancel). It reads what only it
   * needs from the validated ledger, alongside the facts every kind reads (a sale's bid as its NFT's
   * buy offers list it and as another server states it; who may sign for an account losing its
   * key), and returns the verdict on each item, drawn from those reads.
   */
  readonly itemChecks?: (context: CheckContext) => Promise<ItemCheck>
  /**
   * What the user can do about an NFT the account already offers for sale, added to the message
   * that skips it (a listing: 'List again' replaces the offer in the same job).
   */
  readonly alreadyOfferedHint?: string
  /**
   * Pre-flight, for a kind whose transactions free more than their own objects: what the items
   * without a problem delete on the ledger, read from it (a burn deletes its NFTs' offers and may
   * empty NFT pages).
   */
  readonly effects?: (context: EffectsContext) => Promise<KindEffects>
  /** Where the user takes out an offer to the wallet itself, for the message ('offers' if unset). */
  readonly selfOfferSource?: string
}

/** What {@link JobKindSpec.itemChecks} reads with. */
export interface CheckContext {
  /** A connected client. */
  client: Client
  /** The account that will sign. */
  account: string
  /** The network's name for messages, e.g. 'Mainnet'. */
  networkName: string
  planned: readonly PlannedIntent[]
  /** Other servers of the network, for the facts that set a sale's value. */
  second?: SecondRead
  /** A mint's: what the account's mint jobs minted or will still mint (db/jobNfts.ts). */
  mintedUris?: ReadonlyMap<string, MintedUri>
  /** The request as planned (prepared). */
  request?: JobRequest
  /**
   * What URIs serve, read as the collection reads its NFTs' metadata (a mint's check before
   * anything is signed); absent where the engine reads no metadata.
   */
  readUris?: UriRead
}

/** Reads what each URI serves, calling back as each is known (CollectionService.readUris). */
export type UriRead = (
  uris: readonly string[],
  onRow: (uri: string, row: MetadataRow) => void,
) => Promise<void>

/** A kind's own verdict on one of its items (see {@link JobKindSpec.itemChecks}); pure. */
export type ItemCheck = (intent: Intent, index: number, facts: ItemFacts) => PlanProblem | null

/** What {@link JobKindSpec.effects} reads from. */
export interface EffectsContext {
  /** A connected client. */
  client: Client
  account: string
  /** The items without a problem. */
  clear: readonly PlannedIntent[]
}

/** What a kind's items delete on the ledger beyond themselves (see {@link JobKindSpec.effects}). */
export interface KindEffects {
  /** A burn's effects, shown on its plan. */
  burn?: BurnEffects
  /** Ledger objects of the account that go away: each frees an owner reserve. */
  freedObjects: number
  /**
   * Ledger objects of the account its items add besides their offers (a mint's NFT pages, at most):
   * each locks an owner reserve.
   */
  newObjects?: number
}

/** A description of any one kind. */
export type AnyJobKindSpec = {
  [K in JobRequest['kind']]: JobKindSpec<Extract<JobRequest, { kind: K }>>
}[JobRequest['kind']]

/** The registered job kinds. */
export class JobKinds {
  private readonly specs = new Map<JobKind, JobKindSpec>()

  /**
   * @param specs - one per job kind.
   * @param transactions - the transactions of every intent type their plans hold.
   */
  constructor(
    specs: readonly AnyJobKindSpec[],
    readonly transactions: IntentTypes,
  ) {
    for (const spec of specs) this.specs.set(spec.kind, spec)
  }

  /**
   * The kind's description.
   *
   * @throws EngineError `INTERNAL` for a kind nobody registered.
   */
  spec(kind: JobKind): JobKindSpec {
    const spec = this.specs.get(kind)
    if (!spec) throw new EngineError('INTERNAL', `No job kind ${kind} is registered`)
    return spec
  }

  /**
   * Checks a job request from the UI and returns a clean copy: ids upper-cased, addresses and amounts
   * trimmed, unknown fields dropped.
   *
   * @param request - anything; it crossed the worker boundary.
   * @throws EngineError `VALIDATION` with a message fit to show (see each kind's `validate`).
   */
  validate(request: unknown): JobRequest {
    if (!isRecord(request)) throw invalid('The job request is malformed')
    const spec = this.specs.get(request.kind as JobKind)
    if (!spec) throw invalid(`Unknown job kind: ${shown(request.kind)}`)
    return spec.validate(request)
  }

  /** Expands a validated request into its intents, in plan order (see each kind's `intents`). */
  intents(request: JobRequest, random?: () => number): PlannedIntent[] {
    return this.spec(request.kind).intents(request, random)
  }
}
