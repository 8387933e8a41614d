/**
 * A distribution's block list as the user gives it: addresses from the API, and a list pasted or
 * uploaded, read with papaparse like every other CSV of the app — quotes, the delimiter, CRLF and a
 * BOM handled — so that a file exported by another tool (`"r…","bot"`) blocks its addresses instead of
 * being read as words. The first column of each row is the address; what follows is the user's note.
 */
import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from 'xrpl'

import type { CsvProblem } from '../../contract/airdrop.ts'
import { RECIPIENT_ALIASES, splitCsvRows } from '../../ledger/csvRows.ts'

/** Column names a block list's header may give its address column (besides a recipient's). */
const HEADER_NAMES: ReadonlySet<string> = new Set([...RECIPIENT_ALIASES, 'holder', 'blocked'])

/** Longest part of a bad value repeated in a message. */
const SHOWN_CHARS = 40

function shown(value: string): string {
  return value.length > SHOWN_CHARS ? `${value.slice(0, SHOWN_CHARS)}…` : value
}

/** The classic address `value` names (an X-address's account), or null. */
function addressOf(value: string): string | null {
  if (isValidClassicAddress(value)) return value
  if (/^[XT]/.test(value) && isValidXAddress(value)) {
    return xAddressToClassicAddress(value).classicAddress
  }
  return null
}

/** The addresses a block list leaves out, and the entries that were not read as one. */
export interface BlockList {
  addresses: Set<string>
  problems: CsvProblem[]
}

/**
 * Reads a block list.
 *
 * @param entries - addresses given one by one (the API's `blockList`): an entry that is not one is
 *   noted with its place in the list.
 * @param text - a pasted or uploaded list (`blockListText`): each row's first column, its line named
 *   when it is not an address.
 */
export function readBlockList(entries: readonly string[], text: string | undefined): BlockList {
  const addresses = new Set<string>()
  const problems: CsvProblem[] = []
  entries.forEach((entry, i) => {
    const value = entry.trim()
    if (value === '') return
    const address = addressOf(value)
    if (address) addresses.add(address)
    else {
      problems.push({
        line: i + 1,
        severity: 'note',
        message: `Block list entry "${shown(value)}" is not an address; it is ignored`,
      })
    }
  })
  if (text !== undefined) readText(text, addresses, problems)
  return { addresses, problems }
}

/** The rows of a pasted or uploaded block list, into `addresses` and `problems`. */
function readText(text: string, addresses: Set<string>, problems: CsvProblem[]): void {
  const { cells, lines } = splitCsvRows(text)
  cells.forEach((row, i) => {
    const value = (row[0] ?? '').trim()
    const header = i === 0 && HEADER_NAMES.has(value.toLowerCase().replace(/[\s-]+/g, '_'))
    if (!header) readRow(row, value, lines[i]!, addresses, problems)
  })
}

/** One row: its first column an address, any address further along named (it is not read). */
function readRow(
  cells: readonly string[],
  value: string,
  line: number,
  addresses: Set<string>,
  problems: CsvProblem[],
): void {
  const address = addressOf(value)
  if (!address) {
    problems.push({
      line,
      severity: 'note',
      message: `Block list line ${line}: "${shown(value)}" is not an address; it is ignored`,
    })
    return
  }
  addresses.add(address)
  // Only the first column is read: an address further along is not blocked, and must not look it.
  const other = cells.slice(1).find((cell) => addressOf(cell.trim()) !== null)
  if (other !== undefined) {
    problems.push({
      line,
      severity: 'note',
      message: `Block list line ${line}: only the first column is read; ${shown(other.trim())} is not blocked (put it on a line of its own)`,
    })
  }
}
