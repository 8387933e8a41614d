/**
 * The metadata cache's pure rules: which errors mean "storage full" (also when Dexie wraps them), and
 * how long each kind of entry stays fresh.
 */
import Dexie from 'dexie'
import { describe, expect, it } from 'vitest'
import { TRANSIENT_FAILURE_TTL_MS, isFresh, isQuotaError } from '../../src/db/metadataCache.ts'
import type { MetadataProblem, MetadataRow } from '../../src/db/types/metadata.ts'
import { metadataFilterClass } from '../../src/db/queries/metadata.ts'
import { METADATA_CACHE_TTL_MS } from '../../src/shared/constants.ts'

const quota = () => new DOMException('The quota has been exceeded.', 'QuotaExceededError')

describe('isQuotaError', () => {
  it.each([
    ['a DOMException', quota(), true],
    ["Dexie's mapped error", new Dexie.QuotaExceededError('full'), true],
    ['an AbortError wrapping it', new Dexie.AbortError('Transaction aborted', quota()), true],
    ['a BulkError listing it', new Dexie.BulkError('bulk failed', { 0: quota() }), true],
    ['an error with it as cause', new Error('write failed', { cause: quota() }), true],
    ['old Firefox', { name: 'NS_ERROR_DOM_QUOTA_REACHED' }, true],
    ['a constraint error', new Dexie.ConstraintError('dup'), false],
    ['a plain abort', new Dexie.AbortError('Transaction aborted'), false],
    ['a TypeError', new TypeError('x'), false],
    ['a string', 'QuotaExceededError', false],
    ['null', null, false],
  ])('%s → %s', (_, error, expected) => {
    expect(isQuotaError(error)).toBe(expected)
  })

  it('does not loop on self-referencing errors', () => {
    const e: { name: string; inner?: unknown } = { name: 'AbortError' }
    e.inner = e
    expect(isQuotaError(e)).toBe(false)
  })
})

describe('isFresh', () => {
  const now = 1_800_000_000_000
  const row = (
    age: number,
    status: MetadataRow['status'] = 'loaded',
    problem?: MetadataProblem,
  ): MetadataRow => ({
    nftId: 'A',
    status,
    ...(problem ? { problem } : {}),
    name: null,
    description: null,
    collection: null,
    image: null,
    attributes: [],
    fetchedAt: now - age,
    sizeBytes: 100,
  })

  it.each([
    ['a new entry', row(0), true],
    ['a 23 h entry', row(23 * 3600_000), true],
    ['a 24 h entry', row(METADATA_CACHE_TTL_MS), false],
    ['a definite failure at 23 h', row(23 * 3600_000, 'failed', 'not-json'), true],
    ['no URI at 23 h', row(23 * 3600_000, 'failed', 'no-uri'), true],
    ['a timeout at 4 min', row(4 * 60_000, 'failed', 'timeout'), true],
    ['a timeout at 5 min', row(TRANSIENT_FAILURE_TTL_MS, 'failed', 'timeout'), false],
    ['an HTTP error at 2 h', row(2 * 3600_000, 'failed', 'http-error'), false],
    ['a network error at 2 h', row(2 * 3600_000, 'failed', 'network'), false],
    ['an entry from the future', row(-60_000), false],
    ['no entry', undefined, false],
  ])('%s → %s', (_, r, expected) => {
    expect(isFresh(r, now)).toBe(expected)
  })
})

describe('metadataFilterClass (spec part 1 §5)', () => {
  const base = { nftId: 'A', status: 'loaded' as const, description: null, collection: null }
  const rest = { attributes: [], fetchedAt: 0, sizeBytes: 0 }
  it.each([
    [{ ...base, name: 'N', image: 'https://x/1.png', ...rest }, 'loaded'],
    [{ ...base, name: 'N', image: null, ...rest }, 'partial'],
    [{ ...base, name: null, image: 'https://x/1.png', ...rest }, 'partial'],
    [{ ...base, name: null, image: null, ...rest }, 'basic'],
    [undefined, 'basic'],
  ])('%j → %s', (row, expected) => {
    expect(metadataFilterClass(row)).toBe(expected)
  })
})
