/**
 * 'Remove this app's signing key from your account': a removeRegularKey job (SetRegularKey without a
 * key, signed by that key), behind a confirmation that shows what pre-flight found (the key is the
 * account's only way to sign, say). Once the ledger applied it the engine ends the session and
 * deletes the stored key; the account stays shown read-only. Loaded on demand: the shell knows only
 * whether the confirmation is open (ui.ts).
 */
import { proxy, useSnapshot } from 'valtio'

import { errorMessage } from '../../shared/errors.ts'
import type { JobPlan } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { keyRemovedFromAccount } from './walletConnect.ts'
import { onWalletChange } from '../state/session.ts'
import { setKeyRemovalOpen, setWalletMenuOpen } from '../state/ui.ts'

interface KeyRemovalState {
  /** Pre-flight's verdict, once read. */
  plan: JobPlan | null
  busy: boolean
  error: string | null
  /** The job, once started. */
  jobId: string | null
}

function closed(): KeyRemovalState {
  return { plan: null, busy: false, error: null, jobId: null }
}

/** The removal's state. Mutate it only through the actions below. */
export const keyRemovalState = proxy<KeyRemovalState>(closed())

onWalletChange(() => {
  // A running removal stays on screen until it ends; anything else closes with the wallet.
  if (keyRemovalState.jobId) return
  Object.assign(keyRemovalState, closed())
  setKeyRemovalOpen(false)
})

/** Opens the confirmation and plans the removal (nothing is signed). */
export async function askKeyRemoval(): Promise<void> {
  setWalletMenuOpen(false)
  Object.assign(keyRemovalState, { ...closed(), busy: true })
  setKeyRemovalOpen(true)
  try {
    keyRemovalState.plan = await engine.planJob({ kind: 'removeRegularKey' })
  } catch (error) {
    keyRemovalState.error = errorMessage(error, 'The removal could not be planned')
  } finally {
    keyRemovalState.busy = false
  }
}

/** Starts the planned removal. */
export async function confirmKeyRemoval(): Promise<void> {
  const plan = keyRemovalState.plan
  if (!plan?.canStart || keyRemovalState.busy) return
  keyRemovalState.busy = true
  keyRemovalState.error = null
  try {
    await engine.startJob(plan.jobId)
    keyRemovalState.jobId = plan.jobId
  } catch (error) {
    keyRemovalState.error = errorMessage(error, 'The removal could not start')
  } finally {
    keyRemovalState.busy = false
  }
}

/** The removal ended: applied (the session is over), or not (why is on its item). */
export function keyRemovalEnded(removed: boolean): void {
  if (removed) keyRemovedFromAccount()
}

/** Closes the confirmation (a running removal goes on; its result shows in the job history). */
export function closeKeyRemoval(): void {
  Object.assign(keyRemovalState, closed())
  setKeyRemovalOpen(false)
}

/** The removal's state, for rendering. */
export function useKeyRemoval(): Readonly<KeyRemovalState> {
  return useSnapshot(keyRemovalState) as Readonly<KeyRemovalState>
}
