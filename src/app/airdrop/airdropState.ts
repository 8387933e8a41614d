/**
 * The Airdrop tab's state (spec part 1 §2 Upload Distribution List and Airdrop Manager, §4 CSV upload
 * and airdrop states, §5 Airdrop start): the loaded distribution file, the randomize option, the
 * plan awaiting confirmation and what went wrong. The worker parses the CSV, plans and runs the job;
 * the job's progress is read from IndexedDB by the views (useLiveQuery), not kept here.
 */
import { proxy, ref, useSnapshot } from 'valtio'

import { errorMessage } from '../../shared/errors.ts'
import type {
  ColumnChoice,
  DistributionFile,
  JobPlan,
  SnapshotDistribution,
} from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { jobAction, jobActions, jobReport } from '../jobs/jobActions.ts'
import { clearSelection } from '../state/selection.ts'
import { onWalletChange, sessionState, walletSignal } from '../state/session.ts'
import { skipsItems } from '../state/takenNfts.ts'

/** What a plan awaiting confirmation is for: a new airdrop, or reclaiming an airdrop's offers. */
export type PendingPurpose = 'airdrop' | 'reclaim' | 'reoffer'

/** A plan shown in the confirmation modal. */
export interface PendingPlan {
  purpose: PendingPurpose
  plan: JobPlan
}

interface AirdropState {
  /**
   * The parsed distribution list (the upload summary), or one drawn from a holder snapshot; null
   * before either.
   */
  file: DistributionFile | SnapshotDistribution | null
  /** The file it was read from, read again when the user picks other columns. */
  source: File | null
  /** The columns the user picked so far (a role left out is read by its first candidate). */
  columnChoice: ColumnChoice
  /** The worker is reading a file. */
  processing: boolean
  /** Why the last file was refused (the spec's CSV messages). */
  uploadError: string | null
  /** What 'Use this distribution' changed in the list (loadedNote.ts), until another is loaded. */
  loadedNote: string | null
  /** Counts the requests to bring the loaded list into view (the upload panel answers each once). */
  revealUpload: number
  /** 'Randomize NFT distribution (recommended for fairness)'. */
  randomize: boolean
  /** Planning or starting a job ('Processing...'). */
  busy: boolean
  /** The plan the confirmation modal shows. */
  pending: PendingPlan | null
  /** Why planning or starting failed, in plain words. */
  planError: string | null
  /** Why a job action (pause, resume, cancel, export, check, reclaim) failed. */
  jobError: string | null
  /** 'Check now' is under way. */
  checking: boolean
  /** The airdrop whose progress or results are shown; null for the latest. */
  shownJobId: string | null
  /** The airdrop this tab started last (see latestOrAwaited). */
  startedJobId: string | null
}

function initialState(): AirdropState {
  return {
    file: null,
    source: null,
    columnChoice: {},
    processing: false,
    uploadError: null,
    loadedNote: null,
    revealUpload: 0,
    randomize: true,
    busy: false,
    pending: null,
    planError: null,
    jobError: null,
    checking: false,
    shownJobId: null,
    startedJobId: null,
  }
}

/** The Airdrop tab's state. Mutate it only through the actions below. */
export const airdropState = proxy<AirdropState>(initialState())

// The CSV check refuses the connected wallet's own address, so a file is read again per wallet.
onWalletChange(() => Object.assign(airdropState, initialState()))

/** The randomize checkbox. */
export function setRandomize(on: boolean): void {
  airdropState.randomize = on
}

/** Why an airdrop cannot start yet (spec part 1 §5 Airdrop start), or null. */
function startBlocker(nftIds: readonly string[]): string | null {
  if (!sessionState.wallet) return 'Please connect your wallet first'
  if (!airdropState.file) return 'Please upload a CSV file first'
  if (airdropState.file.columns.needsChoice) {
    return 'Pick the columns to read from the file first (see Upload Distribution List)'
  }
  if (nftIds.length === 0) return 'Please select NFTs to distribute'
  return null
}

/**
 * 'Start Airdrop': plans the job in the worker (intents recorded, pre-flight run, nothing signed) and
 * shows the plan for confirmation.
 *
 * @param nftIds - the selected NFTs, in selection order.
 */
