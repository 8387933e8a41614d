/**
 * The Airdrop tab's holder snapshot: which collection, the snapshot read (with its progress), the
 * rules and the distribution they preview. 'Use this distribution' hands it to the airdrop as if a
 * CSV had been loaded (airdropState.file), keeping the snapshot it came from for the job.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import { CLASSIC_ADDRESS_SHAPE } from '../../../shared/constants.ts'
import { errorMessage } from '../../../shared/errors.ts'
import type {
  DistributionRules,
  HolderConfirmProgress,
  HolderSnapshot,
  HolderSnapshotProgress,
  SnapshotDistribution,
} from '../../../worker/api.ts'
import { engine } from '../../engine.ts'
import { onWalletChange, walletSignal } from '../../state/session.ts'
import { loadDistribution } from '../distributionState.ts'

interface HoldersState {
  issuer: string
  /** The taxon as typed; empty for every taxon of the issuer. */
  taxon: string
  snapshot: HolderSnapshot | null
  progress: HolderSnapshotProgress | null
  reading: boolean
  rules: DistributionRules
  /**
   * The block list as pasted or uploaded: one address a line, or a CSV whose first column is the
   * address (the worker reads it with papaparse).
   */
  blockText: string
  preview: SnapshotDistribution | null
  /** The preview is being made: the rules applied and the recipients confirmed by a second server. */
  previewing: boolean
  /** How far the confirmation of the recipients is, while previewing. */
  confirming: HolderConfirmProgress | null
  error: string | null
}

function initialState(): HoldersState {
  return {
    issuer: '',
    taxon: '',
    snapshot: null,
    progress: null,
    reading: false,
    rules: { mode: 'perHolder', each: 1, minHolding: 1 },
    blockText: '',
    preview: null,
    previewing: false,
    confirming: null,
    error: null,
  }
}

/** The holder snapshot's state. Mutate it only through the actions below. */
export const holdersState = proxy<HoldersState>(initialState())

// A snapshot marks the connected wallet: read again per wallet.
onWalletChange(() => Object.assign(holdersState, initialState()))

function taxonOf(text: string): number | undefined {
  const trimmed = text.trim()
  return trimmed === '' ? undefined : Number(trimmed)
}

/** Picks the collection (issuer and taxon); a snapshot stored for it shows at once. */
export async function pickCollection(issuer: string, taxon: string): Promise<void> {
  holdersState.issuer = issuer
  holdersState.taxon = taxon
  holdersState.snapshot = null
  holdersState.preview = null
  holdersState.error = null
  // While an address is being typed there is nothing to look up (and no error to show yet).
  if (!CLASSIC_ADDRESS_SHAPE.test(issuer.trim()) || !/^\d*$/.test(taxon.trim())) return
  const scope = walletSignal()
  try {
    const stored = await engine.holderSnapshot(issuer.trim(), taxonOf(taxon))
    if (!scope.aborted && holdersState.issuer === issuer)
      holdersState.snapshot = stored && ref(stored)
  } catch (error) {
    if (!scope.aborted) holdersState.error = errorMessage(error)
  }
}

/** 'Take snapshot' (or 'Resume snapshot' when one was cut short). */
export async function takeSnapshot(fresh = false): Promise<void> {
  if (holdersState.reading) return
  if (!/^\d*$/.test(holdersState.taxon.trim())) {
    holdersState.error = 'The taxon must be a whole number, or empty for every taxon of the issuer'
    return
  }
  const scope = walletSignal()
  holdersState.reading = true
  holdersState.error = null
  holdersState.preview = null
  holdersState.progress = null
  try {
    const snapshot = await engine.snapshotHolders(
      { issuer: holdersState.issuer.trim(), taxon: taxonOf(holdersState.taxon), fresh },
      comlinkProxy((progress: HolderSnapshotProgress) => {
        if (!scope.aborted) holdersState.progress = progress
      }),
    )
    if (!scope.aborted) holdersState.snapshot = ref(snapshot)
  } catch (error) {
    if (scope.aborted) return
    holdersState.error = errorMessage(error)
    // What was read is kept: the snapshot can be resumed.
    const stored = await engine
      .holderSnapshot(holdersState.issuer.trim(), taxonOf(holdersState.taxon))
      .catch(() => null)
    if (!scope.aborted) holdersState.snapshot = stored && ref(stored)
  } finally {
    if (!scope.aborted) holdersState.reading = false
  }
}

