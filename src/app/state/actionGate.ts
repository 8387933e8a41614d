/** The reasons of `blockReasons.ts` for the account and connection of this tab, for rendering. */
import { useSnapshot } from 'valtio'

import { readBlock, signBlock } from './blockReasons.ts'
import type { GateInput } from './blockReasons.ts'
import { networkState } from './network.ts'
import { sessionState } from './session.ts'

function useGateInput(): GateInput {
  const { deviceOnline, status } = useSnapshot(networkState)
  const { wallet } = useSnapshot(sessionState)
  return { deviceOnline, status, wallet }
}

/** {@link readBlock} for rendering. */
export function useReadBlock(): string | null {
  return readBlock(useGateInput())
}

/** {@link signBlock} for rendering. */
export function useSignBlock(): string | null {
  return signBlock(useGateInput())
}
