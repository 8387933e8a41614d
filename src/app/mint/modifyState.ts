/**
 * The Mint tab's Modify part (XLS-46): a reveal (new URIs from a file) or a repair (the account's
 * NFTs on closed gateways or unserved, given their `ipfs://` form), the check of the new URIs'
 * documents, the plan awaiting confirmation, and the modify job this tab started.
 */
import { proxy, ref, useSnapshot } from 'valtio'

import { errorMessage } from '../../shared/errors.ts'
import type { JobPlan, ModifyManifest, ModifyRow, RepairCandidate } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { onWalletChange, sessionState, walletSignal } from '../state/session.ts'
import { clearUriCheck, newUriCheck, runUriCheck } from './uriCheckState.ts'
import { jobFlow } from './jobFlowState.ts'

/** A modify planned and shown for confirmation. */
export interface PendingModify {
  plan: JobPlan
  rows: readonly ModifyRow[]
}

interface ModifyState {
  /** The reveal's file read. */
  reveal: ModifyManifest | null
  reading: boolean
  readError: string | null
  /** The repairs found (null until asked). */
  candidates: readonly RepairCandidate[] | null
  finding: boolean
  findError: string | null
  /** The repairs picked, by NFT id. */
  picked: ReadonlySet<string>
  busy: boolean
  planError: string | null
  pending: PendingModify | null
  jobError: string | null
  dismissedJobId: string | null
  startedJobId: string | null
}

function initialState(): ModifyState {
  return {
    reveal: null,
    reading: false,
    readError: null,
    candidates: null,
    finding: false,
    findError: null,
    picked: ref(new Set<string>()),
    busy: false,
    planError: null,
    pending: null,
    jobError: null,
    dismissedJobId: null,
    startedJobId: null,
  }
}

/** The Modify part's state. Mutate it only through the actions below. */
export const modifyState = proxy<ModifyState>(initialState())

/** The check of the reveal's new URIs. */
export const revealCheck = newUriCheck()

/** The check of the picked repairs' new URIs. */
export const repairCheck = newUriCheck()

onWalletChange(() => {
  Object.assign(modifyState, initialState())
  clearUriCheck(revealCheck)
  clearUriCheck(repairCheck)
})

function revealKey(reveal: ModifyManifest | null): string | null {
  return reveal ? `${reveal.fileName}:${reveal.rows.length}` : null
}

/** Reads a reveal's file (nft_id, uri) in the worker, then checks the new URIs' documents. */
export async function uploadReveal(file: File): Promise<void> {
  if (modifyState.reading) return
  const scope = walletSignal()
  modifyState.reading = true
  modifyState.readError = null
  try {
    const reveal = await engine.parseModifyManifest(await file.text(), file.name)
    if (scope.aborted) return
    modifyState.reveal = ref(reveal)
    clearUriCheck(revealCheck)
    const key = revealKey(reveal)!
    void runUriCheck(
      revealCheck,
      reveal.rows.map((r) => r.uri),
      key,
      () => revealKey(modifyState.reveal),
    )
  } catch (error) {
    if (!scope.aborted) modifyState.readError = errorMessage(error)
  } finally {
    if (!scope.aborted) modifyState.reading = false
  }
}

/** Forgets the reveal's file. */
export function clearReveal(): void {
  modifyState.reveal = null
  modifyState.readError = null
  clearUriCheck(revealCheck)
}

/** 'Find NFTs to repair': the account's issued NFTs on closed gateways or no longer served. */
export async function findRepairs(): Promise<void> {
  if (modifyState.finding) return
  const scope = walletSignal()
  modifyState.finding = true
  modifyState.findError = null
  try {
    const candidates = await engine.repairCandidates()
    if (scope.aborted) return
    modifyState.candidates = ref(candidates)
    modifyState.picked = ref(new Set())
    clearUriCheck(repairCheck)
  } catch (error) {
    if (!scope.aborted) modifyState.findError = errorMessage(error)
  } finally {
    if (!scope.aborted) modifyState.finding = false
  }
}

/** Picks or unpicks repairs (NFTs not minted mutable cannot be picked). */
export function pickRepairs(nftIds: readonly string[], on: boolean): void {
  const mutable = new Set(
    (modifyState.candidates ?? []).filter((c) => c.mutable).map((c) => c.nftId),
  )
  const next = new Set(modifyState.picked)
  for (const id of nftIds) {
    if (on && mutable.has(id)) next.add(id)
    else next.delete(id)
  }
  modifyState.picked = ref(next)
  clearUriCheck(repairCheck)
}

/**
 * The picked repairs as modify rows, in the list's order: each names its holder when it is not the
 * account (an NFTokenModify naming the account as its own Owner is malformed).
 */
export function pickedRepairRows(): ModifyRow[] {
  const account = sessionState.wallet?.address
  return (modifyState.candidates ?? [])
    .filter((c) => modifyState.picked.has(c.nftId))
    .map((c) => ({
      nftId: c.nftId,
      uri: c.newUri,
      // The repair is for the URI the ledger has now: left out if it changed meanwhile.
      fromUri: c.oldUri,
      ...(c.owner !== account ? { owner: c.owner } : {}),
    }))
}

function repairKey(): string {
  return [...modifyState.picked].sort().join(',')
}

/** Checks the documents the picked repairs' new URIs serve. */
export async function checkRepairs(): Promise<void> {
  const rows = pickedRepairRows()
  if (rows.length === 0) return
  await runUriCheck(
    repairCheck,
    rows.map((r) => r.uri),
    repairKey(),
    repairKey,
  )
}

const modifyFlow = jobFlow(modifyState)

/** Plans a modify job of `rows` (pre-flight: mutable, authorized, still held) for confirmation. */
export async function planModify(rows: readonly ModifyRow[]): Promise<void> {
  if (modifyState.busy || rows.length === 0) return
  await modifyFlow.plan({ kind: 'modify', rows: [...rows] }, (plan) => ({
    plan: ref(plan),
    rows: ref([...rows]),
  }))
}

/** 'Go back' in the confirmation: nothing was signed. */
export const dismissModify = modifyFlow.dismiss

/** Starts the planned modify job, leaving out the rows with problems. */
export const confirmModify = modifyFlow.confirm

/** The progress card's buttons for a modify job. */
export const modifyJobActions = modifyFlow.actions

/** A modify job's report as CSV, or null (the reason is in `jobError`). */
export const exportModifyReport = modifyFlow.report

/** Closes a modify job's result card. */
export const dismissModifyResult = modifyFlow.dismissResult

/** The Modify part's state, for rendering. */
export function useModify(): Readonly<ModifyState> {
  return useSnapshot(modifyState) as Readonly<ModifyState>
}
