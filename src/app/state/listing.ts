/**
 * The List tab's state (spec part 2 §2 List tab, §4 Offer creation): the pricing form, the grid's page
 * and 'List again', the market prices checked per collection, the listing under review (its prices and
 * its planned job) and the price guard's confirmation. The worker prices, plans and runs the listing;
 * the job's progress is read from IndexedDB by the views, not kept here.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import type { JobRow } from '../../db/types.ts'
import { appDb } from '../../db/queries/db.ts'
import { jobItemsHead } from '../../db/queries/jobs.ts'
import { errorMessage, logFailure } from '../../shared/errors.ts'
import { collectionKey } from '../../shared/nftDisplay.ts'
import type {
  FloorPrice,
  FloorProgress,
  JobPlan,
  ListingOffer,
  ListingPreview,
} from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { skipsItems } from './takenNfts.ts'
import { jobActions, jobReport } from '../jobs/jobActions.ts'
import { DEFAULT_FORM, expirationOf, formProblem, strategyOf } from '../listing/listingForm.ts'
import type { ListingForm } from '../listing/listingForm.ts'
import type { OnSale } from '../listing/listable.ts'
import { reviewFigures } from '../listing/reviewRows.ts'
import { refreshOfferCount } from './collection.ts'
import { loadOffers } from './orders.ts'
import { deselectMany } from './selection.ts'
import { onWalletChange } from './session.ts'

/** A collection's market price check ('Check Market Price'). */
export type MarketCheck =
  | { state: 'checking'; progress: FloorProgress | null }
  | { state: 'done'; floor: FloorPrice }
  | { state: 'error'; message: string }

/** A listing priced and planned, shown for review before anything is signed. */
export interface PendingListing {
  preview: ListingPreview
  plan: JobPlan
  /** How many of the NFTs replace an offer of theirs ('List again'). */
  relisted: number
  /** Only this account may buy; null for public offers. */
  destination: string | null
  /** Unix ms when the offers expire; null when they never do. */
  expiresAt: number | null
}

interface ListingState {
  form: ListingForm
  /** 'List again': NFTs already on sale are shown too, and their offer is replaced. */
  relist: boolean
  /** The grid's page, from 1. */
  page: number
  /** Market checks by collection (collectionKey). */
  market: Readonly<Record<string, MarketCheck>>
  /** Pricing and planning a listing. */
  busy: boolean
  /** Floors being read for the review. */
  progress: FloorProgress | null
  /** Why the review could not be made, or why the job did not start. */
  error: string | null
  pending: PendingListing | null
  /** The user confirmed the prices the guard holds. */
  guardConfirmed: boolean
  /** Why a job action (pause, resume, cancel, export) failed. */
  jobError: string | null
  /** The result card the user closed. */
  dismissedJobId: string | null
  /** The listing this tab started last (see latestOrAwaited). */
  startedJobId: string | null
  /**
   * The connection dropped while a listing ran: the spec's busy message shows until 'Refresh Offers
   * List'.
   */
  serverBusy: boolean
}

function initialState(): ListingState {
  return {
    form: { ...DEFAULT_FORM },
    relist: false,
    page: 1,
    market: {},
    busy: false,
    progress: null,
    error: null,
    pending: null,
    guardConfirmed: false,
    jobError: null,
    dismissedJobId: null,
    startedJobId: null,
    serverBusy: false,
  }
}

/** The List tab's state. Mutate it only through the actions below. */
export const listingState = proxy<ListingState>(initialState())

/** Bumped on every wallet change: answers for an older wallet are dropped. */
let generation = 0

onWalletChange(() => {
  generation += 1
  Object.assign(listingState, initialState())
})

/** Changes one field of the pricing form. */
export function setFormField<K extends Exclude<keyof ListingForm, 'individual'>>(
  key: K,
  value: ListingForm[K],
): void {
  listingState.form[key] = value
  listingState.error = null
}

