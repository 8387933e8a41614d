/**
 * The Airdrop tab's distribution list (spec part 1 §5 CSV upload, and the checks the spec lacks),
 * read in the worker with papaparse. File-level failures throw the spec's messages; row-level ones
 * become problems with their line numbers, so one bad row never loses the others.
 */
import Papa from 'papaparse'

import { MAX_DISTRIBUTION_BYTES, MAX_DISTRIBUTION_ROWS } from '../../shared/constants.ts'
import { EngineError } from '../../shared/errors.ts'
import type { CsvProblem, DistributionFile, DistributionRow } from '../api.ts'
import { checkRecipient } from './recipient.ts'

/** Column names an error about the header names at most. */
const MAX_COLUMNS_SHOWN = 10

const ADDRESS_COLUMN = 'wallet_address'
const AMOUNT_COLUMN = 'nft_amount'

function fail(message: string): never {
  throw new EngineError('VALIDATION', message)
}

/** 'CSV processing failed: {reason}', the spec's wrapper for everything else that goes wrong. */
function processingFailed(reason: string): never {
  fail(`CSV processing failed: ${reason}`)
}

/**
 * Parses a distribution CSV.
 *
 * @param file - the file (or its text).
 * @param fileName - must end in `.csv`, any case.
 * @param holder - the connected wallet's address, refused as a recipient; null when none.
 * @throws EngineError `VALIDATION` with the spec's file-level messages.
 */
export async function parseDistributionCsv(
  file: Blob | string,
  fileName: string,
  holder: string | null,
): Promise<DistributionFile> {
  if (typeof fileName !== 'string' || !/\.csv$/i.test(fileName.trim())) {
    fail('Please select a CSV file')
  }
  const text = await readText(file)
  const split = splitRows(text)
  const [header, ...data] = split.cells
  if (!header || data.length === 0) fail('CSV file must have at least a header and one data row')
  if (data.length > MAX_DISTRIBUTION_ROWS) {
    processingFailed(
      `the file has ${data.length.toLocaleString('en-US')} rows; at most ` +
        `${MAX_DISTRIBUTION_ROWS.toLocaleString('en-US')} are allowed`,
    )
  }
  const columns = header.map((name) => name.trim().toLowerCase())
  const addressAt = columns.indexOf(ADDRESS_COLUMN)
  if (addressAt < 0) fail(`CSV must contain "wallet_address" column. ${columnsFound(header)}`)
  const amountAt = columns.indexOf(AMOUNT_COLUMN)
  const result = readRows(data, split.lines.slice(1), addressAt, amountAt, holder)
  if (result.rows.length === 0) fail('No valid distribution data found in CSV')
  return { fileName: fileName.trim(), processedCount: data.length, ...result }
}

/**
 * 'Columns found: "address", "nft_amount".': what the header has, shown safely and briefly (a row
 * of empty cells is never the header: blank rows are skipped).
 */
function columnsFound(header: readonly string[]): string {
  const names = header.map((name) => name.trim()).filter((name) => name !== '')
  const shown = names.slice(0, MAX_COLUMNS_SHOWN).map((name) => {
    const printable = name.replace(/[^\x20-\x7e\u00a0-\uffff]/g, '?')
    return `"${printable.length > 40 ? `${printable.slice(0, 40)}…` : printable}"`
  })
  const more =
    names.length > MAX_COLUMNS_SHOWN ? ` and ${names.length - MAX_COLUMNS_SHOWN} more` : ''
  return `Columns found: ${shown.join(', ')}${more}.`
}

async function readText(file: Blob | string): Promise<string> {
  if (typeof file === 'string') {
    if (file.length > MAX_DISTRIBUTION_BYTES) tooLarge()
    return file
  }
  if (typeof Blob === 'undefined' || !(file instanceof Blob)) processingFailed('no file was given')
  if (file.size > MAX_DISTRIBUTION_BYTES) tooLarge()
  try {
    return await file.text()
  } catch (error) {
    processingFailed(error instanceof Error ? error.message : 'the file could not be read')
  }
}

function tooLarge(): never {
  processingFailed(`the file is larger than ${MAX_DISTRIBUTION_BYTES / 1024 / 1024} MB`)
}

/** Rows as papaparse splits them, each with the file line it starts on (the header is line 1). */
interface SplitRows {
  cells: string[][]
  lines: number[]
}

/**
 * Splits the text into rows (delimiter detected; quotes, CRLF and a BOM handled) and notes the line
 * each starts on, quoted newlines and skipped blank lines counted, from papaparse's cursor.
 */
function splitRows(text: string): SplitRows {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  const cells: string[][] = []
  const lines: number[] = []
  let end = 0
  let line = 1
  const errors: string[] = []
  Papa.parse<string[]>(body, {
    skipEmptyLines: 'greedy',
    step: (result) => {
      let start = end
      // Blank lines papaparse skipped lie between the previous row's end and this row.
      for (;;) {
        const next = body.indexOf('\n', start)
        if (next < 0 || body.slice(start, next).trim() !== '') break
        start = next + 1
      }
      line += countNewlines(body, end, start)
      cells.push(result.data)
      lines.push(line)
      line += countNewlines(body, start, result.meta.cursor)
      end = result.meta.cursor
      for (const e of result.errors) if (e.type === 'Quotes') errors.push(e.message)
    },
  })
  if (errors.length) processingFailed(errors[0]!)
  return { cells, lines }
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n += 1
  return n
}

interface RowsResult {
  rows: DistributionRow[]
  nftsRequested: number
  problems: CsvProblem[]
}

function readRows(
  data: string[][],
  lines: number[],
  addressAt: number,
  amountAt: number,
  holder: string | null,
): RowsResult {
  const rows: DistributionRow[] = []
  const problems: CsvProblem[] = []
  const firstLine = new Map<string, number>()
  let nftsRequested = 0
  data.forEach((cells, i) => {
    const line = lines[i] ?? i + 2
    const raw = (cells[addressAt] ?? '').trim()
    // The spec: rows with an empty wallet_address are skipped (silently: blank lines do this too).
    if (!raw) return
    const checked = checkRecipient(raw, holder)
    if (!checked.ok) {
      problems.push({ line, severity: 'skipped', message: checked.message })
      return
    }
    const earlier = firstLine.get(checked.address)
    if (earlier !== undefined) {
      const message = `${checked.address} is already on line ${earlier}; this row is skipped`
      problems.push({ line, severity: 'skipped', message })
      return
    }
    firstLine.set(checked.address, line)
    const amount = readAmount(amountAt < 0 ? undefined : cells[amountAt])
    if (amount.note) problems.push({ line, severity: 'note', message: amount.note })
    rows.push({ line, address: checked.address, count: amount.count })
    nftsRequested += amount.count
  })
  return { rows, nftsRequested, problems }
}

/** nft_amount: a positive whole number, else 1 (the spec), saying so when a value was given. */
function readAmount(cell: string | undefined): { count: number; note?: string } {
  const text = (cell ?? '').trim()
  if (!text) return { count: 1 }
  if (/^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text))) {
    return { count: Number(text) }
  }
  return {
    count: 1,
    note: `nft_amount "${text.slice(0, 20)}" is not a positive whole number; 1 is used`,
  }
}
