/**
 * The Orders tab's bids on the wallet's NFTs: reading them (on demand, with progress), and accepting
 * one (a job of kind accept, behind a confirmation). The last reading itself is read from IndexedDB
 * by the view; the accept job's progress too.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import type { BidView } from '../../db/types/offers.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { errorMessage } from '../../shared/errors.ts'
import type { BidsProgress } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { acceptRequest } from './offerText.ts'
import { jobEnded } from '../state/jobEvents.ts'
import { onWalletChange, sessionState, walletSignal } from '../state/session.ts'

interface BidsState {
  loading: boolean
  progress: BidsProgress | null
  /** Why the last reading failed. */
  error: string | null
  /** The bid the confirmation shows. */
  accepting: BidView | null
  busy: boolean
  /** Why the sale could not start, or how it ended, in plain words. */
  status: string | null
  /** A token bid: the user ticked that they sell for that token, which may be worthless. */
  tokenConfirmed: boolean
  /**
   * No second server confirms the bid's terms (one server in use): the confirmation asks the user to
   * accept that server's word, and whether they ticked it.
   */
  oneServer: { asked: boolean; confirmed: boolean }
}

function initialState(): BidsState {
  return {
    loading: false,
    progress: null,
    error: null,
    accepting: null,
    busy: false,
    status: null,
    tokenConfirmed: false,
    oneServer: { asked: false, confirmed: false },
  }
}

/** The bids' state. Mutate it only through the actions below. */
export const bidsState = proxy<BidsState>(initialState())

onWalletChange(() => Object.assign(bidsState, initialState()))

/** 'Check bids': reads the bids on every NFT of the wallet (stored, so the view updates by itself). */
export async function loadBids(): Promise<void> {
  if (bidsState.loading) return
  const scope = walletSignal()
  bidsState.loading = true
  bidsState.error = null
  try {
    await engine.loadBids(
      comlinkProxy((progress: BidsProgress) => {
        if (!scope.aborted) bidsState.progress = progress
      }),
      sessionState.wallet?.address,
    )
  } catch (error) {
    if (!scope.aborted) bidsState.error = `Failed to read bids: ${errorMessage(error)}`
  } finally {
    if (!scope.aborted) {
      bidsState.loading = false
      bidsState.progress = null
    }
  }
}

/** 'Accept': shows the confirmation of a sale to this bid. */
export function askAccept(bid: BidView): void {
  bidsState.accepting = ref(bid)
  bidsState.status = null
  bidsState.tokenConfirmed = false
  bidsState.oneServer = { asked: false, confirmed: false }
}

/** The one server's word for the bid's terms, accepted or not. */
export function confirmOneServer(confirmed: boolean): void {
  bidsState.oneServer.confirmed = confirmed
  if (confirmed) bidsState.status = null
}

/** The token sale's own confirmation (a bid in an issued currency), ticked or not. */
export function confirmToken(confirmed: boolean): void {
  bidsState.tokenConfirmed = confirmed
}

/** Closes the confirmation; nothing was signed. */
export function dismissAccept(): void {
  bidsState.accepting = null
}

/**
 * Confirms the sale: plans the accept job (the bid checked against the ledger) and starts it. A bid
 * that is gone, expired or meant for someone else is refused with the reason.
 */
export async function confirmAccept(): Promise<void> {
  const bid = bidsState.accepting
  if (!bid || bidsState.busy) return
  const scope = walletSignal()
  bidsState.busy = true
  bidsState.status = null
  try {
    const { tokenConfirmed, oneServer } = bidsState
    const plan = await engine.planJob(acceptRequest(bid, tokenConfirmed, oneServer.confirmed))
    if (scope.aborted) return
    if (!plan.canStart) {
      // One server in use: the confirmation asks for the user's own word before selling on it.
      if (plan.problems.some((problem) => problem.code === 'ONE_SERVER')) {
        bidsState.oneServer.asked = true
      }
      bidsState.status = plan.problems.map((problem) => problem.message).join('; ')
      return
    }
    await engine.startJob(plan.jobId)
    if (!scope.aborted) bidsState.accepting = null
  } catch (error) {
    if (!scope.aborted) bidsState.status = `The sale could not start: ${errorMessage(error)}`
  } finally {
    if (!scope.aborted) bidsState.busy = false
  }
}

/**
 * A sale ended: says how and reads the bids again; the offers and the collection are read again by
 * whoever shows them (`jobEnded`).
 */
export function saleEnded(job: JobRow): void {
  bidsState.status =
    job.counts.succeeded === 1 ? '✓ The NFT was sold.' : 'The sale did not go through.'
  void loadBids()
  jobEnded(job)
}

/** The bids' state, for rendering. */
export function useBids(): Readonly<BidsState> {
  return useSnapshot(bidsState) as Readonly<BidsState>
}