/** One NFT's individual price, as typed. */
export function setIndividualPrice(nftId: string, value: string): void {
  listingState.form.individual = { ...listingState.form.individual, [nftId]: value }
  listingState.error = null
}

/** 'List again' on or off; the grid goes back to its first page. */
export function setRelist(on: boolean): void {
  listingState.relist = on
  listingState.page = 1
}

/** Shows a page of the grid. */
export function setListingPage(page: number): void {
  listingState.page = page
}

function setMarket(key: string, check: MarketCheck): void {
  listingState.market = { ...listingState.market, [key]: check }
}

/** 'Check Market Price': the collection's floor, read by the engine (kept 5 minutes there). */
export async function checkMarketPrice(issuer: string, taxon: number): Promise<void> {
  const key = collectionKey({ issuer, taxon })
  if (listingState.market[key]?.state === 'checking') return
  const gen = generation
  setMarket(key, { state: 'checking', progress: null })
  try {
    const floor = await engine.floorPrice(
      issuer,
      taxon,
      comlinkProxy((progress: FloorProgress) => {
        // A throttled report may land after the answer: it must not undo it.
        const still = listingState.market[key]?.state === 'checking'
        if (gen === generation && still) setMarket(key, { state: 'checking', progress })
      }),
    )
    if (gen === generation) setMarket(key, { state: 'done', floor: ref(floor) })
  } catch (error) {
    if (gen === generation) setMarket(key, { state: 'error', message: errorMessage(error) })
  }
}

/** The offers of a priced listing, with the form's expiration, destination and replaced offers. */
function offersOf(
  preview: ListingPreview,
  form: ListingForm,
  onSale: OnSale,
  relist: boolean,
  now: number,
): ListingOffer[] {
  const { expiration, destination } = form
  const expires = expiration ? expirationOf(expiration, now) : null
  const buyer = destination.trim()
  return preview.prices.map((price) => {
    const replaces = relist ? onSale.get(price.nftId)?.map((offer) => offer.offerId) : undefined
    return {
      nftId: price.nftId,
      amountDrops: price.drops,
      ...(buyer ? { destination: buyer } : {}),
      ...(expires === null ? {} : { expiration: expires }),
      ...(replaces && replaces.length > 0 ? { replaces } : {}),
    }
  })
}

/**
 * 'Create n Offers': prices the NFTs in the worker (floors read where the strategy needs them) and
 * plans the listing job (pre-flight run, nothing signed), then shows both for review.
 *
 * @param nftIds - the selected listable NFTs, in selection order.
 * @param onSale - the account's sell offers by NFT (replaced when 'List again' is on).
 */
export async function reviewListing(nftIds: readonly string[], onSale: OnSale): Promise<void> {
  if (listingState.busy) return
  if (nftIds.length === 0) {
    listingState.error = 'Please select NFTs to create offers for'
    return
  }
  const now = Date.now()
  // What was checked is what is listed: the form as it is now, whatever is typed meanwhile.
  const form = { ...listingState.form, individual: { ...listingState.form.individual } }
  const problem = formProblem(form, nftIds, now)
  if (problem) {
    listingState.error = problem
    return
  }
  const gen = generation
  const relist = listingState.relist
  listingState.busy = true
  listingState.error = null
  listingState.progress = null
  try {
    const strategy = strategyOf(form)
    const preview = await engine.previewListing(
      { nftIds: [...nftIds], strategy },
      comlinkProxy((progress: FloorProgress) => {
        if (gen === generation) listingState.progress = progress
      }),
    )
    if (gen !== generation) return
    const offers = offersOf(preview, form, onSale, relist, now)
    const plan = await engine.planJob({
      kind: 'list',
      offers,
      strategy: strategy.kind,
      ...(preview.seed ? { seed: preview.seed } : {}),
    })
    if (gen !== generation) return
    listingState.guardConfirmed = false
    listingState.pending = {
      preview: ref(preview),
      plan: ref(plan),
      relisted: offers.filter((offer) => offer.replaces).length,
      destination: form.destination.trim() || null,
      expiresAt: form.expiration ? new Date(form.expiration).getTime() : null,
    }
  } catch (error) {
    if (gen === generation) listingState.error = failureText(error)
  } finally {
    if (gen === generation) {
      listingState.busy = false
      listingState.progress = null
    }
  }
}

