/**
 * The Airdrop tab's distribution list (spec part 1 §5 CSV upload, and the checks the spec lacks),
 * read in the worker with papaparse. File-level failures throw the spec's messages; row-level ones
 * become problems with their line numbers, so one bad row never loses the others.
 */
import { MAX_DISTRIBUTION_BYTES, MAX_DISTRIBUTION_ROWS } from '../../shared/constants.ts'
import { EngineError } from '../../shared/errors.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { ColumnChoice, CsvProblem, DistributionFile, DistributionRow } from '../api.ts'
import { resolveColumns } from './csvColumns.ts'
import { splitCsvRows } from '../ledger/csvRows.ts'
import type { SplitRows } from '../ledger/csvRows.ts'
import { MAX_NFTS_PER_RECIPIENT } from './airdropKind.ts'
import { checkRecipient } from './recipient.ts'

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
 * @param choice - the columns the user picked, where the file has several candidates.
 * @throws EngineError `VALIDATION` with the spec's file-level messages.
 */
export async function parseDistributionCsv(
  file: Blob | string,
  fileName: string,
  holder: string | null,
  choice: ColumnChoice = {},
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
  const { recipientAt, countAt, columns } = resolveColumns(header, checkedChoice(choice))
  const result = readRows(data, split.lines.slice(1), recipientAt, countAt, holder, columns.count)
  if (result.rows.length === 0) fail('No valid distribution data found in CSV')
  return { fileName: fileName.trim(), processedCount: data.length, columns, ...result }
}

/** The user's pick of columns, checked (it crossed the worker boundary). */
function checkedChoice(choice: unknown): ColumnChoice {
  if (choice === undefined || choice === null) return {}
  if (!isRecord(choice)) fail('The column choice is malformed')
  const { recipient, count } = choice
  if (recipient !== undefined && typeof recipient !== 'string') {
    fail('The recipient column must be named by its header')
  }
  if (count !== undefined && count !== null && typeof count !== 'string') {
    fail('The count column must be named by its header')
  }
  return {
    ...(recipient === undefined ? {} : { recipient }),
    ...(count === undefined ? {} : { count }),
  }
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

/** A line whose cells are all empty: only separators, quotes and blanks. */
/** splitCsvRows, a malformed quote failing the whole file. */
function splitRows(text: string): SplitRows {
  const split = splitCsvRows(text)
  if (split.errors.length) processingFailed(split.errors[0]!)
  return split
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
  amountColumn: string | null,
): RowsResult {
  const rows: DistributionRow[] = []
  const problems: CsvProblem[] = []
  const firstLine = new Map<string, number>()
  let nftsRequested = 0
  data.forEach((cells, i) => {
    const line = lines[i] ?? i + 2
    const raw = (cells[addressAt] ?? '').trim()
    // The spec: rows with an empty wallet_address (the recipient column) are skipped (silently: blank lines do this too).
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
    const amount = readAmount(amountAt < 0 ? undefined : cells[amountAt], amountColumn)
    if (amount.note) problems.push({ line, severity: 'note', message: amount.note })
    rows.push({ line, address: checked.address, count: amount.count })
    nftsRequested += amount.count
  })
  return { rows, nftsRequested, problems }
}

/** The count: a positive whole number, else 1 (the spec), saying so when a value was given. */
function readAmount(
  cell: string | undefined,
  column: string | null,
): { count: number; note?: string } {
  const text = (cell ?? '').trim()
  if (!text) return { count: 1 }
  if (/^\d+$/.test(text) && Number(text) >= 1 && Number.isSafeInteger(Number(text))) {
    // More than one recipient may get would refuse the whole plan: the row is capped, and says so.
    if (Number(text) > MAX_NFTS_PER_RECIPIENT) {
      return {
        count: MAX_NFTS_PER_RECIPIENT,
        note: `${column ?? 'nft_amount'} ${text} is more than one recipient may get; ${MAX_NFTS_PER_RECIPIENT} is used`,
      }
    }
    return { count: Number(text) }
  }
  return {
    count: 1,
    note: `${column ?? 'nft_amount'} "${text.slice(0, 20)}" is not a positive whole number; 1 is used`,
  }
}
