/**
 * One runner per account across processes (docs/architecture.md §3.2, as Web Locks do for tabs): a
 * lock is a small SQLite file in the store's `locks/` folder held by an open `BEGIN EXCLUSIVE`. SQLite
 * locks with POSIX advisory locks, which the kernel releases when the holding process dies, however it
 * dies: a `kill -9` frees the account at once, and no stale lock file can keep it. Within a process,
 * in-process locks keep engines sharing the store apart first.
 *
 * The holder writes who it is (pid, host, command) into the store, so a waiter can say who runs the
 * account. A runner that takes the lock reads what other processes committed before it claims a job.
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { join } from 'node:path'
import { MemoryLocks } from '../../worker/jobs/run/accountLocks.ts'
import type { AccountLocks, HeldLock } from '../../worker/jobs/run/accountLocks.ts'
import type { DurableStore } from './durableStore.ts'
import type { LockHolder } from './sqliteJournal.ts'

/** How often a waiter tries the lock again. */
const RETRY_MS = 100

/** Cross-process account locks, with a look at who holds one. */
export interface ProcessLocks extends AccountLocks {
  /** The process recorded as holding `name`, while the lock is held by another process. */
  holder(name: string): LockHolder | undefined
  /** Whether this process holds `name` (not only waits for it). */
  heldHere(name: string): boolean
}

function abortError(): DOMException {
  return new DOMException('The lock request was aborted', 'AbortError')
}

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code
  return code === 'SQLITE_BUSY' || code === 'SQLITE_LOCKED'
}

/**
 * Tries the lock file once.
 *
 * @returns the connection holding it, or undefined when another connection (any process) does.
 */
function tryFile(file: string): Database.Database | undefined {
  const sql = new Database(file, { timeout: 0 })
  try {
    sql.exec('CREATE TABLE IF NOT EXISTS lock (x)')
    sql.exec('BEGIN EXCLUSIVE')
    return sql
  } catch (error) {
    sql.close()
    if (isBusy(error)) return undefined
    throw error
  }
}

/**
 * The account locks of a store: across processes, and across engines of this process.
 *
 * @param command - what this process is, as a waiter will be told (e.g. "xnm job start 1f2e…").
 */
export function processLocks(store: DurableStore, command: string): ProcessLocks {
  const local = new MemoryLocks()
  /** The locks this process holds across processes (the in-process lock alone may be waiting). */
  const held = new Set<string>()
  const folder = join(store.dir, 'locks')
  mkdirSync(folder, { recursive: true })
  const fileOf = (name: string) =>
    join(folder, `${createHash('sha256').update(name).digest('hex').slice(0, 32)}.lock`)

  const takeFile = async (name: string, signal: AbortSignal): Promise<Database.Database> => {
    for (;;) {
      if (signal.aborted) throw abortError()
      const held = tryFile(fileOf(name))
      if (held) return held
      await new Promise<void>((done) => {
        const stop = () => {
          clearTimeout(timer)
          done()
        }
        const timer = setTimeout(() => {
          signal.removeEventListener('abort', stop)
          done()
        }, RETRY_MS)
        signal.addEventListener('abort', stop, { once: true })
      })
    }
  }

  return {
    async acquire(name: string, signal: AbortSignal): Promise<HeldLock> {
      const inProcess = await local.acquire(name, signal)
      let file: Database.Database
      try {
        file = await takeFile(name, signal)
        held.add(name)
        store.journal.setHolder(name, command)
        // What the last holder committed: a job it ran is claimed from its latest rows.
        await store.refresh()
      } catch (error) {
        if (held.delete(name)) file!.close()
        inProcess.release()
        throw error
      }
      let released = false
      return {
        release: () => {
          if (released) return
          released = true
          held.delete(name)
          store.journal.clearHolder(name)
          file.close() // ends the open transaction: the kernel lets the next process in
          inProcess.release()
        },
      }
    },

    held(name: string): Promise<boolean> {
      if (held.has(name)) return Promise.resolve(true)
      const probe = tryFile(fileOf(name))
      probe?.close()
      return Promise.resolve(probe === undefined)
    },

    heldHere: (name) => held.has(name),

    holder(name: string): LockHolder | undefined {
      if (held.has(name)) return undefined
      const probe = tryFile(fileOf(name))
      if (probe) {
        probe.close()
        return undefined
      }
      return store.journal.holder(name)
    },
  }
}
