/**
 * e2e build only (`vite build --mode e2e`): `window.__e2e`, the hooks the Playwright tests use to
 * reach states a user cannot produce on demand. Loaded by a dynamic import behind
 * `import.meta.env.MODE === 'e2e'`, so a production build contains none of it.
 */
import type { JobPlan, JobRequest } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { armCrash } from './crashSwitch.ts'

/** What the tests find on `window.__e2e`. */
export interface E2eHooks {
  /** Makes a component under the error boundary throw on its next render. */
  crashUi(): void
  /**
   * Loads an account's NFTs, then the metadata of `nftIds` among them, so the metadata cache has
   * entries; resolves with the number of cache entries.
   */
  fillMetadataCache(account: string, nftIds: string[]): Promise<number>
  /** The metadata cache's entry count. */
  metadataCacheEntries(): Promise<number>
  /**
   * Plans a job in the engine's worker as the Airdrop tab would (benchmarks time a 100,000-item plan
   * there without driving a 100,000-row CSV through the UI).
   */
  planJob(request: JobRequest): Promise<JobPlan>
}

declare global {
  interface Window {
    __e2e?: E2eHooks
  }
}

async function fillMetadataCache(account: string, nftIds: string[]): Promise<number> {
  await engine.loadNfts(undefined, account)
  await engine.loadMetadata({ account, nftIds })
  return (await engine.getCacheStats()).totalEntries
}

window.__e2e = {
  crashUi: armCrash,
  fillMetadataCache,
  metadataCacheEntries: async () => (await engine.getCacheStats()).totalEntries,
  planJob: (request) => engine.planJob(request),
}
