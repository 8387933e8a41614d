/**
 * The durable half of a Node store (see durableStore.ts): every committed IndexedDB transaction as one
 * SQLite transaction, in WAL mode with `synchronous = FULL`, so a commit is on disk when `commit`
 * returns and a `kill -9` at any point leaves the last committed state. Rows are kept as IndexedDB
 * keeps them: per table, the key (JSON: strings, numbers and arrays of them) and the value as a
 * structured clone (`v8.serialize`, the serialisation IndexedDB itself uses).
 *
 * A rowid table, not WITHOUT ROWID: a job item (about 1 kB serialised) takes 2.1 kB on disk this way
 * and 5.2 kB in a WITHOUT ROWID table, measured over 10,000 items written four times each.
 *
 * Several processes share one store: each row carries the sequence number of the commit that wrote
 * it, so a process reads what others committed since it last looked (`since`), and a write to a job's
 * rows is refused when another process wrote that row after this one read it (compare-and-set).
 */
import Database from 'better-sqlite3'
import { deserialize } from 'node:v8'

/** One row's new state, as written in an IndexedDB transaction. */
export interface RowChange {
  table: string
  /** The key as JSON (see keyText). */
  key: string
  /** The value serialised when it was written (`v8.serialize`), or null: the row was deleted. */
  bytes: Buffer | null
}

/** A row as committed, with the sequence number of its commit. */
export interface StoredRow {
  table: string
  key: string
  seq: number
  /** The value, or undefined when the row was deleted. */
  value: unknown
  deleted: boolean
}

/** A pause or cancel asked by another process of a job this one runs. */
export interface JobControl {
  id: number
  jobId: string
  action: 'pause' | 'cancel'
  /** The asking process (a request whose asker died is dropped, not taken). */
  pid: number
}

/** Thrown by `commit` when another process wrote one of the rows since this one read it. */
export class StoreConflictError extends Error {
  override name = 'StoreConflictError'
}

/** The key of a row as the journal keeps it. */
export function keyText(key: unknown): string {
  return JSON.stringify(key)
}

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS rows (
    id INTEGER PRIMARY KEY, tbl TEXT NOT NULL, key TEXT NOT NULL, seq INTEGER NOT NULL, value BLOB,
    UNIQUE (tbl, key)
  );
  CREATE INDEX IF NOT EXISTS rows_seq ON rows (seq);
  CREATE TABLE IF NOT EXISTS meta (k TEXT PRIMARY KEY, v TEXT NOT NULL);
  CREATE TABLE IF NOT EXISTS controls (
    id INTEGER PRIMARY KEY AUTOINCREMENT, job_id TEXT NOT NULL, action TEXT NOT NULL,
    at INTEGER NOT NULL, pid INTEGER NOT NULL
  );
