/**
 * The metadata cache's line under the collection (spec part 1 §2 NFT Collection panel): its entries
 * for the account shown, in all and in KB, and 'Clear Cache' with its outcome.
 */
import { proxy, useSnapshot } from 'valtio'

import { logFailure, loggedOr } from '../../shared/errors.ts'
import type { CacheStats } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { onWalletChange, sessionState, walletSignal } from '../state/session.ts'

/** The Clear Cache outcome line. */
export interface CacheMessage {
  kind: 'ok' | 'error'
  text: string
}

interface MetadataCacheState {
  stats: CacheStats | null
  message: CacheMessage | null
}

/** The cache line. Mutate it only through the actions below. */
export const metadataCacheState = proxy<MetadataCacheState>({ stats: null, message: null })

onWalletChange(() => Object.assign(metadataCacheState, { stats: null, message: null }))

/** While metadata streams in, the cache line follows at most every {@link STATS_INTERVAL_MS}. */
const STATS_INTERVAL_MS = 2000
let lastStatsAt = 0

/** {@link refreshCacheStats}, at most every {@link STATS_INTERVAL_MS} (calls in between are dropped). */
export function refreshCacheStatsThrottled(): void {
  const now = Date.now()
  if (now - lastStatsAt < STATS_INTERVAL_MS) return
  lastStatsAt = now
  void refreshCacheStats()
}

/** Re-reads the cache statistics (entries for this wallet, total, size). */
export async function refreshCacheStats(): Promise<void> {
  const scope = walletSignal()
  const stats = await engine
    .getCacheStats(sessionState.wallet?.address)
    .catch(loggedOr('reading the cache statistics', null))
  if (!scope.aborted) metadataCacheState.stats = stats
}

/** 'Clear Cache': empties the metadata cache; the cards keep what they show until the next load. */
export async function clearMetadataCache(): Promise<void> {
  try {
    const removed = await engine.clearMetadataCache()
    metadataCacheState.message = {
      kind: 'ok',
      text: `Cleared ${removed} cached metadata entries. Next NFT load will fetch fresh metadata.`,
    }
  } catch (error) {
    logFailure('clearing the metadata cache')(error)
    metadataCacheState.message = { kind: 'error', text: 'Error clearing cache' }
  }
  await refreshCacheStats()
}

/** The cache line, for rendering. */
export function useMetadataCache(): Readonly<MetadataCacheState> {
  return useSnapshot(metadataCacheState)
}
