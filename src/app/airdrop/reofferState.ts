/**
 * What the Airdrop tab does with an airdrop's offers left unclaimed: reclaim them, or re-offer their
 * NFTs — to the distribution list loaded, or to the airdrop's snapshot by its own rules. When that
 * snapshot is no longer on the device (or a newer one replaced it), the worker refuses and says it
 * must be retaken: the tab then offers to take it again and re-offer to it, naming its new ledger.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import type { JobRow } from '../../db/types/jobs.ts'
import { errorMessage, isEngineError } from '../../shared/errors.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { HolderSnapshotProgress } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { onWalletChange, walletSignal } from '../state/session.ts'
import { airdropState, planWith } from './airdropState.ts'
import { holdersState } from './holders/holdersState.ts'

interface ReofferState {
  /** The airdrop whose snapshot must be retaken before its re-offer to the snapshot. */
  retakeJobId: string | null
  /** The snapshot is being taken again. */
  retaking: boolean
  /** How far the retake is. */
  progress: HolderSnapshotProgress | null
}

function initialState(): ReofferState {
  return { retakeJobId: null, retaking: false, progress: null }
}

/** The re-offer's state. Mutate it only through the actions below. */
export const reofferState = proxy<ReofferState>(initialState())

onWalletChange(() => Object.assign(reofferState, initialState()))

/**
 * 'Reclaim unaccepted': plans the cancellation of an airdrop's waiting offers and shows it for
 * confirmation.
 */
export async function reclaimUnaccepted(airdropJobId: string): Promise<void> {
  if (airdropState.busy) return
  airdropState.jobError = null
  await planWith('reclaim', () => engine.planReclaim(airdropJobId))
}

/** Whether the worker refused a re-offer because the airdrop's snapshot must be retaken. */
function mustRetake(error: unknown): boolean {
  return isEngineError(error) && isRecord(error.data) && error.data.retake === true
}

/**
 * 'Re-offer unclaimed': plans, in one job, the cancellation of an airdrop's waiting offers and new
 * offers of their NFTs to the holders its snapshot and rules give, or to the distribution list
 * loaded above, and shows it for confirmation.
 */
export async function reofferUnclaimed(
  airdropJobId: string,
  to: 'snapshot' | 'list',
): Promise<void> {
  if (airdropState.busy) return
  airdropState.jobError = null
  reofferState.retakeJobId = null
  const file = airdropState.file
  if (to === 'list' && !file) {
    airdropState.jobError = 'Load a distribution list above first: its recipients get the NFTs'
    return
  }
  await planWith('reoffer', async () => {
    try {
      return await engine.planReoffer(
        airdropJobId,
        to === 'snapshot'
          ? 'snapshot'
          : file!.rows.map((r) => ({ address: r.address, count: r.count })),
      )
    } catch (error) {
      if (mustRetake(error)) reofferState.retakeJobId = airdropJobId
      throw error
    }
  })
}

/**
 * 'Retake the snapshot and re-offer': reads the airdrop's collection's holders anew (progress shown)
 * and plans the re-offer to them by the airdrop's rules; the job and its report name the new ledger.
 */
export async function retakeAndReoffer(job: JobRow): Promise<void> {
  const { snapshot } = job.params
  if (reofferState.retaking || airdropState.busy || !isRecord(snapshot)) return
  const scope = walletSignal()
  reofferState.retaking = true
  reofferState.progress = null
  airdropState.jobError = null
  try {
    const retaken = await engine.snapshotHolders(
      {
        issuer: String(snapshot.issuer),
        ...(typeof snapshot.taxon === 'number' ? { taxon: snapshot.taxon } : {}),
        fresh: true,
      },
      comlinkProxy((progress: HolderSnapshotProgress) => {
        if (!scope.aborted) reofferState.progress = progress
      }),
    )
    if (scope.aborted || retaken.ledgerIndex === null) return
    // The holders panel showing this collection shows the snapshot that replaced the one it had.
    if (
      holdersState.snapshot?.issuer === retaken.issuer &&
      holdersState.snapshot.taxon === retaken.taxon
    ) {
      holdersState.snapshot = ref(retaken)
      holdersState.preview = null
    }
    reofferState.retakeJobId = null
    const snapshotLedger = retaken.ledgerIndex
    await planWith('reoffer', () => engine.planReoffer(job.id, { snapshotLedger }))
  } catch (error) {
    if (!scope.aborted) airdropState.jobError = errorMessage(error)
  } finally {
    if (!scope.aborted) {
      reofferState.retaking = false
      reofferState.progress = null
    }
  }
}

/** The re-offer's state, for rendering. */
export function useReoffer(): Readonly<ReofferState> {
  return useSnapshot(reofferState)
}
