/**
 * The Burn tab's state (spec part 2 §2 Burn tab, §4 Burn): the burn awaiting confirmation and its
 * typed text, and the errors. The worker plans and runs the burn as a job; its progress is read from
 * IndexedDB by the views. The NFTs are chosen in the collection below, with its filters.
 */
import { proxy, ref, useSnapshot } from 'valtio'

import { errorMessage } from '../../shared/errors.ts'
import type { JobPlan } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { skipsItems } from '../state/takenNfts.ts'
import { jobActions, jobReport } from '../jobs/jobActions.ts'
import { onWalletChange, sessionState, walletSignal } from '../state/session.ts'

/** A burn planned and shown for confirmation. */
export interface PendingBurn {
  /** The NFTs asked for, in selection order (the plan says which it leaves out and why). */
  nftIds: readonly string[]
  plan: JobPlan
}

interface BurnState {
  /** Planning or starting a burn. */
  busy: boolean
  pending: PendingBurn | null
  /** Why planning or starting failed, or 'Please select NFTs to burn'. */
  error: string | null
  /** Why a job action (pause, resume, cancel, export) failed. */
  jobError: string | null
  /** The result card the user closed. */
  dismissedJobId: string | null
  /** The burn this tab started last (see latestOrAwaited). */
  startedJobId: string | null
  /** Names of the NFTs of the burns started here (burned NFTs leave the list, names and all). */
  names: ReadonlyMap<string, string>
}

function initialState(): BurnState {
  return {
    busy: false,
    pending: null,
    error: null,
    jobError: null,
    dismissedJobId: null,
    startedJobId: null,
    names: ref(new Map()),
  }
}

/** The Burn tab's state. Mutate it only through the actions below. */
export const burnState = proxy<BurnState>(initialState())

onWalletChange(() => Object.assign(burnState, initialState()))

/**
 * 'Burn Selected': plans the burn in the worker (ownership checked, the offers it deletes and the
 * reserve it frees worked out, nothing signed) and shows it for confirmation.
 */
export async function planBurn(nftIds: readonly string[]): Promise<void> {
  if (burnState.busy) return
  if (!sessionState.wallet) {
    burnState.error = 'Please connect your wallet first'
    return
  }
  if (nftIds.length === 0) {
    burnState.error = 'Please select NFTs to burn'
    return
  }
  const scope = walletSignal()
  burnState.busy = true
  burnState.error = null
  try {
    const plan = await engine.planJob({ kind: 'burn', nftIds: [...nftIds] })
    if (!scope.aborted) burnState.pending = { nftIds: ref([...nftIds]), plan: ref(plan) }
  } catch (error) {
    if (!scope.aborted) burnState.error = `Burn failed: ${errorMessage(error) || 'Unknown error'}`
  } finally {
    if (!scope.aborted) burnState.busy = false
  }
}

/** 'Cancel' in the confirmation: nothing was signed. */
export function dismissBurn(): void {
  burnState.pending = null
  burnState.error = null
}

/**
 * The typed confirmation was right (or not needed): the burn starts, leaving out problem NFTs.
 *
 * @param names - the NFTs' names as the confirmation showed them, for the results.
 */
export async function confirmBurn(names: ReadonlyMap<string, string>): Promise<void> {
  const pending = burnState.pending
  if (!pending || burnState.busy) return
  burnState.names = ref(new Map([...burnState.names, ...names]))
  const scope = walletSignal()
  burnState.busy = true
  burnState.error = null
  const skipProblems = skipsItems(pending.plan)
  try {
    await engine.startJob(pending.plan.jobId, { skipProblems })
    if (scope.aborted) return
    burnState.pending = null
    burnState.dismissedJobId = null
    burnState.startedJobId = pending.plan.jobId
  } catch (error) {
    if (!scope.aborted) burnState.error = `Burn failed: ${errorMessage(error) || 'Unknown error'}`
  } finally {
    if (!scope.aborted) burnState.busy = false
  }
}

/** The progress card's buttons for a burn job. */
export const burnJobActions = jobActions(setJobError)

function setJobError(message: string | null): void {
  burnState.jobError = message
}

/** The burn's report as CSV, or null (the reason is in `jobError`). */
export function exportBurnReport(jobId: string): Promise<string | null> {
  return jobReport(jobId, setJobError)
}

/** Closes a burn's result card. */
export function dismissBurnResult(jobId: string): void {
  burnState.dismissedJobId = jobId
}

/** The Burn tab's state, for rendering. */
export function useBurn(): Readonly<BurnState> {
  return useSnapshot(burnState) as Readonly<BurnState>
}
