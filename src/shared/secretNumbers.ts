/**
 * Xaman's secret numbers (its account backup): 8 rows of 6 digits, the 6th digit of each row a
 * checksum of the other five (which read as a number up to 65535: two bytes of the seed's entropy).
 * The rows are checked as the user types them, each on its own, so the row in error is named before
 * anything reaches the worker; the worker checks them again and derives the key.
 */
import { checkChecksum } from '@xrplf/secret-numbers/dist/utils/index.js'

/** Rows of a secret: 8. */
export const SECRET_NUMBER_ROWS = 8
/** Digits of a row: 6 (five of value, one of checksum). */
export const SECRET_ROW_DIGITS = 6
/** The largest value five digits may have: two bytes. */
const ROW_MAX = 0xffff

/**
 * What is wrong with one row as typed, or null when it is complete and right. An empty or
 * incomplete row is not yet wrong unless `complete` says the user is done with it.
 *
 * @param index - 0-based (row A is 0); the checksum depends on the row's place.
 * @param text - the row as typed (spaces are ignored).
 */
export function secretRowProblem(index: number, text: string, complete = true): string | null {
  const digits = text.replace(/\s/g, '')
  const name = `Row ${rowName(index)}`
  if (/\D/.test(digits)) return `${name}: use digits only`
  if (digits.length < SECRET_ROW_DIGITS) {
    if (!complete) return null
    return digits.length === 0
      ? `${name} is empty`
      : `${name} has ${digits.length} digits, it needs ${SECRET_ROW_DIGITS}`
  }
  if (digits.length > SECRET_ROW_DIGITS) return `${name} has more than ${SECRET_ROW_DIGITS} digits`
  if (Number(digits.slice(0, 5)) > ROW_MAX || !checkChecksum(index, digits)) {
    return `${name} does not check out: a digit is mistyped (or the rows are out of order)`
  }
  return null
}

/** A row's letter, as Xaman shows it (A…H). */
export function rowName(index: number): string {
  return String.fromCharCode(65 + index)
}

/**
 * The 8 rows of a secret typed as one text (rows separated by anything but digits, or 48 digits in a
 * row), or null when it does not split into 8 rows of 6 digits.
 */
export function splitSecretNumbers(text: string): string[] | null {
  const groups = text.trim().split(/\D+/).filter(Boolean)
  if (groups.length === SECRET_NUMBER_ROWS && groups.every((g) => g.length === SECRET_ROW_DIGITS))
    return groups
  const all = groups.join('')
  if (groups.length === 1 && all.length === SECRET_NUMBER_ROWS * SECRET_ROW_DIGITS)
    return Array.from({ length: SECRET_NUMBER_ROWS }, (_, i) => all.slice(i * 6, i * 6 + 6))
  return null
}

/** The first problem of a whole secret (every row checked, the first in error named), or null. */
export function secretNumbersProblem(rows: readonly string[]): string | null {
  if (rows.length !== SECRET_NUMBER_ROWS) {
    return `Secret numbers have ${SECRET_NUMBER_ROWS} rows of ${SECRET_ROW_DIGITS} digits`
  }
  for (const [i, row] of rows.entries()) {
    const problem = secretRowProblem(i, row)
    if (problem) return problem
  }
  return null
}