/** Changes the rules (the preview is made again on demand). */
export function setRules(patch: Partial<DistributionRules>): void {
  holdersState.rules = { ...holdersState.rules, ...patch }
  holdersState.preview = null
}

/** The pasted or uploaded block list. */
export function setBlockText(text: string): void {
  holdersState.blockText = text
  holdersState.preview = null
}

/** A block list file larger than this is refused (100,000 addresses take about 3.5 MB). */
const MAX_BLOCK_FILE_BYTES = 10 * 1024 * 1024

/** Adds the addresses of an uploaded file to the block list (entries that are not addresses are noted). */
export async function addBlockFile(file: File): Promise<void> {
  if (file.size > MAX_BLOCK_FILE_BYTES) {
    holdersState.error = 'The block list file is larger than 10 MB'
    return
  }
  try {
    const text = await file.text()
    setBlockText([holdersState.blockText.trim(), text.trim()].filter((t) => t !== '').join('\n'))
  } catch (error) {
    holdersState.error = `The block list file could not be read: ${errorMessage(error)}`
  }
}

/**
 * 'Preview distribution': the rules applied to the snapshot in the worker, and the recipients they
 * give confirmed by a second server (the progress shows meanwhile).
 */
export async function previewDistribution(): Promise<void> {
  const { snapshot } = holdersState
  if (!snapshot || holdersState.previewing) return
  const scope = walletSignal()
  holdersState.error = null
  holdersState.previewing = true
  holdersState.confirming = null
  try {
    const preview = await engine.snapshotDistribution(
      snapshot.issuer,
      snapshot.taxon ?? undefined,
      // The block list's text goes as it is: the worker reads it like every CSV.
      { ...holdersState.rules, blockListText: holdersState.blockText },
      comlinkProxy((progress: HolderConfirmProgress) => {
        if (!scope.aborted) holdersState.confirming = progress
      }),
    )
    if (!scope.aborted) holdersState.preview = ref(preview)
  } catch (error) {
    if (!scope.aborted) holdersState.error = errorMessage(error)
  } finally {
    if (!scope.aborted) {
      holdersState.previewing = false
      holdersState.confirming = null
    }
  }
}

/**
 * 'Keep them': the holders no second server could confirm are kept in the distribution (or left out
 * again), and the preview is made again.
 */
export async function keepUnconfirmed(keep: boolean): Promise<void> {
  setRules({ keepUnconfirmed: keep })
  await previewDistribution()
}

/** Reads the snapshot's CSV for 'Export CSV', or null (the reason is in `error`). */
export async function snapshotCsv(): Promise<string | null> {
  const { snapshot } = holdersState
  if (!snapshot) return null
  try {
    return await engine.holderSnapshotCsv(snapshot.issuer, snapshot.taxon ?? undefined)
  } catch (error) {
    holdersState.error = errorMessage(error)
    return null
  }
}

/** 'Use this distribution': the airdrop goes to the previewed recipients. */
export function chooseDistribution(): void {
  if (holdersState.preview) loadDistribution(holdersState.preview)
}

/** The holder snapshot's state, for the panel. */
export function useHolders(): Readonly<HoldersState> {
  // `snapshot` and `preview` are refs: the snapshot holds the very objects, not deep-readonly copies.
  return useSnapshot(holdersState) as Readonly<HoldersState>
}
