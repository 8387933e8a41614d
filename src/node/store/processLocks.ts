/**
 * One runner per account across processes (docs/architecture.md §3.2, as Web Locks do for tabs): a
 * lock is a small SQLite file held by an open `BEGIN EXCLUSIVE`. SQLite locks with POSIX advisory
 * locks, which the kernel releases when the holding process dies, however it dies: a `kill -9` frees
 * the account at once, and no stale lock file can keep it. Within a process, in-process locks keep
 * engines sharing the store apart first.
 *
 * The lock files live in one folder for the whole user account (`XNM_LOCK_DIR`, else
 * `$XDG_STATE_HOME/xnm/locks`, else `~/.local/state/xnm/locks`), not in the store: two stores on one
 * machine (two folders, two CI workspaces) still run an account's jobs one at a time. Beside each,
 * the holder writes who it is (pid, host, command), so a waiter can say who runs the account. A
 * runner that takes a lock reads what other processes committed before it claims a job.
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { homedir, hostname } from 'node:os'
import { join } from 'node:path'
import { MemoryLocks } from '../../worker/jobs/run/accountLocks.ts'
import type { AccountLocks, HeldLock } from '../../worker/jobs/run/accountLocks.ts'
import type { DurableStore } from './durableStore.ts'

/** Who holds a cross-process lock (written when it is taken, for a waiter's message). */
export interface LockHolder {
  pid: number
  host: string
  since: number
  command: string
}

/** The folder of the user's account locks (see the module's comment). */
export function defaultLockDir(env: NodeJS.ProcessEnv = process.env): string {
  if (env.XNM_LOCK_DIR) return env.XNM_LOCK_DIR
  return join(env.XDG_STATE_HOME || join(homedir(), '.local', 'state'), 'xnm', 'locks')
}

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

/** Reads a holder file; undefined when there is none (or it is being written). */
function readHolder(file: string): LockHolder | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as LockHolder
  } catch {
    return undefined
  }
}

/**
 * The account locks of a store's engines: across processes, and across engines of this process.
 *
 * @param command - what this process is, as a waiter will be told (e.g. "xnm job start 1f2e…").
 * @param dir - the folder of the lock files (the user's, by default).
 */
export function processLocks(
  store: DurableStore,
  command: string,
  dir: string = defaultLockDir(),
): ProcessLocks {
  const local = new MemoryLocks()
  /** The locks this process holds across processes (the in-process lock alone may be waiting). */
  const held = new Set<string>()
  mkdirSync(dir, { recursive: true })
  const fileOf = (name: string) =>
    join(dir, `${createHash('sha256').update(name).digest('hex').slice(0, 32)}.lock`)
  const holderFile = (name: string) => `${fileOf(name)}.holder.json`

  const recordHolder = (name: string): void => {
    const file = holderFile(name)
    const me: LockHolder = { pid: process.pid, host: hostname(), since: Date.now(), command }
    writeFileSync(`${file}.${process.pid}`, JSON.stringify(me))
    renameSync(`${file}.${process.pid}`, file)
  }

  const takeFile = async (name: string, signal: AbortSignal): Promise<Database.Database> => {
    for (;;) {
      if (signal.aborted) throw abortError()
      const taken = tryFile(fileOf(name))
      if (taken) return taken
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
        recordHolder(name)
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
          if (readHolder(holderFile(name))?.pid === process.pid)
            rmSync(holderFile(name), { force: true })
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
      return readHolder(holderFile(name))
    },
  }
}
