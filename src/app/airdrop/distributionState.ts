/**
 * The Airdrop tab's distribution list as it is loaded: a CSV read in the worker (with the columns the
 * user picks), a list drawn from a holder snapshot, or none; and the sample CSV of the network.
 */
import { ref } from 'valtio'

import { errorMessage, loggedOr } from '../../shared/errors.ts'
import type { ColumnChoice, SnapshotDistribution } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { walletSignal } from '../state/session.ts'
import { airdropState } from './airdropState.ts'
import { loadedNote } from './loadedNote.ts'

/**
 * Reads a distribution list in the worker (the file never leaves the device) and shows its summary,
 * or the spec's message when it is refused.
 *
 * @param file - the chosen or dropped file.
 */
export async function uploadCsv(file: File): Promise<void> {
  await readCsv(file, {})
}

/**
 * Reads the loaded file again with the columns the user picked (where it has several that could
 * hold the recipients or the counts). On a refusal the summary read before stays, with the reason.
 */
export async function pickColumns(choice: ColumnChoice): Promise<void> {
  const { source, columnChoice } = airdropState
  if (!source) return
  await readCsv(source, { ...columnChoice, ...choice })
}

async function readCsv(file: File, columns: ColumnChoice): Promise<void> {
  if (airdropState.processing) return
  const scope = walletSignal()
  airdropState.processing = true
  airdropState.uploadError = null
  try {
    const parsed = await engine.parseDistributionCsv(file, file.name, columns)
    if (scope.aborted) return
    airdropState.file = ref(parsed)
    airdropState.loadedNote = null
    airdropState.source = ref(file)
    airdropState.columnChoice = columns
  } catch (error) {
    if (scope.aborted) return
    airdropState.uploadError = errorMessage(error, 'CSV processing failed: unknown error')
  } finally {
    if (!scope.aborted) airdropState.processing = false
  }
}

/**
 * Uses a distribution drawn from a holder snapshot (holdersState) as the loaded list: the summary,
 * the plan and the job are the same as a CSV's, and the job keeps the snapshot it came from. The
 * upload panel, further down the page, then comes into view and says what changed.
 */
export function loadDistribution(distribution: SnapshotDistribution): void {
  airdropState.loadedNote = loadedNote(distribution, airdropState.file)
  airdropState.revealUpload += 1
  airdropState.file = ref(distribution)
  airdropState.source = null
  airdropState.columnChoice = {}
  airdropState.uploadError = null
  airdropState.planError = null
}

/** Removes the loaded distribution list (to load another). */
export function clearCsv(): void {
  airdropState.file = null
  airdropState.loadedNote = null
  airdropState.source = null
  airdropState.columnChoice = {}
  airdropState.uploadError = null
  airdropState.planError = null
}

/**
 * A distribution CSV to try on the network in use (on the Sandbox, recipients that exist there and
 * accept offers); null elsewhere, or when it cannot be made.
 */
export function sampleCsv(): Promise<string | null> {
  return engine.sampleDistributionCsv().catch(loggedOr('making the sample CSV', null))
}
