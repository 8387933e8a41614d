/**
 * The Orders tab's bids on the wallet's NFTs: reading them (on demand, with progress), and accepting
 * one (a job of kind accept, behind a confirmation). The last reading itself is read from IndexedDB
 * by the view; the accept job's progress too.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import type { BidView } from '../../db/types.ts'
import { errorMessage } from '../../shared/errors.ts'
import type { BidsProgress } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { acceptRequest } from '../orders/offerText.ts'
import { loadCollection, refreshOfferCount } from './collection.ts'
import { loadOffers } from './orders.ts'
import { onWalletChange, sessionState } from './session.ts'

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
  }
}

/** The bids' state. Mutate it only through the actions below. */
export const bidsState = proxy<BidsState>(initialState())

let generation = 0

onWalletChange(() => {
  generation += 1
  Object.assign(bidsState, initialState())
})

/** 'Check bids': reads the bids on every NFT of the wallet (stored, so the view updates by itself). */
export async function loadBids(): Promise<void> {
  if (bidsState.loading) return
  const gen = generation
  bidsState.loading = true
  bidsState.error = null
  try {
    await engine.loadBids(
      comlinkProxy((progress: BidsProgress) => {
        if (gen === generation) bidsState.progress = progress
      }),
      sessionState.wallet?.address,
    )
  } catch (error) {
    if (gen === generation) bidsState.error = `Failed to read bids: ${errorMessage(error)}`
  } finally {
    if (gen === generation) {
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
  const gen = generation
  bidsState.busy = true
  bidsState.status = null
  try {
    const plan = await engine.planJob(acceptRequest(bid, bidsState.tokenConfirmed))
    if (gen !== generation) return
    if (!plan.canStart) {
      bidsState.status = plan.problems.map((problem) => problem.message).join('; ')
      return
    }
    await engine.startJob(plan.jobId)
    if (gen === generation) bidsState.accepting = null
  } catch (error) {
    if (gen === generation) bidsState.status = `The sale could not start: ${errorMessage(error)}`
  } finally {
    if (gen === generation) bidsState.busy = false
  }
}

/** A sale ended: says how, and reads the bids, the offers and the collection again. */
export function saleEnded(message: string): void {
  bidsState.status = message
  void loadBids()
  void loadOffers()
  void loadCollection()
  void refreshOfferCount()
}

/** The bids' state, for rendering. */
export function useBids(): Readonly<BidsState> {
  return useSnapshot(bidsState) as Readonly<BidsState>
}
