/**
 * What the worker exposes through Comlink (docs/architecture.md §3.1): a facade that holds the `EngineApi`
 * methods and nothing else. Comlink resolves any property path a page sends (`engine.keyring...`),
 * and TypeScript's `private` does not exist at run time, so exposing the Engine itself would hand the
 * page its keyring and network table. The facade has no prototype and no fields, its methods have
 * no prototype either (no `constructor` leads to `Function`), and everything is frozen.
 */
import type { EngineApi } from './api.ts'

/** Every method of the contract, once: the compiler checks that none is missing or extra. */
const METHODS = {
  connect: true,
  disconnect: true,
  dispose: true,
  retryNow: true,
  deviceOffline: true,
  getNetworkStatus: true,
  onStatus: true,
  offStatus: true,
  connectWallet: true,
  connectApprover: true,
  connectDemoWallet: true,
  getWallet: true,
  lock: true,
  prepareRegularKey: true,
  approveRegularKey: true,
  confirmRegularKey: true,
  restoreWallet: true,
  forgetDevice: true,
  storedSession: true,
  unlockWallet: true,
  forgetStoredKey: true,
  accountKeys: true,
  checkAddress: true,
  loadNfts: true,
  loadOffers: true,
  loadBids: true,
  floorPrice: true,
  previewListing: true,
  loadMetadata: true,
  showingNfts: true,
  countOffers: true,
  parseDistributionCsv: true,
  sampleDistributionCsv: true,
  getCacheStats: true,
  clearMetadataCache: true,
  onAccountActivity: true,
  offAccountActivity: true,
  saveSettings: true,
  addOwnEndpoint: true,
  removeOwnEndpoint: true,
  setOwnEndpointsAlone: true,
  planJob: true,
  startJob: true,
  takenNfts: true,
  pauseJob: true,
  cancelJob: true,
  getRunnerId: true,
  jobRunnerActive: true,
  exportJobCsv: true,
  listJobs: true,
  getJob: true,
  jobItems: true,
  watchJob: true,
  listNfts: true,
  checkAcceptance: true,
  planReclaim: true,
  planReoffer: true,
  snapshotHolders: true,
  holderSnapshot: true,
  holderSnapshotCsv: true,
  snapshotDistribution: true,
} as const satisfies Record<keyof EngineApi, true>

/** The names of the contract's methods. */
export const ENGINE_METHODS = Object.freeze(Object.keys(METHODS)) as readonly (keyof EngineApi)[]

type AnyMethod = (...args: unknown[]) => unknown

/**
 * A function that only calls `call`: no prototype (so no `constructor`, `bind` or `call` to reach),
 * but an own `apply`, which is how Comlink invokes what it exposes; frozen.
 */
function sealedMethod(call: AnyMethod): AnyMethod {
  const method: AnyMethod = (...args) => call(...args)
  const apply = (_this: unknown, args: unknown[] = []): unknown => call(...args)
  Object.setPrototypeOf(apply, null)
  Object.freeze(apply)
  Object.setPrototypeOf(method, null)
  Object.defineProperty(method, 'apply', { value: apply })
  return Object.freeze(method)
}

/**
 * The facade of an engine: each contract method bound to it, and nothing else reachable.
 *
 * @param engine - the engine behind the facade (kept only in the methods' closures).
 */
export function engineFacade(engine: EngineApi): EngineApi {
  const facade = Object.create(null) as Record<string, AnyMethod>
  const methods = engine as unknown as Record<string, AnyMethod>
  for (const name of ENGINE_METHODS) {
    facade[name] = sealedMethod((...args) => methods[name]!.apply(engine, args))
  }
  return Object.freeze(facade) as unknown as EngineApi
}
