/**
 * The Xaman request waiting for the user, for the page to show: where to open it (its link and QR
 * code) when no push reached the phone, and that one is waiting when it did.
 */
import { proxy, useSnapshot } from 'valtio'

import type { XamanPending } from './adapters/xamanApi.ts'

const prompt = proxy<{ pending: XamanPending | null }>({ pending: null })

/** Sets (or clears) the request waiting in Xaman. */
export function setXamanPending(pending: XamanPending | null): void {
  prompt.pending = pending
}

/** The request waiting in Xaman, for a component. */
export function useXamanPending(): Readonly<XamanPending> | null {
  return useSnapshot(prompt).pending
}
