/**
 * The Orders tab's state (spec part 2 §2 orders, §4 Offer cancellation): the selection and select
 * mode, the search, the cancellation awaiting confirmation and the status banner. The offers
 * themselves are the account's (`state/offers.ts`, shared with the List tab). The worker runs
 * cancellations as jobs; the jobs' progress is read from IndexedDB by the views, not kept here.
 */
import { proxy, ref, useSnapshot } from 'valtio'
import { subscribeKey } from 'valtio/utils'

import type { JobRow } from '../../db/types/jobs.ts'
import { errorMessage } from '../../shared/errors.ts'
import type { CancelPurpose, JobPlan } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { jobActions } from '../jobs/jobActions.ts'
import { jobEnded } from '../state/jobEvents.ts'
import { loadOffers, offersState } from '../state/offers.ts'
import { onWalletChange, walletSignal } from '../state/session.ts'
import { setOffersSelected } from '../state/selection.ts'
import type { CancelledOffers } from './cancelledOffers.ts'
import { counted } from '../../shared/plural.ts'

/** A cancellation planned and shown for confirmation. */
export interface PendingCancel {
  purpose: CancelPurpose
  /** Offers it cancels. */
  offers: number
  plan: JobPlan
}

interface OrdersState {
  selectMode: boolean
  /** Selected offer ids (replaced, never mutated, so views re-render). */
  selected: ReadonlySet<string>
  /** The offer list's search text. */
  query: string
  /** Planning or starting a cancellation. */
  busy: boolean
  pending: PendingCancel | null
  /** Why planning or starting failed (shown in the modal, or in the banner for a single cancel). */
  planError: string | null
  /** The status banner (its colour follows its words, spec part 2 §8). */
  banner: string | null
  /** Why a job action (pause, resume, cancel) failed. */
  jobError: string | null
  /** The result card the user closed. */
  dismissedJobId: string | null
}

function initialState(): OrdersState {
  return {
    selectMode: false,
    selected: ref(new Set<string>()),
    query: '',
    busy: false,
    pending: null,
    planError: null,
    banner: null,
    jobError: null,
    dismissedJobId: null,
  }
}

/** The Orders tab's state. Mutate it only through the actions below. */
export const ordersState = proxy<OrdersState>(initialState())

onWalletChange(() => Object.assign(ordersState, initialState()))

// The footer counts the offers selected while Orders is shown.
subscribeKey(ordersState, 'selected', (selected) => setOffersSelected(selected.size))

// The selection keeps only offers that still exist.
subscribeKey(offersState, 'report', (report) => {
  if (!report) return
  const live = new Set([...report.sell, ...report.bids].map((o) => o.offerId))
  ordersState.selected = ref(new Set([...ordersState.selected].filter((id) => live.has(id))))
})

/**
 * The Refresh button: the offers read again (not within the minimum interval of the last read),
 * the banner saying so.
 */
export async function refreshOffers(): Promise<void> {
  const scope = walletSignal()
  const read = await loadOffers(true, () => {
    ordersState.banner = 'Refreshing offers…'
  })
  if (scope.aborted || read === null) return
  ordersState.banner = read ? '✓ Offers refreshed' : null
}

/** The offer list's search. */
export function setOfferQuery(query: string): void {
  ordersState.query = query
}

/** 'Select Mode' / 'Exit Select Mode': turning it on clears the selection (spec part 2 §4). */
export function setSelectMode(on: boolean): void {
  ordersState.selectMode = on
  if (on) ordersState.selected = ref(new Set())
}

/** Selects or deselects one offer. */
export function toggleOffer(offerId: string): void {
  const next = new Set(ordersState.selected)
  if (!next.delete(offerId)) next.add(offerId)
  ordersState.selected = ref(next)
}

/** 'Select Free Offers (n)' and the like: select mode on, these offers selected. */
export function selectOffers(offerIds: readonly string[]): void {
  ordersState.selectMode = true
  ordersState.selected = ref(new Set(offerIds))
}

/** 'Clear Selection'. */
export function clearOfferSelection(): void {
  ordersState.selected = ref(new Set())
}

async function plan(purpose: CancelPurpose, offerIds: readonly string[]): Promise<JobPlan> {
  return await engine.planJob({ kind: 'cancel', offerIds: [...offerIds], purpose })
}

