/**
 * What the ledger stream says happened to the account shown (EngineApi.onAccountActivity), handed to
 * whoever shows what changed — the NFT list and the footer's counts (collection.ts), the offers
 * (offers.ts) — without them reading the ledger on every transaction.
 */
import { proxy as comlinkProxy } from 'comlink'

import { logFailure } from '../../shared/errors.ts'
import type { AccountActivity } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { sessionState } from './session.ts'

const listeners = new Set<(activity: AccountActivity) => void>()
let started = false

/**
 * Calls `listener` for each change the stream shows to the account shown.
 *
 * @returns a function that removes the listener.
 */
export function onAccountActivity(listener: (activity: AccountActivity) => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Subscribes to the engine's account stream; runs once, at start. */
export async function startAccountActivity(): Promise<void> {
  if (started) return
  started = true
  await engine
    .onAccountActivity(
      comlinkProxy((activity: AccountActivity) => {
        // A change of another account (the wallet switched meanwhile) is not the one shown.
        if (sessionState.wallet?.address !== activity.account) return
        for (const listener of listeners) listener(activity)
      }),
    )
    .catch(logFailure('following the account on the ledger'))
}
