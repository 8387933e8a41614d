/**
 * One runner per account across processes (docs/architecture.md §3.2, as Web Locks do for tabs): a
 * lock is a small SQLite file held by an open `BEGIN EXCLUSIVE`. SQLite locks with POSIX advisory
 * locks, which the kernel releases when the holding process dies, however it dies: a `kill -9` frees
 * the account at once, and no stale lock file can keep it. Within a process, in-process locks keep
 * engines sharing the store apart first.
 *
 * A lock is taken in two folders, in order: the store's (`locks/`), which keeps the processes of one
 * store apart whatever their environment, then the user's (`XNM_LOCK_DIR`, else
 * `$XDG_STATE_HOME/xnm/locks`, else `~/.local/state/xnm/locks`), which keeps two stores of one user
 * (two folders, two CI workspaces) from running an account at the same time; when the user's folder
 * is the store's own, the one folder is taken once (see lockFolders). Beside each file, the
 * holder writes who it is (pid, host, command), so a waiter can say who runs the account. A runner
 * that takes a lock reads what other processes committed before it claims a job.
 */
import Database from 'better-sqlite3'
import { createHash } from 'node:crypto'
import {
  mkdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'
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
  /** The store folder whose process last held `name` on this user's account (any store). */
  lastStore(name: string): string | undefined
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

/** Waits `ms`, or less when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise<void>((done) => {
    const stop = () => {
      clearTimeout(timer)
      done()
    }
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop)
      done()
    }, ms)
    signal.addEventListener('abort', stop, { once: true })
  })
}

/** Takes the lock file, waiting while another connection (any process) holds it. */
async function takeFile(file: string, signal: AbortSignal): Promise<Database.Database> {
  for (;;) {
    if (signal.aborted) throw abortError()
    const taken = tryFile(file)
    if (taken) return taken
    await pause(RETRY_MS, signal)
  }
}

/** Whether two existing folders are one (a symbolic link, `..`, a bind mount: the same inode). */
function sameFolder(a: string, b: string): boolean {
  if (realpathSync(a) === realpathSync(b)) return true
  const [x, y] = [statSync(a), statSync(b)]
  return x.dev === y.dev && x.ino === y.ino
}

/** Where a store's locks are taken, in order, and which folder is the user's. */
interface LockFolders {
  folders: string[]
  /** The user's folder (it records which store ran an account last), if it could be made. */
  user: string | undefined
}

/**
 * The folders a lock is taken in, in order; the user's only when it exists or can be made.
 *
 * A user's folder that is the store's own `locks/` (XNM_LOCK_DIR set to it, by path or through a
 * link) is taken once. Taking it twice would open the same lock file twice: SQLite keeps a file's
 * locks per process and inode, so the second `BEGIN EXCLUSIVE` is refused while the first holds, and
 * the process would wait on itself for ever. Taken once, the folder still does both folders' work:
 * it keeps this store's processes apart (they all lock it first), and it is the user's folder for
 * whoever shares that XNM_LOCK_DIR (another store pointed at it locks it second, in the same order
 * as everyone else, so no two processes wait on each other) and where the last store is recorded.
 * This is handled rather than refused: "keep the locks in the store" (a CI workspace with no usable
 * home) has one clear meaning, and it protects exactly what any other XNM_LOCK_DIR protects: the
 * stores that share it. The store's folder itself as XNM_LOCK_DIR needs nothing: its lock files are
 * other files than those of `locks/`.
 */
function lockFolders(storeDir: string, userDir: string): LockFolders {
  const own = join(storeDir, 'locks')
  mkdirSync(own, { recursive: true })
  try {
    mkdirSync(userDir, { recursive: true })
  } catch {
    // No usable home (HOME=/ in a container, say): the store's folder alone keeps its processes apart.
    return { folders: [own], user: undefined }
  }
  if (sameFolder(own, userDir)) return { folders: [own], user: own }
  return { folders: [own, userDir], user: userDir }
}

/**
 * The account locks of a store's engines: across processes, and across engines of this process. A
 * lock is taken in the store's folder, then in the user's (always in that order, so two processes
 * never wait on each other): processes on one store are kept apart whatever their environment, and
 * processes of one user whatever their store.
 *
 * @param command - what this process is, as a waiter will be told (e.g. "xnm job start 1f2e…").
 * @param userDir - the user's lock folder (see defaultLockDir).
 */
export function processLocks(
  store: DurableStore,
  command: string,
  userDir: string = defaultLockDir(),
): ProcessLocks {
  const local = new MemoryLocks()
  /** The locks this process holds across processes (the in-process lock alone may be waiting). */
  const held = new Set<string>()
  /** The lock files this process holds (one of a lock's two while it waits for the other). */
  const own = new Set<string>()
  const { folders, user } = lockFolders(store.dir, userDir)
  const baseOf = (name: string) =>
    `${createHash('sha256').update(name).digest('hex').slice(0, 32)}.lock`
  const filesOf = (name: string) => folders.map((folder) => join(folder, baseOf(name)))
  /** Where the store that last ran `name` on this user's folder is recorded. */
  const lastStoreFile = (name: string) =>
    user === undefined ? undefined : `${join(user, baseOf(name))}.store`
  const holderFile = (lock: string) => `${lock}.holder.json`

  const recordHolder = (lock: string): void => {
    const me: LockHolder = { pid: process.pid, host: hostname(), since: Date.now(), command }
    writeFileSync(`${holderFile(lock)}.${process.pid}`, JSON.stringify(me))
    renameSync(`${holderFile(lock)}.${process.pid}`, holderFile(lock))
  }
  const clearHolder = (lock: string): void => {
    if (readHolder(holderFile(lock))?.pid === process.pid) rmSync(holderFile(lock), { force: true })
  }
  /** The first of the lock's files another process holds, if any. */
  const busyFile = (name: string): string | undefined =>
    filesOf(name).find((file) => {
      if (own.has(file)) return false
      const probe = tryFile(file)
      probe?.close()
      return probe === undefined
    })

  return {
    async acquire(name: string, signal: AbortSignal): Promise<HeldLock> {
      const inProcess = await local.acquire(name, signal)
      const taken: { file: string; sql: Database.Database }[] = []
      const letGo = () => {
        for (const { file, sql } of taken.splice(0).reverse()) {
          clearHolder(file)
          own.delete(file)
          sql.close() // ends the open transaction: the kernel lets the next process in
        }
      }
      try {
        for (const file of filesOf(name)) {
          taken.push({ file, sql: await takeFile(file, signal) })
          own.add(file)
          recordHolder(file)
        }
        held.add(name)
        // Which store ran the account last: another store's process can tell its jobs are elsewhere.
        const record = lastStoreFile(name)
        if (record) writeFileSync(record, store.dir)
        // What the last holder committed: a job it ran is claimed from its latest rows.
        await store.refresh()
      } catch (error) {
        held.delete(name)
        letGo()
        inProcess.release()
        throw error
      }
      let released = false
      return {
        release: () => {
          if (released) return
          released = true
          held.delete(name)
          letGo()
          inProcess.release()
        },
      }
    },

    held(name: string): Promise<boolean> {
      return Promise.resolve(held.has(name) || busyFile(name) !== undefined)
    },

    heldHere: (name) => held.has(name),

    lastStore(name: string): string | undefined {
      const record = lastStoreFile(name)
      if (!record) return undefined
      try {
        return readFileSync(record, 'utf8')
      } catch {
        return undefined
      }
    },

    holder(name: string): LockHolder | undefined {
      if (held.has(name)) return undefined
      const busy = busyFile(name)
      return busy === undefined ? undefined : readHolder(holderFile(busy))
    },
  }
}
