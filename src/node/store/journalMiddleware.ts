/**
 * A Dexie middleware that gathers what each read-write transaction writes and hands it, at the
 * transaction's `complete` event, to the journal. The `complete` listener added here runs before
 * Dexie's own `oncomplete` (listeners come before the handler property), so the journal has the
 * commit on disk before any caller's `await` of the transaction goes on: whatever a caller does after
 * storing (submitting a signed blob) happens after the store is durable.
 */
import type { DBCore, DBCoreMutateRequest, DBCoreTable, DBCoreTransaction, Middleware } from 'dexie'
import { serialize } from 'node:v8'
import { keyText, rowId } from './sqliteJournal.ts'
import type { RowChange } from './sqliteJournal.ts'

/** What the middleware reports to; see durableStore.ts. */
export interface JournalSink {
  /** Tables kept in memory only (never written to disk). */
  readonly memoryOnly: ReadonlySet<string>
  /** Transactions that apply what is already on disk (loading, another process's commits). */
  readonly silent: WeakSet<object>
  /** Throws when the store can no longer be trusted (a commit that could not be made durable). */
  assertUsable(): void
  /** Called at a transaction's commit with everything it wrote, the last write of each row. */
  committed(changes: readonly RowChange[]): void
}

/** The part of an IndexedDB transaction the middleware uses. */
interface EventfulTransaction extends DBCoreTransaction {
  addEventListener(type: 'complete', listener: () => void): void
}

/** A transaction's writes so far: row id → its last change. */
const writes = new WeakMap<object, Map<string, RowChange>>()

function record(
  trans: object,
  table: string,
  key: unknown,
  value: unknown,
  deleted: boolean,
): void {
  const changes = writes.get(trans)
  if (!changes) return
  const text = keyText(key)
  changes.set(rowId(table, text), {
    table,
    key: text,
    // Serialised now: a caller may change the object after writing it, the stored copy does not.
    bytes: deleted ? null : serialize(value),
  })
}

function journaledTable(table: DBCoreTable, sink: JournalSink): DBCoreTable {
  const name = table.name
  return {
    ...table,
    async mutate(req: DBCoreMutateRequest) {
      if (!writes.has(req.trans) || sink.silent.has(req.trans)) return table.mutate(req)
      sink.assertUsable()
      let doomed: unknown[] = []
      if (req.type === 'deleteRange') {
        const found = await table.query({
          trans: req.trans,
          values: false,
          query: { index: table.schema.primaryKey, range: req.range },
        })
        doomed = found.result
      }
      const res = await table.mutate(req)
      if (req.type === 'add' || req.type === 'put') {
        req.values.forEach((value, i) => {
          if (!(i in res.failures)) record(req.trans, name, res.results![i], value, false)
        })
      } else if (req.type === 'delete') {
        req.keys.forEach((key, i) => {
          if (!(i in res.failures)) record(req.trans, name, key, undefined, true)
        })
      } else {
        for (const key of doomed) record(req.trans, name, key, undefined, true)
      }
      return res
    },
  }
}

/** The middleware that journals every read-write transaction's writes into `sink`. */
export function journalMiddleware(sink: JournalSink): Middleware<DBCore> {
  return {
    stack: 'dbcore',
    name: 'sqliteJournal',
    create(down) {
      return {
        ...down,
        transaction(stores, mode, options) {
          const trans = down.transaction(stores, mode, options) as EventfulTransaction
          if (mode === 'readwrite') {
            const changes = new Map<string, RowChange>()
            writes.set(trans, changes)
            trans.addEventListener('complete', () => {
              if (changes.size > 0) sink.committed([...changes.values()])
            })
          }
          return trans
        },
        table(name) {
          const table = down.table(name)
          return sink.memoryOnly.has(name) ? table : journaledTable(table, sink)
        },
      }
    },
  }
}