/**
 * A bulk cancellation: planned in the worker (offer ids checked against the ledger, fee and reserve
 * figured, nothing signed) and shown for the typed confirmation.
 */
export async function planCancel(
  purpose: CancelPurpose,
  offerIds: readonly string[],
): Promise<void> {
  if (ordersState.busy || offerIds.length === 0) return
  const scope = walletSignal()
  ordersState.busy = true
  ordersState.planError = null
  try {
    const planned = await plan(purpose, offerIds)
    if (!scope.aborted) {
      ordersState.pending = { purpose, offers: new Set(offerIds).size, plan: ref(planned) }
    }
  } catch (error) {
    if (!scope.aborted)
      ordersState.banner = `Could not plan the cancellation: ${errorMessage(error)}`
  } finally {
    if (!scope.aborted) ordersState.busy = false
  }
}

/** 'Go back': the planned job is never started. */
export function dismissCancel(): void {
  ordersState.pending = null
  ordersState.planError = null
}

async function start(jobId: string, skipProblems: boolean, offers: number): Promise<boolean> {
  const scope = walletSignal()
  try {
    await engine.startJob(jobId, { skipProblems })
    if (scope.aborted) return false
    ordersState.banner = `Cancelling ${counted(offers, 'offer')}…`
    ordersState.dismissedJobId = null
    ordersState.selected = ref(new Set())
    return true
  } catch (error) {
    if (!scope.aborted) ordersState.planError = errorMessage(error)
    return false
  }
}

/** Confirms the pending cancellation (the modal checked the typed text): its job starts. */
export async function confirmCancel(): Promise<void> {
  const pending = ordersState.pending
  if (!pending || ordersState.busy) return
  ordersState.busy = true
  ordersState.planError = null
  const skip = pending.plan.problems.some((problem) => problem.itemIndex !== undefined)
  if (await start(pending.plan.jobId, skip, pending.offers)) ordersState.pending = null
  ordersState.busy = false
}

/** A single offer's Cancel: no typed confirmation (as in the spec); planned and started at once. */
export async function cancelOne(offerId: string): Promise<void> {
  if (ordersState.busy) return
  const scope = walletSignal()
  ordersState.busy = true
  ordersState.planError = null
  try {
    const planned = await plan('single', [offerId])
    if (scope.aborted) return
    if (!planned.canStart || planned.problems.some((p) => p.code === 'OFFER_NOT_FOUND')) {
      // An offer already gone: nothing to pay a fee for. The list catches up.
      ordersState.banner = planned.problems.map((p) => p.message).join('; ')
      void loadOffers()
      return
    }
    if (!(await start(planned.jobId, false, 1))) {
      ordersState.banner = ordersState.planError
    }
  } catch (error) {
    if (!scope.aborted) ordersState.banner = `Could not cancel the offer: ${errorMessage(error)}`
  } finally {
    if (!scope.aborted) ordersState.busy = false
  }
}

/**
 * A cancellation job ended: the banner says how it went, and whoever shows offers reads them again
 * (`jobEnded`).
 */
export function cancellationEnded(job: JobRow, offers: CancelledOffers) {
  const done = counted(offers.succeeded, 'offer')
  const unsent = offers.total - offers.succeeded - offers.failed
  if (job.status === 'failed') {
    ordersState.banner = `The cancellation failed after ${done}: ${job.error ?? 'unknown error'}`
  } else if (job.status === 'cancelled') {
    ordersState.banner = `Stopped: ${done} cancelled, ${offers.failed + unsent} left as they were`
  } else if (offers.failed > 0) {
    ordersState.banner = `${done} cancelled, ${offers.failed} could not be cancelled`
  } else {
    ordersState.banner = `✓ ${done} cancelled successfully`
  }
  jobEnded(job)
}

/** Closes a cancellation's result card. */
export function dismissResult(jobId: string): void {
  ordersState.dismissedJobId = jobId
}

/** The progress card's buttons for a cancellation job. */
export const cancellationJobActions = jobActions((message) => {
  ordersState.jobError = message
})

/** The Orders tab's state, for rendering. */
export function useOrders(): Readonly<OrdersState> {
  // `selected` and `pending.plan` are refs: the snapshot holds the very objects.
  return useSnapshot(ordersState) as Readonly<OrdersState>
}
