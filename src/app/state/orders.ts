/**
 * The Orders tab's state (spec part 2 §2 orders, §4 Offer cancellation): the offers last read and
 * their loading, the selection and select mode, the search, the cancellation awaiting confirmation and
 * the status banner. The worker reads and classifies the offers and runs cancellations as jobs; the
 * jobs' progress is read from IndexedDB by the views, not kept here.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import { appDb } from '../../db/queries/db.ts'
import { offersReading } from '../../db/queries/nfts.ts'
import { OFFERS_MIN_REFRESH_MS } from '../../shared/constants.ts'
import type { NetworkId } from '../../shared/networks.ts'
import { errorMessage } from '../../shared/errors.ts'
import type { JobRow } from '../../db/types.ts'
import type { CancelPurpose, JobPlan, OffersProgress, OffersReport } from '../../worker/api.ts'
import type { CancelledOffers } from '../orders/cancelledOffers.ts'
import { engine } from '../engine.ts'
import { jobActions } from '../jobs/jobActions.ts'
import { refreshOfferCount } from './collection.ts'
import { onLedgerReconnected } from './reconnected.ts'
import { onWalletChange, sessionState } from './session.ts'
import type { SessionWallet } from './session.ts'

/** A cancellation planned and shown for confirmation. */
export interface PendingCancel {
  purpose: CancelPurpose
  /** Offers it cancels. */
  offers: number
  plan: JobPlan
}

interface OrdersState {
  /** The offers last read (kept while a refresh runs); null before the first read. */
  report: OffersReport | null
  loading: boolean
  progress: OffersProgress | null
  loadError: string | null
  /** Unix ms of the last read that started (manual refreshes wait OFFERS_MIN_REFRESH_MS after it). */
  lastLoadAt: number | null
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
    report: null,
    loading: false,
    progress: null,
    loadError: null,
    lastLoadAt: null,
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

/** Bumped on every wallet change: answers for an older wallet are dropped. */
let generation = 0
/** A read was asked for while one ran (a cancellation ended meanwhile): it runs next. */
let readAgain = false
/** A read was asked for offline: it runs once the connection returns. */
let readWhenConnected = false

function walletChanged(wallet: Readonly<SessionWallet> | null): void {
  generation += 1
  readAgain = false
  readWhenConnected = false
  Object.assign(ordersState, initialState())
  if (wallet) void showStoredReport(wallet.network, wallet.address, generation)
}
onWalletChange(walletChanged)
onLedgerReconnected(() => {
  if (!readWhenConnected) return
  readWhenConnected = false
  void loadOffers()
})
// This module loads with the Orders tab, after the session may have opened an account.
if (sessionState.wallet) walletChanged(sessionState.wallet)

/** The reading saved on this device shows until the ledger's comes (offline, it is all there is). */
async function showStoredReport(network: NetworkId, account: string, gen: number): Promise<void> {
  const stored = await offersReading(appDb(), network, account).catch(() => undefined)
  if (stored && gen === generation && ordersState.report === null) ordersState.report = ref(stored)
}

/** Whether the manual Refresh is allowed at `now` (not loading, the minimum interval passed). */
export function canRefresh(state: Pick<OrdersState, 'loading' | 'lastLoadAt'>, now: number) {
  return (
    !state.loading && (state.lastLoadAt === null || now - state.lastLoadAt >= OFFERS_MIN_REFRESH_MS)
  )
}

/**
 * Reads the wallet's offers in the worker. The previous list stays on screen while it runs; the
 * selection keeps only offers that still exist.
 *
 * @param manual - the Refresh button: refused within the minimum interval of the last read.
 */
export async function loadOffers(manual = false): Promise<void> {
  const wallet = sessionState.wallet
  if (!wallet) return
  // Offline the saved reading stays: a read that cannot work would only replace it with an error.
  // It is read once the connection returns.
  if (!navigator.onLine) {
    readWhenConnected = true
    return
  }
  if (manual && !canRefresh(ordersState, Date.now())) return
  if (ordersState.loading) {
    // The read under way may predate what made this one necessary: read again after it.
    if (!manual) readAgain = true
    return
  }
  const gen = generation
  ordersState.loading = true
  ordersState.loadError = null
  ordersState.lastLoadAt = Date.now()
  if (manual) ordersState.banner = 'Refreshing offers…'
  try {
    const report = await engine.loadOffers(
      comlinkProxy((progress: OffersProgress) => {
        if (gen === generation) ordersState.progress = progress
      }),
      wallet.address,
    )
    if (gen !== generation) return
    ordersState.report = ref(report)
    const live = new Set([...report.sell, ...report.bids].map((o) => o.offerId))
    ordersState.selected = ref(new Set([...ordersState.selected].filter((id) => live.has(id))))
    if (manual) ordersState.banner = '✓ Offers refreshed'
  } catch (error) {
    if (gen !== generation) return
    ordersState.loadError = `Failed to load offers: ${errorMessage(error)}`
    if (manual) ordersState.banner = null
  } finally {
    if (gen === generation) {
      ordersState.loading = false
      ordersState.progress = null
      if (readAgain) {
        readAgain = false
        void loadOffers()
      }
    }
  }
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
  const gen = generation
  ordersState.busy = true
  ordersState.planError = null
  try {
    const planned = await plan(purpose, offerIds)
    if (gen === generation) {
      ordersState.pending = { purpose, offers: new Set(offerIds).size, plan: ref(planned) }
    }
  } catch (error) {
    if (gen === generation)
      ordersState.banner = `Could not plan the cancellation: ${errorMessage(error)}`
  } finally {
    if (gen === generation) ordersState.busy = false
  }
}

/** 'Go back': the planned job is never started. */
export function dismissCancel(): void {
  ordersState.pending = null
  ordersState.planError = null
}

async function start(jobId: string, skipProblems: boolean, offers: number): Promise<boolean> {
  const gen = generation
  try {
    await engine.startJob(jobId, { skipProblems })
    if (gen !== generation) return false
    ordersState.banner = `Cancelling ${offers === 1 ? '1 offer' : `${offers} offers`}…`
    ordersState.dismissedJobId = null
    ordersState.selected = ref(new Set())
    return true
  } catch (error) {
    if (gen === generation) ordersState.planError = errorMessage(error)
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
  const gen = generation
  ordersState.busy = true
  ordersState.planError = null
  try {
    const planned = await plan('single', [offerId])
    if (gen !== generation) return
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
    if (gen === generation)
      ordersState.banner = `Could not cancel the offer: ${errorMessage(error)}`
  } finally {
    if (gen === generation) ordersState.busy = false
  }
}

/**
 * A cancellation job ended: the banner says how it went and the list (and the footer's count) is
 * read again.
 */
export function cancellationEnded(job: Pick<JobRow, 'status' | 'error'>, offers: CancelledOffers) {
  const done = offers.succeeded === 1 ? '1 offer' : `${offers.succeeded} offers`
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
  void loadOffers()
  void refreshOfferCount()
}

/** Closes a cancellation's result card. */
export function dismissResult(jobId: string): void {
  ordersState.dismissedJobId = jobId
}

/** The progress card's buttons for a cancellation job. */
export const cancellationJobActions = jobActions(
  (message) => {
    ordersState.jobError = message
  },
  () => {
    const gen = generation
    return () => gen === generation
  },
)

/** The Orders tab's state, for rendering. */
export function useOrders(): Readonly<OrdersState> {
  // `report`, `selected` and `pending.plan` are refs: the snapshot holds the very objects.
  return useSnapshot(ordersState) as Readonly<OrdersState>
}
