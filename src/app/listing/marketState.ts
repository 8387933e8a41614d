/**
 * The List tab's market price checks (spec part 2 §2 List tab, 'Check Market Price'): a collection's
 * floor read by the engine (kept 5 minutes there), per collection, with its progress and outcome.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import { errorMessage } from '../../shared/errors.ts'
import { collectionKey } from '../../shared/nftDisplay.ts'
import type { FloorPrice, FloorProgress } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { onWalletChange, walletSignal } from '../state/session.ts'

/** A collection's market price check ('Check Market Price'). */
export type MarketCheck =
  | { state: 'checking'; progress: FloorProgress | null }
  | { state: 'done'; floor: FloorPrice }
  | { state: 'error'; message: string }

interface MarketState {
  /** Market checks by collection (collectionKey). */
  checks: Readonly<Record<string, MarketCheck>>
}

/** The market checks. Mutate them only through the action below. */
export const marketState = proxy<MarketState>({ checks: {} })

onWalletChange(() => {
  marketState.checks = {}
})

function setMarket(key: string, check: MarketCheck): void {
  marketState.checks = { ...marketState.checks, [key]: check }
}

/** 'Check Market Price': the collection's floor, read by the engine (kept 5 minutes there). */
export async function checkMarketPrice(issuer: string, taxon: number): Promise<void> {
  const key = collectionKey({ issuer, taxon })
  if (marketState.checks[key]?.state === 'checking') return
  const scope = walletSignal()
  setMarket(key, { state: 'checking', progress: null })
  try {
    const floor = await engine.floorPrice(
      issuer,
      taxon,
      comlinkProxy((progress: FloorProgress) => {
        // A throttled report may land after the answer: it must not undo it.
        const still = marketState.checks[key]?.state === 'checking'
        if (!scope.aborted && still) setMarket(key, { state: 'checking', progress })
      }),
    )
    if (!scope.aborted) setMarket(key, { state: 'done', floor: ref(floor) })
  } catch (error) {
    if (!scope.aborted) setMarket(key, { state: 'error', message: errorMessage(error) })
  }
}

/** The market checks by collection, for rendering. */
export function useMarketChecks(): Readonly<Record<string, MarketCheck>> {
  // The floors are refs: the snapshot holds the very objects.
  return useSnapshot(marketState).checks
}