`

interface RawRow {
  tbl: string
  key: string
  seq: number
  value: Buffer | null
}

function toStored(raw: RawRow): StoredRow {
  const deleted = raw.value === null
  return {
    table: raw.tbl,
    key: raw.key,
    seq: raw.seq,
    deleted,
    value: deleted ? undefined : deserialize(raw.value!),
  }
}

/**
 * The job rows of another store, read without opening it as a store (read-only, no writes, no
 * locks held): what its jobs of an account still have to do.
 */
export function jobsOfStore(file: string): Record<string, unknown>[] {
  const sql = new Database(file, { readonly: true, fileMustExist: true, timeout: 10_000 })
  try {
    return sql
      .prepare<[], { value: Buffer | null }>("SELECT value FROM rows WHERE tbl = 'jobs'")
      .all()
      .flatMap((r) => (r.value ? [deserialize(r.value) as Record<string, unknown>] : []))
  } finally {
    sql.close()
  }
}

/** The SQLite file of a store; one connection per process. */
export class SqliteJournal {
  private readonly sql: Database.Database
  private readonly statements

  /** @param file - the database file (created with its tables when missing). */
  constructor(readonly file: string) {
    this.sql = new Database(file, { timeout: 10_000 })
    try {
      this.sql.pragma('journal_mode = WAL')
      // FULL: the WAL is synced at every commit, so a commit survives a power loss, not only a crash.
      this.sql.pragma('synchronous = FULL')
      this.sql.exec(SCHEMA)
    } catch (error) {
      // Not a database, or a damaged one: its caller says so; the file is not kept open meanwhile.
      this.sql.close()
      throw error
    }
    this.statements = {
      all: this.sql.prepare<[], RawRow>('SELECT tbl, key, seq, value FROM rows ORDER BY seq'),
      since: this.sql.prepare<[number], RawRow>(
        'SELECT tbl, key, seq, value FROM rows WHERE seq > ? ORDER BY seq',
      ),
      lastSeq: this.sql.prepare<[], { s: number | null }>('SELECT max(seq) AS s FROM rows'),
      seqOf: this.sql.prepare<[string, string], { seq: number }>(
        'SELECT seq FROM rows WHERE tbl = ? AND key = ?',
      ),
      write: this.sql.prepare(
        'INSERT INTO rows (tbl, key, seq, value) VALUES (?, ?, ?, ?) ' +
          'ON CONFLICT (tbl, key) DO UPDATE SET seq = excluded.seq, value = excluded.value',
      ),
      getMeta: this.sql.prepare<[string], { v: string }>('SELECT v FROM meta WHERE k = ?'),
      setMeta: this.sql.prepare('INSERT OR REPLACE INTO meta (k, v) VALUES (?, ?)'),
      addControl: this.sql.prepare(
        'INSERT INTO controls (job_id, action, at, pid) VALUES (?, ?, ?, ?)',
      ),
      controls: this.sql.prepare<[], { id: number; job_id: string; action: string; pid: number }>(
        'SELECT id, job_id, action, pid FROM controls ORDER BY id',
      ),
      dropControl: this.sql.prepare('DELETE FROM controls WHERE id = ?'),
    }
  }

  /** Every row, in commit order (deleted ones included, as `deleted`). */
  all(): StoredRow[] {
    return this.statements.all.all().map(toStored)
  }

  /** The rows committed after `seq`, in commit order. */
  since(seq: number): StoredRow[] {
    return this.statements.since.all(seq).map(toStored)
  }

  /** The sequence number of the last commit (0 for a new store). */
  lastSeq(): number {
    return this.statements.lastSeq.get()?.s ?? 0
  }

  /**
   * Writes one IndexedDB transaction's changes as one SQLite transaction, durable on return.
   *
   * @param expected - for rows that must not have been changed by another process: the sequence
   *   number this process last saw for them (0: it saw none).
   * @returns the commit's sequence number.
   * @throws StoreConflictError, writing nothing, when a row of `expected` has another sequence number.
   */
  commit(changes: readonly RowChange[], expected: ReadonlyMap<string, number>): number {
    const run = this.sql.transaction((): number => {
      for (const change of changes) {
        const id = rowId(change.table, change.key)
        const seen = expected.get(id)
        if (seen === undefined) continue
        const stored = this.statements.seqOf.get(change.table, change.key)?.seq ?? 0
        if (stored !== seen) {
          throw new StoreConflictError(
            `another process changed ${change.table} ${change.key} (commit ${stored}, this process read ${seen})`,
          )
        }
      }
      const seq = (this.statements.lastSeq.get()?.s ?? 0) + 1
      for (const change of changes) {
        this.statements.write.run(change.table, change.key, seq, change.bytes)
      }
      return seq
    })
    // IMMEDIATE: the write lock is taken before the checks read, so no other process commits between.
    return run.immediate()
  }

  meta(key: string): string | undefined {
    return this.statements.getMeta.get(key)?.v
  }

  setMeta(key: string, value: string): void {
    this.statements.setMeta.run(key, value)
  }

  /**
   * Asks the process that runs `jobId` to pause or cancel it.
   *
   * @returns the request's id (its asker drops it if nobody took it).
   */
  addControl(jobId: string, action: JobControl['action']): number {
    return Number(
      this.statements.addControl.run(jobId, action, Date.now(), process.pid).lastInsertRowid,
    )
  }

  /** The requests not yet taken, oldest first. */
  controls(): JobControl[] {
    return this.statements.controls.all().map((r) => ({
      id: r.id,
      jobId: r.job_id,
      action: r.action as JobControl['action'],
      pid: r.pid,
    }))
  }

  /** Marks a request as taken. */
  dropControl(id: number): void {
    this.statements.dropControl.run(id)
  }

  /** The file's size in bytes with its write-ahead log, after a checkpoint (the bench reports it). */
  sizeOnDisk(): number {
    this.sql.pragma('wal_checkpoint(TRUNCATE)')
    const pages = this.sql.pragma('page_count', { simple: true }) as number
    const size = this.sql.pragma('page_size', { simple: true }) as number
    return pages * size
  }

  close(): void {
    this.sql.close()
  }
}

/** A row's identity across tables (the compare-and-set map's key). */
export function rowId(table: string, key: string): string {
  return `${table}\u0000${key}`
}
