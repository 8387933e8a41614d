/**
 * Routing a contract's methods to what answers them: the engine serves each capability's contract
 * (src/worker/contract/registry.ts) with that capability's service, so a method declared in a contract
 * needs no line here or in the engine.
 */
import type { Api } from './contract/method.ts'

type Method = (...args: unknown[]) => unknown

/**
 * Defines on `target` every method `contract` declares, each calling `service`'s method of that name
 * (with the service as `this`), or `own`'s where `own` answers it instead: the engine's part in a
 * capability's contract (its lifecycle, what spans capabilities).
 */
export function serve<C extends object, K extends keyof C = never>(
  target: object,
  contract: C,
  service: Omit<Api<C>, K>,
  own?: Pick<Api<C>, K>,
): void {
  for (const name of Object.keys(contract)) {
    const answerer = (own && name in own ? own : service) as Record<string, Method>
    if (typeof answerer[name] !== 'function') throw new Error(`Nothing answers ${name}`)
    Object.defineProperty(target, name, {
      // Async: a method that throws before its first await rejects, as a contract method must.
      value: async (...args: unknown[]) => await answerer[name]!.apply(answerer, args),
      enumerable: true,
    })
  }
}
