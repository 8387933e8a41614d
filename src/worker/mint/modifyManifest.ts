/**
 * A reveal's file: one row per NFT with its new URI (and optionally its holder), from a CSV (read as
 * the mint's manifest and the airdrop's list are) or JSON. A bad row is left out with its line and
 * why; an NFT listed twice keeps its first row.
 */
import { isValidClassicAddress } from 'xrpl'

import { MAX_JOB_ITEMS } from '../../shared/constants.ts'
import { EngineError } from '../../shared/errors.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { ManifestProblem, ModifyManifest, ModifyRow } from '../contract/mint.ts'
import { columnKey, splitCsvRows } from '../ledger/csvRows.ts'
import { MAX_URI_BYTES, uriBytes } from './mintTx.ts'
import { URI_ALIASES, jsonNfts } from './manifest.ts'

const ID_ALIASES = ['nft_id', 'nftid', 'nftokenid', 'nftoken_id', 'token_id', 'tokenid', 'id']
const OWNER_ALIASES = ['owner', 'holder']
/** A reveal's new URI first: a file may also list the old one as `uri`. */
const NEW_URI_ALIASES = ['new_uri', 'newuri', ...URI_ALIASES]
const NFT_ID = /^[0-9A-F]{64}$/

function fail(message: string): never {
  throw new EngineError('VALIDATION', message)
}

function find(names: readonly string[], aliases: readonly string[]): string | null {
  for (const alias of aliases) {
    const name = names.find((n) => columnKey(n) === alias)
    if (name !== undefined) return name
  }
  return null
}

/** One row's cells: the row, or why it is left out. */
function rowOf(id: string, uri: string, owner: string): ModifyRow | string {
  const nftId = id.toUpperCase()
  if (!NFT_ID.test(nftId))
    return `"${id.slice(0, 70)}" is not an NFT id (64 hexadecimal characters)`
  if (!uri) return 'no new URI'
  if (uriBytes(uri) > MAX_URI_BYTES) {
    return `the URI is ${uriBytes(uri)} bytes; the ledger keeps at most ${MAX_URI_BYTES}`
  }
  if (owner && !isValidClassicAddress(owner)) return `"${owner.slice(0, 40)}" is not an address`
  return { nftId, uri, ...(owner ? { owner } : {}) }
}

function manifestOf(
  fileName: string,
  records: readonly { line: number; id: string; uri: string; owner: string }[],
  columns: ModifyManifest['columns'],
): ModifyManifest {
  if (records.length > MAX_JOB_ITEMS) {
    fail(`The file has ${records.length} rows; a job holds at most ${MAX_JOB_ITEMS}`)
  }
  const rows: ModifyRow[] = []
  const problems: ManifestProblem[] = []
  const first = new Map<string, number>()
  for (const { line, id, uri, owner } of records) {
    const row = rowOf(id, uri, owner)
    if (typeof row === 'string') {
      problems.push({ line, severity: 'error', message: `Line ${line}: ${row}; left out` })
      continue
    }
    const earlier = first.get(row.nftId)
    if (earlier !== undefined) {
      const message = `Line ${line}: NFT ${row.nftId} is on line ${earlier} already; left out`
      problems.push({ line, severity: 'error', message })
      continue
    }
    first.set(row.nftId, line)
    rows.push(row)
  }
  if (rows.length === 0) fail('The file has no NFT to change: every row was left out')
  return { fileName, rows, problems, columns }
}

function fromCsv(text: string, fileName: string): ModifyManifest {
  const split = splitCsvRows(text)
  if (split.errors.length) fail(`The file could not be read: ${split.errors[0]}`)
  const [header, ...data] = split.cells
  if (!header || data.length === 0) fail('The file needs a header and at least one row')
  const id = find(header, ID_ALIASES)
  const uri = find(header, NEW_URI_ALIASES)
  if (id === null || uri === null) {
    fail(
      `The file needs an NFT id column (${ID_ALIASES.join(', ')}) and a URI column (${NEW_URI_ALIASES.join(', ')}); its header has ${header.slice(0, 10).join(', ')}`,
    )
  }
  const owner = find(header, OWNER_ALIASES)
  const at = (name: string | null, cells: string[]) =>
    name === null ? '' : (cells[header.indexOf(name)] ?? '').trim()
  const records = data.map((cells, i) => ({
    line: split.lines[i + 1]!,
    id: at(id, cells),
    uri: at(uri, cells),
    owner: at(owner, cells),
  }))
  return manifestOf(fileName, records, { nftId: id, uri })
}

function fromJson(text: string, fileName: string): ModifyManifest {
  const { list, keys } = jsonNfts(text, 'file')
  const id = find(keys, ID_ALIASES)
  const uri = find(keys, NEW_URI_ALIASES)
  if (id === null || uri === null) fail('Each NFT needs an id (nftId) and a new URI (uri)')
  const owner = find(keys, OWNER_ALIASES)
  const cell = (item: unknown, key: string | null) => {
    const value = key !== null && isRecord(item) ? item[key] : undefined
    return typeof value === 'string' ? value.trim() : ''
  }
  const records = list.map((item, i) => ({
    line: i + 1,
    id: cell(item, id),
    uri: cell(item, uri),
    owner: cell(item, owner),
  }))
  return manifestOf(fileName, records, { nftId: id, uri })
}

/** Reads a reveal's file (see EngineApi.parseModifyManifest): JSON or CSV, as a mint's manifest. */
export function parseModifyManifest(text: string, fileName: string): ModifyManifest {
  if (typeof text !== 'string' || typeof fileName !== 'string') fail('No file was given')
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const json = /\.json$/i.test(fileName.trim()) || /^\s*[[{]/.test(body)
  return json ? fromJson(body, fileName.trim()) : fromCsv(body, fileName.trim())
}
