/**
 * The List tab's state (spec part 2 §2 List tab, §4 Offer creation): the pricing form, the grid's page
 * and 'List again', the listing under review (its prices and its planned job) and the price guard's
 * confirmation (the market checks are in `marketState.ts`). The worker prices, plans and runs the listing;
 * the job's progress is read from IndexedDB by the views, not kept here.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import type { JobRow } from '../../db/types/jobs.ts'
import { appDb } from '../../db/queries/db.ts'
import { jobItemsHead } from '../../db/queries/jobs.ts'
import { errorMessage, logFailure } from '../../shared/errors.ts'
import type { FloorProgress, JobPlan, ListingPreview } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { skipsItems } from '../state/takenNfts.ts'
import { jobActions, jobReport } from '../jobs/jobActions.ts'
import { DEFAULT_FORM, formProblem, offersOf, strategyOf } from './listingForm.ts'
import type { ListingForm } from './listingForm.ts'
import type { OnSale } from './listable.ts'
import { guardsAnswered, reviewFigures } from './reviewRows.ts'
import { refreshOfferCount } from '../collection/collectionState.ts'
import { jobEnded } from '../state/jobEvents.ts'
import { loadOffers } from '../state/offers.ts'
import { deselectMany } from '../state/selection.ts'
import { onWalletChange, walletSignal } from '../state/session.ts'

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
  /** Pricing and planning a listing. */
  busy: boolean
  /** Floors being read for the review. */
  progress: FloorProgress | null
  /** Why the review could not be made, or why the job did not start. */
  error: string | null
  pending: PendingListing | null
  /** The user confirmed the prices the guard holds. */
  guardConfirmed: boolean
  /** The user means the free offers (0 XRP) of the review: their own confirmation. */
  freeConfirmed: boolean
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
    busy: false,
    progress: null,
    error: null,
    pending: null,
    guardConfirmed: false,
    freeConfirmed: false,
    jobError: null,
    dismissedJobId: null,
    startedJobId: null,
    serverBusy: false,
  }
}

/** The List tab's state. Mutate it only through the actions below. */
export const listingState = proxy<ListingState>(initialState())

onWalletChange(() => Object.assign(listingState, initialState()))

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
  const scope = walletSignal()
  const relist = listingState.relist
  listingState.busy = true
  listingState.error = null
  listingState.progress = null
  try {
    const strategy = strategyOf(form)
    const preview = await engine.previewListing(
      { nftIds: [...nftIds], strategy },
      comlinkProxy((progress: FloorProgress) => {
        if (!scope.aborted) listingState.progress = progress
      }),
    )
    if (scope.aborted) return
    const offers = offersOf(preview, form, onSale, relist, now)
    const plan = await engine.planJob({
      kind: 'list',
      offers,
      strategy: strategy.kind,
      ...(preview.seed ? { seed: preview.seed } : {}),
    })
    if (scope.aborted) return
    listingState.guardConfirmed = false
    listingState.freeConfirmed = false
    listingState.pending = {
      preview: ref(preview),
      plan: ref(plan),
      relisted: offers.filter((offer) => offer.replaces).length,
      destination: form.destination.trim() || null,
      expiresAt: form.expiration ? new Date(form.expiration).getTime() : null,
    }
  } catch (error) {
    if (!scope.aborted) listingState.error = failureText(error)
  } finally {
    if (!scope.aborted) {
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

/** The confirmation that the review's free offers (0 XRP) are meant. */
export function setFreeConfirmed(on: boolean): void {
  listingState.freeConfirmed = on
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
  if (!guardsAnswered(reviewFigures(pending.preview.prices, pending.plan), listingState)) return
  const scope = walletSignal()
  listingState.busy = true
  listingState.error = null
  const skipProblems = skipsItems(pending.plan)
  try {
    await engine.startJob(pending.plan.jobId, { skipProblems })
    if (scope.aborted) return
    listingState.pending = null
    listingState.dismissedJobId = null
    listingState.startedJobId = pending.plan.jobId
  } catch (error) {
    if (!scope.aborted) listingState.error = failureText(error)
  } finally {
    if (!scope.aborted) listingState.busy = false
  }
}

/**
 * A listing ended (seen running, or ended since the offers were read): on success its NFTs leave the
 * selection (spec part 2 §4: the selection is cleared); the offers and the footer's count are read
 * again either way (`jobEnded`).
 */
export function listingEnded(job: JobRow): void {
  jobEnded(job)
  const { succeeded, failed } = job.counts
  if (job.status !== 'completed' || succeeded === 0 || failed > 0) return
  // Its NFTs, not what was picked in other tabs meanwhile.
  void jobItemsHead(appDb(), job.id, job.counts.total)
    .then((items) =>
      deselectMany(
        items.flatMap((item) => (item.intent.type === 'offer' ? [item.intent.nftId] : [])),
        'list',
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

/** The progress card's buttons for a listing job. */
export const listingJobActions = jobActions(setJobError)

function setJobError(message: string | null): void {
  listingState.jobError = message
}

/** The listing's report as CSV for 'Export report (CSV)', or null (the reason is in `jobError`). */
export function exportListingReport(jobId: string): Promise<string | null> {
  return jobReport(jobId, setJobError)
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
