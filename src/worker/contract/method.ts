/**
 * How a capability declares its part of the engine's contract, once: an object whose keys are the
 * method names (the engine routes and the worker's facade exposes exactly these, read at run time)
 * and whose values carry each method's signature for the compiler (`Api` turns the object into the
 * interface the UI and the services see). Adding a method is one entry here plus its implementation.
 */

/** A declared method: nothing at run time but its name; its signature `F` for the compiler. */
export interface Declared<F> {
  readonly signature?: F
}

/**
 * Declares one contract method with signature `F` (every contract method answers a promise: the call
 * crosses a worker boundary).
 */
export function method<F extends (...args: never[]) => Promise<unknown>>(): Declared<F> {
  return DECLARED
}

const DECLARED: Declared<never> = Object.freeze({})

/** The methods a contract object declares, as an interface. */
export type Api<C> = { [K in keyof C]: C[K] extends Declared<infer F> ? F : never }