export async function startAirdrop(nftIds: readonly string[]): Promise<void> {
  if (airdropState.busy) return
  const blocker = startBlocker(nftIds)
  airdropState.planError = blocker
  const file = airdropState.file
  if (blocker || !file) return
  await planWith('airdrop', () =>
    engine.planJob({
      kind: 'airdrop',
      distribution: file.rows.map((row) => ({ address: row.address, count: row.count })),
      nftIds: [...nftIds],
      randomize: airdropState.randomize,
      // Drawn from a snapshot: the job keeps it and its rules, so that a re-offer applies them again.
      ...('snapshot' in file ? { snapshot: { ...file.snapshot }, rules: file.rules } : {}),
    }),
  )
}

/** The spec's §8 wording for an airdrop the engine refused: 'Airdrop failed: {message}'. */
function airdropFailed(error: unknown): string {
  return `Airdrop failed: ${errorMessage(error)}`
}

/**
 * Plans a job in the worker and shows it for confirmation; a refusal is shown as the plan's error
 * (an airdrop's) or the job's (a reclaim's, a re-offer's).
 */
export async function planWith(
  purpose: PendingPurpose,
  plan: () => Promise<JobPlan>,
): Promise<void> {
  const scope = walletSignal()
  airdropState.busy = true
  try {
    const planned = await plan()
    if (!scope.aborted) airdropState.pending = { purpose, plan: ref(planned) }
  } catch (error) {
    if (scope.aborted) return
    if (purpose === 'airdrop') airdropState.planError = airdropFailed(error)
    else airdropState.jobError = errorMessage(error)
  } finally {
    if (!scope.aborted) airdropState.busy = false
  }
}

/**
 * Confirms the pending plan: starts its job, leaving out the items pre-flight found problems with.
 * The modal closes once the job runs; a refusal stays in the modal.
 */
export async function confirmPending(): Promise<void> {
  const pending = airdropState.pending
  if (!pending || airdropState.busy) return
  const scope = walletSignal()
  airdropState.busy = true
  airdropState.planError = null
  const skipProblems = skipsItems(pending.plan)
  try {
    await engine.startJob(pending.plan.jobId, { skipProblems })
    if (scope.aborted) return
    airdropState.pending = null
    if (pending.purpose !== 'reclaim') {
      // The new airdrop (a re-offer is one) is shown.
      airdropState.shownJobId = null
      airdropState.startedJobId = pending.plan.jobId
    }
    // Its NFTs are now on offer, so they are no longer picked for another.
    if (pending.purpose === 'airdrop') clearSelection('airdrop')
  } catch (error) {
    if (!scope.aborted) {
      airdropState.planError =
        pending.purpose === 'airdrop' ? airdropFailed(error) : errorMessage(error)
    }
  } finally {
    if (!scope.aborted) airdropState.busy = false
  }
}

/** Shows another of the wallet's airdrops (the picker above the progress or results card). */
export function showAirdrop(jobId: string): void {
  airdropState.shownJobId = jobId
}

/** 'Go back': closes the confirmation; the planned job is never started (nothing was signed). */
export function dismissPending(): void {
  airdropState.pending = null
  airdropState.planError = null
}

function setJobError(message: string | null): void {
  airdropState.jobError = message
}

/**
 * The progress card's buttons for an airdrop. Pause: no new offers are signed, those submitted still
 * settle; cancel (after the user confirmed): offers not yet signed are skipped.
 */
export const airdropJobActions = jobActions(setJobError)

/** 'Check now': reads the acceptance of an airdrop's offers from the ledger. */
export async function checkAcceptanceNow(jobId: string): Promise<void> {
  if (airdropState.checking) return
  airdropState.checking = true
  await jobAction(() => engine.checkAcceptance(jobId), setJobError)
  airdropState.checking = false
}

/**
 * The job's report as CSV text for 'Export report (CSV)', or null when it could not be made (the
 * reason is in `jobError`).
 */
export function exportReport(jobId: string): Promise<string | null> {
  return jobReport(jobId, setJobError)
}

/** The Airdrop tab's state, for rendering. */
export function useAirdrop(): Readonly<AirdropState> {
  // `file` and `pending.plan` are refs: the snapshot holds the very objects, not deep-readonly copies.
  return useSnapshot(airdropState) as Readonly<AirdropState>
}
