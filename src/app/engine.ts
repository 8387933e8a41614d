/**
 * The UI's only gateway to the ledger engine: the one `new Worker` and `Comlink.wrap` of the app.
 * A module-level singleton, never created in a React effect (StrictMode would start two workers).
 */
import { proxy, wrap } from 'comlink'
import type { Remote } from 'comlink'

// Registers the transfer handler that keeps EngineError codes intact on this side too.
import '../shared/comlink.ts'
import type { EngineApi, StatusListener } from '../worker/api.ts'

// Vite bundles the worker only when `new URL(...)` sits directly in `new Worker(...)` with literal
// options (see reference/toolchain.md).
const worker = new Worker(new URL('../worker/index.ts', import.meta.url), {
  type: 'module',
  name: 'ledger-engine',
})

/** The ledger engine, running in its module worker. */
export const engine: Remote<EngineApi> = wrap<EngineApi>(worker)

/**
 * Subscribes to the engine's connection status.
 *
 * @param listener - called with the current status right away, then on every change.
 * @returns a function that ends the subscription.
 */
export async function subscribeStatus(listener: StatusListener): Promise<() => Promise<void>> {
  const subscription = await engine.onStatus(proxy(listener))
  return () => engine.offStatus(subscription)
}
