/**
 * The files a command reads besides a distribution CSV (which the engine parses as the app does):
 * lists of NFT or offer ids, and a price per NFT. Bad lines are named by number; nothing is guessed.
 */
import { readFileSync } from 'node:fs'
import Papa from 'papaparse'
import { UsageError } from './options.ts'

const LEDGER_ID = /^[0-9A-Fa-f]{64}$/

/**
 * Reads a file, or says which and why it could not.
 *
 * @throws UsageError when it cannot be read.
 */
export function readInput(file: string, option: string): string {
  try {
    return readFileSync(file, 'utf8')
  } catch (error) {
    throw new UsageError(`cannot read ${option} ${file}: ${(error as Error).message}`)
  }
}

function rowsOf(text: string): string[][] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { skipEmptyLines: 'greedy' })
  return parsed.data.map((row) => row.map((cell) => cell.trim()))
}

/**
 * NFT or offer ids (64 hex digits), one per line: the first cell of each row of a CSV or a plain list;
 * a first row without an id is a header. Ids are upper-cased; repeats are refused.
 *
 * @param what - what the ids are, for messages ("NFT", "offer").
 * @throws UsageError for a row without an id, a repeat, or an empty list.
 */
export function readIds(file: string, option: string, what: string): string[] {
  const rows = rowsOf(readInput(file, option))
  const ids: string[] = []
  const seen = new Map<string, number>()
  rows.forEach((row, i) => {
    const cell = row.find((c) => LEDGER_ID.test(c))
    if (!cell) {
      if (i === 0) return // a header
      throw new UsageError(`${file} line ${i + 1}: no ${what} id (64 hex digits)`)
    }
    const id = cell.toUpperCase()
    const earlier = seen.get(id)
    if (earlier !== undefined) {
      throw new UsageError(`${file} line ${i + 1}: ${what} ${id} is already on line ${earlier}`)
    }
    seen.set(id, i + 1)
    ids.push(id)
  })
  if (!ids.length) throw new UsageError(`${file} lists no ${what} id`)
  return ids
}

/**
 * A price per NFT: rows of `nft_id,price_xrp` (a header row is allowed).
 *
 * @throws UsageError for a row without an id or a price, or an NFT priced twice.
 */
export function readPrices(file: string): Record<string, string> {
  const rows = rowsOf(readInput(file, '--prices'))
  const prices: Record<string, string> = {}
  rows.forEach((row, i) => {
    const [id, price] = row
    if (!id || !LEDGER_ID.test(id)) {
      if (i === 0) return
      throw new UsageError(`${file} line ${i + 1}: no NFT id (64 hex digits) in the first column`)
    }
    if (!price || !/^\d+(\.\d{1,6})?$/.test(price)) {
      throw new UsageError(`${file} line ${i + 1}: the price must be XRP, e.g. 12.5`)
    }
    const key = id.toUpperCase()
    if (key in prices) throw new UsageError(`${file} line ${i + 1}: NFT ${key} is priced twice`)
    prices[key] = price
  })
  if (!Object.keys(prices).length) throw new UsageError(`${file} prices no NFT`)
  return prices
}
