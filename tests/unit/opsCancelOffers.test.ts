import { Wallet, decode, validate } from 'xrpl'
import { describe, expect, it } from 'vitest'

import type { Intent } from '../../src/db/types/jobItems.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import {
  MAX_OFFERS_PER_CANCEL,
  buildCancelOffers,
  packOfferIds,
  validateCancelIntent,
} from '../../src/worker/ledger/cancelOffers.ts'

const ACCOUNT = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'

/** Distinct, non-zero offer ids: 1, 2, 3, … as 64 hex digits. */
function offerIds(count: number, from = 1): string[] {
  return Array.from({ length: count }, (_, i) =>
    (from + i).toString(16).toUpperCase().padStart(64, '0'),
  )
}

function cancel(ids: string[]): Intent {
  return { type: 'cancel', offerIds: ids }
}

function rejection(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (!isEngineError(error)) throw error
    return { code: error.code, message: error.message }
  }
  throw new Error('expected a rejection')
}

const [A, B] = offerIds(2) as [string, string]
const HEX_RULE = 'expected 64 hexadecimal characters.'

describe('validateCancelIntent', () => {
  it.each<[string, string[]]>([
    ['one id', [A]],
    ['500 ids', offerIds(500)],
    ['lower-case ids', [A.toLowerCase(), B.toLowerCase()]],
    ['the largest id', ['F'.repeat(64)]],
  ])('accepts %s', (_name, ids) => {
    expect(() => validateCancelIntent(cancel(ids), ACCOUNT)).not.toThrow()
  })

  it('allows 500 ids per transaction', () => {
    expect(MAX_OFFERS_PER_CANCEL).toBe(500)
  })

  it.each<[string, unknown, string]>([
    ['an empty list', [], 'Nothing to cancel: the list of offer ids is empty.'],
    [
      '501 ids',
      offerIds(501),
      'Too many offer ids in one cancellation: 501 (at most 500 per transaction).',
    ],
    ['a list that is not a list', A, 'Invalid offer ids: expected a list of offer ids.'],
    ['a short id', [A, 'ABC'], `Invalid offer id "ABC": ${HEX_RULE}`],
    ['a non-hex id', [`${A.slice(1)}Z`], `Invalid offer id "${A.slice(1)}Z": ${HEX_RULE}`],
    ['an id that is not a string', [A, 7], `Invalid offer id a number: ${HEX_RULE}`],
    ['a null id', [null], `Invalid offer id null: ${HEX_RULE}`],
    ['the all-zero id', ['0'.repeat(64)], 'Invalid offer id: the all-zero id names no offer.'],
    [
      'a repeated id',
      [A, B, A],
      `Offer id "${A}" is listed twice: each offer may appear only once per cancellation.`,
    ],
    [
      'an id repeated in another letter case',
      ['ab'.repeat(32), 'AB'.repeat(32)],
      `Offer id "${'AB'.repeat(32)}" is listed twice: each offer may appear only once per cancellation.`,
    ],
  ])('rejects %s', (_name, ids, message) => {
    const intent = { type: 'cancel', offerIds: ids } as Intent
    expect(rejection(() => validateCancelIntent(intent, ACCOUNT))).toEqual({
      code: 'VALIDATION',
      message,
    })
  })

  it('rejects an intent of another type and a malformed account', () => {
    expect(rejection(() => validateCancelIntent({ type: 'burn', nftId: A }, ACCOUNT))).toEqual({
      code: 'VALIDATION',
      message: 'Expected an intent of type "cancel", got "burn".',
    })
    expect(rejection(() => validateCancelIntent(cancel([A]), ''))).toEqual({
      code: 'VALIDATION',
      message: 'Invalid account "": expected a classic address (r…).',
    })
  })
})

describe('buildCancelOffers', () => {
  it('builds an NFTokenCancelOffer with the ids upper-cased, in order', () => {
    const tx = buildCancelOffers(ACCOUNT, { type: 'cancel', offerIds: [B.toLowerCase(), A] })
    expect(tx).toEqual({
      TransactionType: 'NFTokenCancelOffer',
      Account: ACCOUNT,
      NFTokenOffers: [B, A],
    })
    expect(() => validate({ ...tx })).not.toThrow()
  })

  it('builds a 500-offer cancellation a wallet can sign once Fee and Sequence are added', () => {
    const wallet = Wallet.generate()
    const intent = { type: 'cancel' as const, offerIds: offerIds(500) }
    validateCancelIntent(intent, wallet.classicAddress)
    const tx = buildCancelOffers(wallet.classicAddress, intent)
    expect(() => validate({ ...tx })).not.toThrow()
    const signed = wallet.sign({ ...tx, Fee: '12', Sequence: 3 })
    const decoded = decode(signed.tx_blob)
    expect(decoded).toMatchObject({ TransactionType: 'NFTokenCancelOffer', Sequence: 3 })
    expect(decoded.NFTokenOffers).toEqual(intent.offerIds)
  })
})

describe('packOfferIds', () => {
  it.each<[number, number[]]>([
    [0, []],
    [1, [1]],
    [499, [499]],
    [500, [500]],
    [501, [500, 1]],
    [1000, [500, 500]],
    [1001, [500, 500, 1]],
  ])('packs %i ids into groups of %j', (count, sizes) => {
    const ids = offerIds(count)
    const groups = packOfferIds(ids)
    expect(groups.map((group) => group.length)).toEqual(sizes)
    expect(groups.flat()).toEqual(ids)
  })

  it('drops duplicates (in any letter case) and keeps first-seen order', () => {
    const [x, y, z] = offerIds(3) as [string, string, string]
    expect(packOfferIds([z, x, z, y.toLowerCase(), x, y])).toEqual([[z, x, y]])
  })

  it('counts groups after removing duplicates', () => {
    const ids = offerIds(600)
    const groups = packOfferIds([...ids, ...ids.map((id) => id.toLowerCase())])
    expect(groups.map((group) => group.length)).toEqual([500, 100])
    expect(groups.flat()).toEqual(ids)
  })

  it('packs each group so validateCancelIntent accepts it', () => {
    for (const group of packOfferIds(offerIds(1001))) {
      expect(() => validateCancelIntent(cancel(group), ACCOUNT)).not.toThrow()
    }
  })

  it('uses a smaller group size when asked', () => {
    expect(packOfferIds(offerIds(5), 2).map((group) => group.length)).toEqual([2, 2, 1])
  })

  it.each([0, -1, 1.5, 501, Number.NaN])('refuses a group size of %d', (max) => {
    expect(rejection(() => packOfferIds([A], max))).toEqual({
      code: 'INTERNAL',
      message: `Offer ids per cancellation must be 1 to 500, not ${max}.`,
    })
  })
})
