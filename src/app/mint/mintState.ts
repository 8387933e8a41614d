/**
 * The Mint tab's state (issue 46): the manifest (a file or a numbered base URI), the collection's
 * terms as typed, the check of the rows' metadata, the plan awaiting its typed confirmation, and the
 * mint job this tab started. The worker parses, checks, plans and runs; the views read the job from
 * IndexedDB.
 */
import { proxy, ref, useSnapshot } from 'valtio'

import { errorMessage } from '../../shared/errors.ts'
import type { JobPlan, MintManifest, MintTerms } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { onWalletChange, sessionState, walletSignal } from '../state/session.ts'
import { defaultTerms, termsOf } from './termsText.ts'
import type { TermsDraft } from './termsText.ts'
import { clearUriCheck, newUriCheck, runUriCheck } from './uriCheckState.ts'
import { jobFlow } from './jobFlowState.ts'

/** A mint planned and shown for its typed confirmation. */
export interface PendingMint {
  plan: JobPlan
  terms: MintTerms
}

interface MintState {
  /** Where the rows come from. */
  source: 'file' | 'range'
  manifest: MintManifest | null
  /** Reading a file or making a range. */
  reading: boolean
  readError: string | null
  /** The numbered base URI's fields, as typed. */
  template: string
  from: string
  to: string
  terms: TermsDraft
  /** Planning or starting. */
  busy: boolean
  planError: string | null
  pending: PendingMint | null
  /** Why a job action (pause, resume, cancel, export) failed. */
  jobError: string | null
  dismissedJobId: string | null
  /** The mint this tab started last (see latestOrAwaited). */
  startedJobId: string | null
}

function initialState(): MintState {
  return {
    source: 'file',
    manifest: null,
    reading: false,
    readError: null,
    template: '',
    from: '1',
    to: '',
    terms: defaultTerms(),
    busy: false,
    planError: null,
    pending: null,
    jobError: null,
    dismissedJobId: null,
    startedJobId: null,
  }
}

/** The Mint tab's state. Mutate it only through the actions below. */
export const mintState = proxy<MintState>(initialState())

/** The check of the manifest's URIs. */
export const mintCheck = newUriCheck()

onWalletChange(() => {
  Object.assign(mintState, initialState())
  clearUriCheck(mintCheck)
})

/** A file larger than this is refused before it is read (100,000 rows of long URIs fit). */
const MAX_FILE_BYTES = 40 * 1024 * 1024

/** What names the manifest on screen: its report belongs to it. */
function manifestKey(manifest: MintManifest | null): string | null {
  return manifest ? `${manifest.fileName}:${manifest.rows.length}` : null
}

/** Switches between a file and a numbered base URI (the rows read so far are kept until replaced). */
export function setSource(source: MintState['source']): void {
  mintState.source = source
}

/** Edits the base URI's fields. */
export function setRange(patch: Partial<Pick<MintState, 'template' | 'from' | 'to'>>): void {
  Object.assign(mintState, patch)
}

/** Edits the terms. */
export function setTerms(patch: Partial<TermsDraft>): void {
  mintState.terms = { ...mintState.terms, ...patch }
  mintState.planError = null
}

async function load(read: () => Promise<MintManifest>): Promise<void> {
  if (mintState.reading) return
  const scope = walletSignal()
  mintState.reading = true
  mintState.readError = null
  try {
    const manifest = await read()
    if (scope.aborted) return
    mintState.manifest = ref(manifest)
    mintState.planError = null
    clearUriCheck(mintCheck)
    void checkManifest()
  } catch (error) {
    if (!scope.aborted) mintState.readError = errorMessage(error)
  } finally {
    if (!scope.aborted) mintState.reading = false
  }
}

/** Reads a chosen manifest (CSV or JSON) in the worker, then checks its metadata. */
export async function uploadManifest(file: File): Promise<void> {
  if (file.size > MAX_FILE_BYTES) {
    mintState.readError = 'The manifest is larger than 40 MB'
    return
  }
  await load(async () => engine.parseMintManifest(await file.text(), file.name))
}

/** 'Make the rows': the numbered base URI's rows, then their check. */
export async function makeRange(): Promise<void> {
  const from = Number(mintState.from.trim())
  const to = Number(mintState.to.trim())
  if (
    !mintState.from.trim() ||
    !mintState.to.trim() ||
    !Number.isInteger(from) ||
    !Number.isInteger(to)
  ) {
    mintState.readError = 'The range is from one whole number up to another'
    return
  }
  await load(() => engine.expandMintRange(mintState.template.trim(), from, to))
}

/** Forgets the rows (and what was found of them). */
export function clearManifest(): void {
  mintState.manifest = null
  mintState.readError = null
  clearUriCheck(mintCheck)
}

/** Checks (again) every row's document. */
export async function checkManifest(): Promise<void> {
  const manifest = mintState.manifest
  const key = manifestKey(manifest)
  if (!manifest || key === null) return
  await runUriCheck(
    mintCheck,
    manifest.rows.map((row) => row.uri),
    key,
    () => manifestKey(mintState.manifest),
  )
}

/**
 * 'Review and mint': plans the mint in the worker (every row recorded, pre-flight run — rows
 * nothing serves left out —, nothing signed) and shows it for the typed confirmation.
 */
export async function planMint(): Promise<void> {
  const manifest = mintState.manifest
  if (mintState.busy || !manifest) return
  if (!sessionState.wallet) {
    mintState.planError = 'Please connect your wallet first'
    return
  }
  const terms = termsOf(mintState.terms)
  if (typeof terms === 'string') {
    mintState.planError = terms
    return
  }
  await mintFlow.plan({ kind: 'mint', terms, rows: [...manifest.rows] }, (plan) => ({
    plan: ref(plan),
    terms,
  }))
}

const mintFlow = jobFlow(mintState)

/** 'Go back' in the confirmation: nothing was signed. */
export const dismissMint = mintFlow.dismiss

/** The typed confirmation matched: the mint starts, leaving out the rows with problems. */
export const confirmMint = mintFlow.confirm

/** The progress card's buttons for a mint or a modify job. */
export const mintJobActions = mintFlow.actions

/** A job's report as CSV, or null (the reason is in `jobError`). */
export const exportMintReport = mintFlow.report

/** Closes a mint's result card. */
export const dismissMintResult = mintFlow.dismissResult

/** The Mint tab's state, for rendering. */
export function useMint(): Readonly<MintState> {
  return useSnapshot(mintState) as Readonly<MintState>
}
