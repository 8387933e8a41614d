/**
 * What the worker exposes through Comlink (docs/architecture.md §3.1): a facade that holds the `EngineApi`
 * methods and nothing else. Comlink resolves any property path a page sends (`engine.keyring...`),
 * and TypeScript's `private` does not exist at run time, so exposing the Engine itself would hand the
 * page its keyring and network table. The facade has no prototype and no fields, its methods have
 * no prototype either (no `constructor` leads to `Function`), and everything is frozen.
 */
import type { EngineApi } from './api.ts'
import { ENGINE_METHODS } from './contract/registry.ts'

export { ENGINE_METHODS }

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