/** The spec's offer creation failure wording: the error's message, else 'Failed to create offers'. */
function failureText(error: unknown): string {
  return errorMessage(error) || 'Failed to create offers'
}

/** The guard's own confirmation of the prices it holds. */
export function setGuardConfirmed(on: boolean): void {
  listingState.guardConfirmed = on
}

/** 'Go back': the planned job is never started (nothing was signed). */
export function dismissReview(): void {
  listingState.pending = null
  listingState.error = null
}

/** Starts the reviewed listing's job, leaving out the items pre-flight found problems with. */
export async function confirmListing(): Promise<void> {
  const pending = listingState.pending
  if (!pending || listingState.busy) return
  const { guarded } = reviewFigures(pending.preview.prices, pending.plan)
  if (guarded > 0 && !listingState.guardConfirmed) return
  const gen = generation
  listingState.busy = true
  listingState.error = null
  const skipProblems = skipsItems(pending.plan)
  try {
    await engine.startJob(pending.plan.jobId, { skipProblems })
    if (gen !== generation) return
    listingState.pending = null
    listingState.dismissedJobId = null
    listingState.startedJobId = pending.plan.jobId
  } catch (error) {
    if (gen === generation) listingState.error = failureText(error)
  } finally {
    if (gen === generation) listingState.busy = false
  }
}

/**
 * A listing ended (seen running, or ended since the offers were read): on success its NFTs leave the
 * selection (spec part 2 §4: the selection is cleared); the Orders tab's offers and the footer's count
 * are read again either way.
 */
export function listingEnded(job: Pick<JobRow, 'id' | 'status' | 'counts'>): void {
  void loadOffers()
  void refreshOfferCount()
  const { succeeded, failed } = job.counts
  if (job.status !== 'completed' || succeeded === 0 || failed > 0) return
  // Its NFTs, not what was picked in other tabs meanwhile.
  void jobItemsHead(appDb(), job.id, job.counts.total)
    .then((items) =>
      deselectMany(
        items.flatMap((item) => (item.intent.type === 'offer' ? [item.intent.nftId] : [])),
      ),
    )
    .catch(logFailure('clearing the listed NFTs from the selection'))
}

/** The connection was lost while a listing ran: the busy message shows. */
export function listingConnectionLost(): void {
  listingState.serverBusy = true
}

/** 'Refresh Offers List' under the busy server's message: clears it and reads the offers again. */
export function refreshOffersList(): void {
  listingState.serverBusy = false
  void loadOffers()
  void refreshOfferCount()
}

/** Closes a listing's result card. */
export function dismissListingResult(jobId: string): void {
  listingState.dismissedJobId = jobId
}

/** A check that the wallet is still the one an action started for. */
function sameWallet(): () => boolean {
  const gen = generation
  return () => gen === generation
}

/** The progress card's buttons for a listing job. */
export const listingJobActions = jobActions(setJobError, sameWallet)

function setJobError(message: string | null): void {
  listingState.jobError = message
}

/** The listing's report as CSV for 'Export report (CSV)', or null (the reason is in `jobError`). */
export function exportListingReport(jobId: string): Promise<string | null> {
  return jobReport(jobId, setJobError, sameWallet)
}

/** The List tab's state, for rendering. */
export function useListing(): Readonly<ListingState> {
  // `pending.preview`, `pending.plan` and the floors are refs: the snapshot holds the very objects.
  return useSnapshot(listingState) as Readonly<ListingState>
}

/** The form, updated synchronously (controlled text inputs keep their caret). */
export function useListingForm(): Readonly<ListingForm> {
  return useSnapshot(listingState, { sync: true }).form
}
