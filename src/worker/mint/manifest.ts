/**
 * Mint manifests: the rows of a mint read from a CSV (papaparse, as the airdrop's list) or a JSON
 * file, or made from a numbered base URI. Other tools' names for the columns are read too; a bad row
 * is left out with its line and why, never the whole file; duplicates and the numbers a numbered
 * set skips are named, for the team to see before anything is minted for good.
 */
import { isValidClassicAddress, isoTimeToRippleTime, xrpToDrops } from 'xrpl'

import { MAX_JOB_ITEMS } from '../../shared/constants.ts'
import { EngineError } from '../../shared/errors.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { ManifestProblem, MintManifest, MintRow } from '../contract/mint.ts'
import { RECIPIENT_ALIASES, columnKey, splitCsvRows } from '../ledger/csvRows.ts'
import { MAX_URI_BYTES, uriBytes } from './mintTx.ts'

/** Names of each field, in the order they are preferred (compared as the airdrop's columns are). */
/** Names of a URI column (a mint's manifest, a reveal's file). */
export const URI_ALIASES = ['uri', 'token_uri', 'tokenuri', 'metadata_uri', 'metadata', 'url']

const ALIASES = {
  uri: URI_ALIASES,
  recipient: ['recipient', ...RECIPIENT_ALIASES],
  // Not 'amount': in the airdrop's lists it counts NFTs, and a count read as XRP would be a price.
  price: ['price_xrp', 'price', 'xrp'],
  expiration: ['expiration', 'expires', 'expires_at'],
} as const

type Field = keyof typeof ALIASES

function fail(message: string): never {
  throw new EngineError('VALIDATION', message)
}

/** Where each field is in a header (or a JSON object's keys): its name as written, or null. */
function fieldsOf(names: readonly string[]): Record<Field, string | null> {
  const find = (aliases: readonly string[]) => {
    for (const alias of aliases) {
      const name = names.find((n) => columnKey(n) === alias)
      if (name !== undefined) return name
    }
    return null
  }
  return {
    uri: find(ALIASES.uri),
    recipient: find(ALIASES.recipient),
    price: find(ALIASES.price),
    expiration: find(ALIASES.expiration),
  }
}

/** An expiration: Ripple-epoch seconds from an ISO date-time, or from Unix seconds. */
function expirationOf(raw: string): number | string {
  if (/^\d+$/.test(raw)) {
    const unix = Number(raw)
    // Unix seconds since 2000 at least: a small number is more likely a typo than a date in 1970.
    if (unix < 946_684_800)
      return `the expiration ${raw} is not a date (Unix seconds or an ISO date)`
    return unix - 946_684_800
  }
  const ms = Date.parse(raw)
  if (Number.isNaN(ms)) return `the expiration "${raw}" is not a date (Unix seconds or an ISO date)`
  return isoTimeToRippleTime(new Date(ms).toISOString())
}

/** One row's cells, checked: the row, or why it is left out. */
function rowOf(cell: (field: Field) => string, minter: string | null): MintRow | string {
  const uri = cell('uri')
  if (!uri) return 'no URI: every NFT needs one'
  if (uriBytes(uri) > MAX_URI_BYTES) {
    return `the URI is ${uriBytes(uri)} bytes; the ledger keeps at most ${MAX_URI_BYTES}`
  }
  const recipient = cell('recipient')
  if (recipient && !isValidClassicAddress(recipient)) {
    return `"${recipient.slice(0, 40)}" is not a valid XRP Ledger address`
  }
  if (recipient && recipient === minter) return 'the recipient is the minting account itself'
  const price = cell('price')
  let amountDrops: string | undefined
  if (price) {
    try {
      amountDrops = xrpToDrops(price)
    } catch {
      return `the price "${price.slice(0, 40)}" is not an amount of XRP`
    }
    if (amountDrops.startsWith('-')) return `the price ${price} is negative`
  }
  const rawExpiration = cell('expiration')
  const expiration = rawExpiration ? expirationOf(rawExpiration) : undefined
  if (typeof expiration === 'string') return expiration
  if (expiration !== undefined && !recipient && amountDrops === undefined) {
    return 'an expiration needs an offer: name a recipient or a price'
  }
  return {
    uri,
    ...(recipient ? { recipient } : {}),
    ...(amountDrops !== undefined ? { amountDrops } : {}),
    ...(expiration !== undefined ? { expiration } : {}),
  }
}

/**
 * The numbers a numbered set of URIs skips: every URI the same but for one run of digits before the
 * end (`ipfs://CID/7.json`), the missing ones between the lowest and the highest.
 */
export function numberedGaps(uris: readonly string[]): number[] {
  const pattern = /^(.*?)(\d+)(\D*)$/
  const numbers = new Set<number>()
  let shape: string | null = null
  for (const uri of uris) {
    const match = pattern.exec(uri)
    if (!match) return []
    const own = `${match[1]}\u0000${match[3]}`
    if (shape !== null && own !== shape) return []
    shape = own
    numbers.add(Number(match[2]))
  }
  if (numbers.size < 2) return []
  const sorted = [...numbers].sort((a, b) => a - b)
  const gaps: number[] = []
  const [low, high] = [sorted[0]!, sorted.at(-1)!]
  // A set with holes larger than itself is no numbered collection.
  if (high - low + 1 > 2 * numbers.size) return []
  for (let n = low; n <= high; n += 1) if (!numbers.has(n)) gaps.push(n)
  return gaps
}

