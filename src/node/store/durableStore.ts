/**
 * The engine's store in Node, durable across processes: the app's own `src/db` code on Dexie, over a
 * private in-memory IndexedDB (fake-indexeddb) whose every commit is journaled to SQLite
 * (sqliteJournal.ts) before the transaction's caller goes on. Opening a store loads the journal;
 * `refresh` reads what other processes committed since.
 *
 * Why this shape (measured; see the README's "Command line"): the repository functions of `src/db`
 * run unchanged, so the CLI's jobs are the app's jobs; SQLite gives the durability and the locking
 * between processes; IndexedDB implementations that write to SQLite themselves failed the `src/db`
 * tests here (indexeddbshim 16 loses Dexie transactions across an await, 17 needs Node 22).
 *
 * A commit that cannot be made durable, or that another process's commit contradicts (a job row
 * written there since this process read it), stops the process at once (`onFatal`): the caller must
 * not go on to submit what the disk does not have. Restarting resumes from the journal.
 */
import { mkdirSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { IndexableType } from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { LedgerDb } from '../../db/schema.ts'
import { journalMiddleware } from './journalMiddleware.ts'
import type { JournalSink } from './journalMiddleware.ts'
import { SqliteJournal, rowId } from './sqliteJournal.ts'
import type { RowChange, StoredRow } from './sqliteJournal.ts'
import { checkSchema, storeOpenError } from './storeFile.ts'

/**
 * The schema version (LedgerDb's) whose rows the journal holds. A store written under another
 * version is refused (storeFile.ts says by which xnm) until a migration of the journal's rows is
 * written here.
 */
export const STORE_SCHEMA = 7

/** Tables never written to disk: the browser's wrapped keys (the CLI takes its secret per run). */
const MEMORY_ONLY = new Set(['storedKeys', 'deviceKeys'])

/** Tables whose rows another process must not have changed since this one read them. */
const CHECKED = new Set(['jobs', 'jobItems', 'jobRequests'])

export interface DurableStoreOptions {
  /**
   * Called when a commit could not be made durable or another process contradicted it; it must not
   * return normally in production (the default prints the reason and exits with code 4).
   */
  onFatal?: (error: Error) => void
}

/** An open store: the LedgerDb the engine uses, and its journal. */
export interface DurableStore {
  /** The store's folder. */
  readonly dir: string
  readonly db: LedgerDb
  readonly journal: SqliteJournal
  /**
   * Applies what other processes committed since the last look.
   *
   * @returns the ids of the jobs whose rows changed (their runners re-read them).
   */
  refresh(): Promise<Set<string>>
  close(): Promise<void>
}

function exitOnFatal(error: Error): void {
  process.stderr.write(`xnm: the store cannot go on: ${error.message}\n`)
  process.exit(4)
}

/** The job a stored row belongs to, if it is a job's row. */
function jobOf(row: StoredRow): string | undefined {
  if (row.table === 'jobs' || row.table === 'jobRequests') return JSON.parse(row.key) as string
  if (row.table === 'jobItems') {
    const value = row.value as { jobId?: string } | undefined
    return value?.jobId
  }
  return undefined
}

class Store implements DurableStore, JournalSink {
  readonly memoryOnly = MEMORY_ONLY
  readonly silent = new WeakSet<object>()
  /** Row id → the sequence number of the version this process holds. */
  private readonly seen = new Map<string, number>()
  private lastSeq = 0
  private broken: Error | undefined

  constructor(
    readonly dir: string,
    readonly db: LedgerDb,
    readonly journal: SqliteJournal,
    private readonly onFatal: (error: Error) => void,
  ) {}

  assertUsable(): void {
    if (this.broken) throw this.broken
  }

  committed(changes: readonly RowChange[]): void {
    try {
      const expected = new Map<string, number>()
      for (const change of changes) {
        const id = rowId(change.table, change.key)
        if (CHECKED.has(change.table)) expected.set(id, this.seen.get(id) ?? 0)
      }
      const seq = this.journal.commit(changes, expected)
      for (const change of changes) this.seen.set(rowId(change.table, change.key), seq)
    } catch (error) {
      this.broken = error instanceof Error ? error : new Error(String(error))
      this.onFatal(this.broken)
    }
  }

  async load(): Promise<void> {
    await this.apply(this.journal.all())
  }

  async refresh(): Promise<Set<string>> {
    if (this.journal.lastSeq() <= this.lastSeq) return new Set()
    // Read inside a transaction over every table, so no write of this process falls in between.
    return await this.apply(() => this.journal.since(this.lastSeq))
  }

  private async apply(rows: StoredRow[] | (() => StoredRow[])): Promise<Set<string>> {
    const jobs = new Set<string>()
    const tables = this.db.tables.filter((t) => !MEMORY_ONLY.has(t.name))
    await this.db.transaction('rw', tables, async (tx) => {
      this.silent.add(tx.idbtrans)
      const list = typeof rows === 'function' ? rows() : rows
      for (const row of list) {
        this.lastSeq = Math.max(this.lastSeq, row.seq)
        const id = rowId(row.table, row.key)
        if (this.seen.get(id) === row.seq) continue // this process's own commit
        this.seen.set(id, row.seq)
        const table = this.db.table(row.table)
        if (row.deleted) await table.delete(JSON.parse(row.key) as IndexableType)
        else await table.put(row.value)
        const job = jobOf(row)
        if (job) jobs.add(job)
      }
    })
    return jobs
  }

  async close(): Promise<void> {
    this.db.close()
    this.journal.close()
    await Promise.resolve()
  }
}

/**
 * Opens (creating it when missing) the store in `dir`: `dir/store.sqlite`.
 *
 * @throws StoreUnreadableError when the store was written under another schema version, its file is
 *   not SQLite or is damaged (truncated), or its folder cannot be used; the message names the folder.
 */
export async function openDurableStore(
  dir: string,
  options: DurableStoreOptions = {},
): Promise<DurableStore> {
  const folder = resolve(dir)
  const file = join(folder, 'store.sqlite')
  let journal: SqliteJournal | undefined
  let db: LedgerDb | undefined
  try {
    mkdirSync(folder, { recursive: true })
    journal = new SqliteJournal(file)
    const schema = journal.meta('schema')
    if (schema === undefined) journal.setMeta('schema', String(STORE_SCHEMA))
    else checkSchema(folder, schema, STORE_SCHEMA)
    // A private IndexedDB per store: two stores opened in one process never see each other's rows.
    db = new LedgerDb(`xnm:${folder}`, { indexedDB: new IDBFactory(), IDBKeyRange })
    const store = new Store(folder, db, journal, options.onFatal ?? exitOnFatal)
    db.use(journalMiddleware(store))
    await db.open()
    // Damage past the first pages shows only here, when every row is read.
    await store.load()
    return store
  } catch (error) {
    db?.close()
    journal?.close()
    throw storeOpenError(folder, file, error)
  }
}
