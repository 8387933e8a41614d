/**
 * CSV files as the rooms that read them share it (an airdrop's distribution list and block list, a
 * mint's manifest, a reveal's file): rows split by papaparse with the file line each starts on, a
 * header cell as names are compared, and the names a recipient column goes by in other tools.
 */
import Papa from 'papaparse'

/** Names of the recipient column, in the order they are preferred (the spec's first). */
export const RECIPIENT_ALIASES = [
  'wallet_address',
  'address',
  'account',
  'destination',
  'owner',
  'wallet',
] as const

/** A header cell as it is compared: trimmed, lower-case, `Wallet Address` read as `wallet_address`. */
export function columnKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_')
}

const EMPTY_CELLS = /^[\s,;|"]*$/

/** Rows as papaparse splits them, each with the file line it starts on (the header is line 1). */
export interface SplitRows {
  cells: string[][]
  lines: number[]
  /** papaparse's messages for malformed quotes, if any. */
  errors: string[]
}

/**
 * Splits the text into rows (delimiter detected; quotes, CRLF and a BOM handled) and notes the line
 * each starts on, quoted newlines and skipped blank lines counted, from papaparse's cursor: line
 * numbers the user can find in the file. The distribution CSV, the block list, a mint's manifest and
 * a reveal's file read it so.
 */
export function splitCsvRows(text: string): SplitRows {
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
        // papaparse's greedy skip also drops a line of empty cells (`,,` or `"",""`).
        if (next < 0 || !EMPTY_CELLS.test(body.slice(start, next))) break
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
  return { cells, lines, errors }
}

function countNewlines(text: string, from: number, to: number): number {
  let n = 0
  for (let i = text.indexOf('\n', from); i >= 0 && i < to; i = text.indexOf('\n', i + 1)) n += 1
  return n
}
