/**
 * One runner per account across tabs and windows (docs/architecture.md §3.2): an exclusive lock named by network
 * and account, held for the runner's whole life. In the browser it is a Web Lock, which the browser
 * releases when the tab (or its worker) dies; in Node, an in-process lock with the same semantics, one
 * set per database, so that engines sharing a database in a test stand for tabs sharing a profile.
 */
import type { NetworkId } from '../../../shared/networks.ts'
import { log } from '../../../shared/log.ts'

/** A lock held until `release()` (or, for a Web Lock, until the tab dies). */
export interface HeldLock {
  release(): void
}

/** Exclusive named locks with Web Locks semantics: granted in request order, one holder at a time. */
export interface AccountLocks {
  /**
   * Waits for the exclusive lock `name`.
   *
   * @param signal - gives up waiting (the promise rejects with an AbortError); no effect once granted.
   */
  acquire(name: string, signal: AbortSignal): Promise<HeldLock>

  /** Whether someone (this tab or another) holds the lock `name` now. */
  held(name: string): Promise<boolean>
}

/** The lock a runner of this account's jobs holds. */
export function accountLockName(network: NetworkId, account: string): string {
  return `xrpl-nft-manager/jobs/${network}/${account}`
}

function abortError(): DOMException {
  return new DOMException('The lock request was aborted', 'AbortError')
}

/** Web Locks (`navigator.locks`): held by a callback whose promise settles on release. */
export function webLocks(locks: LockManager): AccountLocks {
  return {
    acquire: (name, signal) =>
      new Promise<HeldLock>((resolve, reject) => {
        locks
          .request(name, { mode: 'exclusive', signal }, () => {
            return new Promise<void>((release) => resolve({ release: () => release() }))
          })
          .catch(reject)
      }),
    held: async (name) => ((await locks.query()).held ?? []).some((lock) => lock.name === name),
  }
}

/** In-process exclusive locks with the Web Locks semantics the runner relies on. */
export class MemoryLocks implements AccountLocks {
  /** Lock name → its holder's token. */
  private readonly holders = new Map<string, object>()
  private readonly queues = new Map<string, (() => void)[]>()

  acquire(name: string, signal: AbortSignal): Promise<HeldLock> {
    if (signal.aborted) return Promise.reject(abortError())
    return new Promise<HeldLock>((resolve, reject) => {
      const grant = (): void => {
        signal.removeEventListener('abort', onAbort)
        const token = {}
        this.holders.set(name, token)
        // A holder whose lock was stolen releases nothing of its successor's.
        resolve({
          release: () => {
            if (this.holders.get(name) === token) this.releaseName(name)
          },
        })
      }
      const onAbort = (): void => {
        const queue = this.queues.get(name) ?? []
        this.queues.set(
          name,
          queue.filter((g) => g !== grant),
        )
        reject(abortError())
      }
      signal.addEventListener('abort', onAbort, { once: true })
      if (this.holders.has(name)) this.queues.set(name, [...(this.queues.get(name) ?? []), grant])
      else grant()
    })
  }

  held(name: string): Promise<boolean> {
    return Promise.resolve(this.isHeld(name))
  }

  /** Whether someone holds `name` (tests look). */
  isHeld(name: string): boolean {
    return this.holders.has(name)
  }

  /** How many wait for `name` (tests look). */
  waiters(name: string): number {
    return this.queues.get(name)?.length ?? 0
  }

  /**
   * Takes the lock from its holder, as Web Locks' `steal` does: the next waiter gets it while the old
   * holder still runs. Tests use it to make a stale runner, which the fencing epoch must keep out.
   */
  steal(name: string): void {
    this.releaseName(name)
  }

  private releaseName(name: string): void {
    this.holders.delete(name)
    const [next, ...rest] = this.queues.get(name) ?? []
    if (rest.length) this.queues.set(name, rest)
    else this.queues.delete(name)
    next?.()
  }
}

/** One set of in-process locks per database name (Node: engines on one database share them). */
const memoryLocks = new Map<string, MemoryLocks>()

/** The in-process locks of a database (Node, or a browser context without Web Locks). */
export function memoryLocksFor(dbName: string): MemoryLocks {
  let locks = memoryLocks.get(dbName)
  if (!locks) {
    locks = new MemoryLocks()
    memoryLocks.set(dbName, locks)
  }
  return locks
}

/**
 * In a browser, its Web Locks where they exist (a secure context: https or localhost), else the
 * in-process locks of the database, which keep runners of one worker apart but not of two tabs. In
 * Node, always the in-process locks of the database (Node's own are shared by the whole process).
 */
export function defaultAccountLocks(dbName: string): AccountLocks {
  const scope = globalThis as {
    WorkerGlobalScope?: unknown
    window?: unknown
    navigator?: { locks?: LockManager }
  }
  const browser = scope.WorkerGlobalScope !== undefined || scope.window !== undefined
  const locks = browser ? scope.navigator?.locks : undefined
  if (locks) return webLocks(locks)
  if (browser) log.warn('jobs: no Web Locks here (not a secure context); tabs are not kept apart')
  return memoryLocksFor(dbName)
}
