/** A page asked of the engine's API (a job's items, an account's NFTs): checked, with defaults. */
import { EngineError } from '../shared/errors.ts'

/** Entries one page holds at most. */
const MAX_PAGE = 1000
/** Entries a page holds when the caller does not say. */
const DEFAULT_PAGE = 100

function whole(value: unknown, name: string, fallback: number, most: number): number {
  if (value === undefined) return fallback
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0 || value > most) {
    const range = most === Infinity ? 'from 0 up' : `from 0 to ${most}`
    throw new EngineError('VALIDATION', `${name} must be a whole number ${range}`)
  }
  return value
}

/**
 * The page's offset (0 by default) and limit (100 by default, at most 1,000).
 *
 * @throws EngineError `VALIDATION` for an offset or limit that is not a whole number in range.
 */
export function checkedPage(page: { offset?: unknown; limit?: unknown } = {}): {
  offset: number
  limit: number
} {
  return {
    offset: whole(page.offset, 'offset', 0, Infinity),
    limit: whole(page.limit, 'limit', DEFAULT_PAGE, MAX_PAGE),
  }
}
