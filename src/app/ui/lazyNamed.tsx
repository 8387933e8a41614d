/**
 * Code loaded on demand: a component from a module fetched the first time it renders, and the
 * boundary that shows 'Loading…' meanwhile. What the first screen does not need is split this way so
 * that the main thread starts on less JavaScript; every chunk is precached, so it loads offline too.
 */
import { lazy, Suspense } from 'react'
import type { ComponentType, LazyExoticComponent, ReactNode } from 'react'

/**
 * A component exported by name from a module loaded on first render.
 *
 * @param load - the dynamic import of the module.
 * @param name - the export's name.
 */
// `any` as React's own lazy() has it: any component, whatever its props.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export function lazyNamed<K extends string, M extends Record<K, ComponentType<any>>>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(async () => ({ default: (await load())[name] }))
}

/** Shows 'Loading…' (announced politely) while code loaded on demand arrives. */
export function LoadingBoundary({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <p className="lazy-loading" role="status">
          Loading…
        </p>
      }
    >
      {children}
    </Suspense>
  )
}