/** The manifest from its rows' cells: rows kept, problems, duplicates and gaps named. */
function manifestOf(
  fileName: string,
  records: readonly { line: number; cell: (field: Field) => string }[],
  columns: MintManifest['columns'],
  minter: string | null,
): MintManifest {
  if (records.length > MAX_JOB_ITEMS) {
    fail(
      `The manifest has ${records.length.toLocaleString('en-US')} rows; a mint holds at most ${MAX_JOB_ITEMS.toLocaleString('en-US')}`,
    )
  }
  const rows: MintRow[] = []
  const problems: ManifestProblem[] = []
  const firstLine = new Map<string, number>()
  for (const { line, cell } of records) {
    const row = rowOf(cell, minter)
    if (typeof row === 'string') {
      problems.push({ line, severity: 'error', message: `Line ${line}: ${row}; left out` })
      continue
    }
    const first = firstLine.get(row.uri)
    if (first !== undefined) {
      const message = `Line ${line}: the same URI as line ${first}: two NFTs would show the same thing`
      problems.push({ line, severity: 'warning', message })
    } else firstLine.set(row.uri, line)
    rows.push(row)
  }
  if (rows.length === 0) fail('The manifest has no NFT to mint: every row was left out')
  return { fileName, rows, problems, columns, gaps: numberedGaps(rows.map((r) => r.uri)) }
}

function fromCsv(text: string, fileName: string, minter: string | null): MintManifest {
  const split = splitCsvRows(text)
  if (split.errors.length) fail(`The manifest could not be read: ${split.errors[0]}`)
  const [header, ...data] = split.cells
  if (!header || data.length === 0) fail('The manifest needs a header and at least one row')
  const at = fieldsOf(header)
  if (at.uri === null) {
    fail(
      `The manifest has no URI column: name one ${ALIASES.uri.join(', ')} (its header has ${header.slice(0, 10).join(', ')})`,
    )
  }
  const index = (field: Field) => (at[field] === null ? -1 : header.indexOf(at[field]))
  const positions = {
    uri: index('uri'),
    recipient: index('recipient'),
    price: index('price'),
    expiration: index('expiration'),
  }
  const records = data.map((cells, i) => ({
    line: split.lines[i + 1]!,
    cell: (field: Field) => (positions[field] < 0 ? '' : (cells[positions[field]] ?? '').trim()),
  }))
  return manifestOf(fileName, records, { uri: at.uri, ...rest(at) }, minter)
}

function rest(at: Record<Field, string | null>) {
  return { recipient: at.recipient, price: at.price, expiration: at.expiration }
}

/**
 * A JSON file of NFTs (a list, or an object with an `nfts` list) and every key its objects use.
 *
 * @param what - the file as messages name it ('manifest', 'file').
 */
export function jsonNfts(text: string, what: string): { list: unknown[]; keys: string[] } {
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch {
    fail(`The ${what} is not valid JSON`)
  }
  const list: unknown[] = Array.isArray(parsed)
    ? parsed
    : isRecord(parsed) && Array.isArray(parsed.nfts)
      ? parsed.nfts
      : fail(`A JSON ${what} is a list of NFTs, or an object with an "nfts" list`)
  const keys = [...new Set(list.flatMap((item) => (isRecord(item) ? Object.keys(item) : [])))]
  return { list, keys }
}

function fromJson(text: string, fileName: string, minter: string | null): MintManifest {
  const { list, keys } = jsonNfts(text, 'manifest')
  const at = fieldsOf(keys)
  if (at.uri === null) fail(`The manifest's NFTs have no URI: name it ${ALIASES.uri.join(', ')}`)
  const records = list.map((item: unknown, i) => ({
    line: i + 1,
    cell: (field: Field) => {
      const key = at[field]
      const value = key !== null && isRecord(item) ? item[key] : undefined
      return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : ''
    },
  }))
  return manifestOf(fileName, records, { uri: at.uri, ...rest(at) }, minter)
}

/**
 * Reads a manifest (see EngineApi.parseMintManifest): JSON when the file is named `.json` or its
 * text starts with `[` or `{`, CSV otherwise.
 *
 * @param minter - the connected account (refused as a recipient), null when none.
 */
export function parseMintManifest(
  text: string,
  fileName: string,
  minter: string | null,
): MintManifest {
  if (typeof text !== 'string' || typeof fileName !== 'string') fail('No manifest was given')
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const json = /\.json$/i.test(fileName.trim()) || /^\s*[[{]/.test(body)
  return json ? fromJson(body, fileName.trim(), minter) : fromCsv(body, fileName.trim(), minter)
}

/** The rows of `template` with `{n}` from `from` to `to` (see EngineApi.expandMintRange). */
export function expandMintRange(template: string, from: number, to: number): MintManifest {
  if (typeof template !== 'string' || !template.includes('{n}')) {
    fail("The base URI needs {n} where each NFT's number goes, e.g. ipfs://CID/{n}.json")
  }
  if (!Number.isInteger(from) || !Number.isInteger(to) || from < 0 || to < from) {
    fail('The range is from one whole number up to another')
  }
  if (to - from + 1 > MAX_JOB_ITEMS)
    fail(`A mint holds at most ${MAX_JOB_ITEMS.toLocaleString('en-US')} NFTs`)
  const rows = Array.from({ length: to - from + 1 }, (_, i) => ({
    uri: template.trim().replaceAll('{n}', String(from + i)),
  }))
  const long = rows.find((row) => uriBytes(row.uri) > MAX_URI_BYTES)
  if (long)
    fail(
      `${long.uri.slice(0, 60)}… is ${uriBytes(long.uri)} bytes; the ledger keeps at most ${MAX_URI_BYTES}`,
    )
  return {
    fileName: template.trim(),
    rows,
    problems: [],
    columns: { uri: 'base URI', recipient: null, price: null, expiration: null },
    gaps: [],
  }
}
