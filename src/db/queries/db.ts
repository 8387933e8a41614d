/**
 * The UI's handle on the app's IndexedDB. The UI only reads (with useLiveQuery); the worker, on its
 * own connection to the same database, is the only writer, and Dexie tells the UI about its commits.
 */
import { LedgerDb } from '../schema.ts'

let db: LedgerDb | undefined

/** The UI's database connection, opened on first use. */
export function appDb(): LedgerDb {
  db ??= new LedgerDb()
  return db
}
