/**
 * A distribution's block list as the user gives it: addresses from the API, and a list pasted or
 * uploaded, read with papaparse like every other CSV of the app — quotes, the delimiter, CRLF and a
 * BOM handled — so that a file exported by another tool (`"r…","bot"`) blocks its addresses instead of
 * being read as words. The first column of each row is the address; what follows is the user's note.
 */
import Papa from 'papaparse'
import { isValidClassicAddress, isValidXAddress, xAddressToClassicAddress } from 'xrpl'

import type { CsvProblem } from '../../contract/airdrop.ts'
import { RECIPIENT_ALIASES } from '../csvColumns.ts'

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
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
  let first = true
  // Each row's line, from papaparse's cursor (past its row's newline, a quoted one included) and the
  // blank lines it skipped before the row: line numbers the user can find in the file.
  let line = 1
  let end = 0
  Papa.parse<string[]>(body, {
    // Greedy, as the distribution CSV's: blank lines do not upset the delimiter's detection.
    skipEmptyLines: 'greedy',
    step: (result) => {
      let start = end
      for (;;) {
        const next = body.indexOf('\n', start)
        if (next < 0 || body.slice(start, next).trim() !== '') break
        start = next + 1
      }
      line += newlines(body, end, start)
      const at = line
      line += newlines(body, start, result.meta.cursor)
      end = result.meta.cursor
      const cells = result.data
      const value = (cells[0] ?? '').trim()
      const header = first && HEADER_NAMES.has(value.toLowerCase().replace(/[\s-]+/g, '_'))
      first = false
      if (!header) readRow(cells, value, at, addresses, problems)
    },
  })
}

function newlines(text: string, from: number, to: number): number {
  let n = 0
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n += 1
  return n
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
