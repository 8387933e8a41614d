/**
 * Why a store cannot be opened, in words a person can act on: made by a newer (or older) xnm, a file
 * that is not SQLite, a file cut short, a folder that cannot be used. SQLite's own words ("file is
 * not a database", "database disk image is malformed") name neither the store nor what to do, and a
 * command that fails on them would look like "some items failed" to a script.
 *
 * Nothing here repairs or rewrites the file: what it holds (signed transactions not yet settled) may
 * be all there is of a job, so the user decides what to do with it.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs'
import { basename } from 'node:path'

/** The store cannot be read by this xnm: its own exit code (6), and a message naming the folder. */
export class StoreUnreadableError extends Error {
  override name = 'StoreUnreadableError'
}

/** The first bytes of every SQLite 3 database file. */
const MAGIC = Buffer.from('SQLite format 3\0', 'latin1')
/** The size of SQLite's database header. */
const HEADER_BYTES = 100

/** The file's first bytes (at most the header). */
function headerOf(file: string): Buffer {
  const fd = openSync(file, 'r')
  try {
    const header = Buffer.alloc(HEADER_BYTES)
    const read = readSync(fd, header, 0, HEADER_BYTES, 0)
    return header.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

/**
 * What is wrong with a file SQLite refused, told from its header (sqlite.org/fileformat.html §1.3):
 * not SQLite at all, or shorter than its header says (cut short: a copy that stopped, a full disk),
 * or damaged otherwise.
 */
export function fileFault(file: string, sqliteMessage: string): string {
  const name = basename(file)
  let header: Buffer
  let size: number
  try {
    header = headerOf(file)
    size = statSync(file).size
  } catch (error) {
    return `${name} cannot be read (${(error as Error).message})`
  }
  // A file shorter than the magic string is SQLite cut short only if what is left of it matches.
  const magic = header.subarray(0, MAGIC.length)
  if (!MAGIC.subarray(0, magic.length).equals(magic)) {
    return `${name} is not an SQLite database (another file is in its place)`
  }
  if (header.length < HEADER_BYTES) {
    return `${name} is truncated: ${size} bytes, shorter than SQLite's ${HEADER_BYTES}-byte header`
  }
  const rawPageSize = header.readUInt16BE(16)
  const pageSize = rawPageSize === 1 ? 65_536 : rawPageSize
  const pages = header.readUInt32BE(28)
  // The header's page count is meant only while its change counter matches "version valid for".
  const countValid = pages > 0 && header.readUInt32BE(24) === header.readUInt32BE(92)
  if (countValid && size < pages * pageSize) {
    return `${name} is truncated: ${size} bytes where its header says ${pages * pageSize}`
  }
  return `${name} is damaged, truncated or overwritten (SQLite: ${sqliteMessage})`
}

/**
 * The error to report when opening the store in `folder` failed: a StoreUnreadableError when the
 * store itself is the cause, else `error` unchanged (a busy database, say, is not unreadable).
 *
 * @param file - the store's SQLite file.
 */
export function storeOpenError(folder: string, file: string, error: unknown): unknown {
  if (error instanceof StoreUnreadableError) return error
  const code = (error as { code?: unknown }).code
  const message = error instanceof Error ? error.message : String(error)
  const advice = 'move it away or restore it from a copy, or give another --store'
  if (code === 'SQLITE_NOTADB' || (typeof code === 'string' && code.startsWith('SQLITE_CORRUPT'))) {
    return new StoreUnreadableError(
      `the store in ${folder} cannot be read: ${fileFault(file, message)}. xnm leaves it as it is: ${advice}`,
    )
  }
  if (code === 'SQLITE_CANTOPEN' && existsSync(file)) {
    return new StoreUnreadableError(`the store in ${folder} cannot be opened: ${message}`)
  }
  if (code === 'ENOTDIR' || code === 'EEXIST' || code === 'EACCES' || code === 'EPERM') {
    return new StoreUnreadableError(`the store folder ${folder} cannot be used: ${message}`)
  }
  return error
}

/**
 * Refuses a store written under another schema version than `reads`.
 *
 * @param found - the schema the store records.
 * @throws StoreUnreadableError saying whether a newer or an older xnm made it.
 */
export function checkSchema(folder: string, found: string, reads: number): void {
  if (found === String(reads)) return
  const version = /^\d+$/.test(found) ? Number(found) : undefined
  if (version === undefined) {
    throw new StoreUnreadableError(
      `the store in ${folder} records an unknown schema "${found}" (this xnm reads schema ${reads})`,
    )
  }
  if (version > reads) {
    throw new StoreUnreadableError(
      `the store in ${folder} was made by a newer xnm (store schema ${version}; this xnm reads schema ${reads}): update xnm, or give another --store`,
    )
  }
  throw new StoreUnreadableError(
    `the store in ${folder} was made by an older xnm (store schema ${version}; this xnm reads schema ${reads} and has no conversion from it): finish its jobs with that xnm, or give another --store`,
  )
}
