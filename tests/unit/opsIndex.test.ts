import { Wallet, decode, validate } from 'xrpl'
import { describe, expect, it } from 'vitest'

import type { Intent } from '../../src/db/types/jobItems.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import { buildTransaction, validateIntent } from '../../src/worker/jobKinds.ts'

const ACCOUNT = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'
const RECIPIENT = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'
const NFT_ID = '000B0539C35B55AA096BA6C87A6E6C965A6534150DC56E5E12C5D09E0000000C'
const OFFER_ID = 'AB'.repeat(32)

function rejection(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (!isEngineError(error)) throw error
    return { code: error.code, message: error.message }
  }
  throw new Error('expected a rejection')
}

const CASES: [string, Intent, Record<string, unknown>][] = [
  [
    'an offer',
    { type: 'offer', nftId: NFT_ID, amountDrops: '0', destination: RECIPIENT },
    {
      TransactionType: 'NFTokenCreateOffer',
      Account: ACCOUNT,
      NFTokenID: NFT_ID,
      Amount: '0',
      Flags: 1,
      Destination: RECIPIENT,
    },
  ],
  [
    'a burn',
    { type: 'burn', nftId: NFT_ID },
    { TransactionType: 'NFTokenBurn', Account: ACCOUNT, NFTokenID: NFT_ID },
  ],
  [
    'a cancellation',
    { type: 'cancel', offerIds: [OFFER_ID] },
    { TransactionType: 'NFTokenCancelOffer', Account: ACCOUNT, NFTokenOffers: [OFFER_ID] },
  ],
  [
    'an acceptance of a bid',
    { type: 'accept', offerId: OFFER_ID.toLowerCase(), nftId: NFT_ID },
    { TransactionType: 'NFTokenAcceptOffer', Account: ACCOUNT, NFTokenBuyOffer: OFFER_ID },
  ],
]

describe('buildTransaction', () => {
  it.each(CASES)('builds the transaction of %s', (_name, intent, expected) => {
    const tx = buildTransaction(ACCOUNT, intent)
    expect(tx).toEqual(expected)
    expect(() => validate({ ...tx })).not.toThrow()
  })

  it.each(CASES)('builds %s that a wallet signs', (_name, intent) => {
    const wallet = Wallet.generate()
    const tx = buildTransaction(wallet.classicAddress, intent)
    const signed = wallet.sign({ ...tx, Fee: '12', Sequence: 5, LastLedgerSequence: 30 })
    expect(decode(signed.tx_blob)).toMatchObject({
      TransactionType: tx.TransactionType,
      Account: wallet.classicAddress,
    })
  })

  it.each<[string, Intent, string]>([
    [
      'an offer with a decimal amount',
      { type: 'offer', nftId: NFT_ID, amountDrops: '0.5' },
      'Invalid amount "0.5": expected a whole number of drops (digits only, without sign, decimal point or leading zeros).',
    ],
    [
      'a burn of a malformed NFT id',
      { type: 'burn', nftId: 'nope' },
      'Invalid NFT id "nope": expected 64 hexadecimal characters.',
    ],
    [
      'an empty cancellation',
      { type: 'cancel', offerIds: [] },
      'Nothing to cancel: the list of offer ids is empty.',
    ],
    [
      'an unknown intent type',
      { type: 'teleport' } as unknown as Intent,
      'Unknown intent type "teleport": expected offer, burn, cancel, accept, removeRegularKey, mint, modify or setMinter.',
    ],
    [
      'an intent that is not an object',
      null as unknown as Intent,
      'Unknown intent type (missing): expected offer, burn, cancel, accept, removeRegularKey, mint, modify or setMinter.',
    ],
  ])('validates first and refuses %s', (_name, intent, message) => {
    const expected = { code: 'VALIDATION', message }
    expect(rejection(() => buildTransaction(ACCOUNT, intent))).toEqual(expected)
    expect(rejection(() => validateIntent(intent, ACCOUNT))).toEqual(expected)
  })

  it('refuses a malformed signing account for every intent type', () => {
    for (const [, intent] of CASES) {
      expect(rejection(() => buildTransaction('r123', intent))).toEqual({
        code: 'VALIDATION',
        message: 'Invalid account "r123": expected a classic address (r…).',
      })
    }
  })
})

describe('validateIntent', () => {
  it.each(CASES)('accepts %s', (_name, intent) => {
    expect(() => validateIntent(intent, ACCOUNT)).not.toThrow()
  })
})

describe('validateIntent: accept', () => {
  it('refuses a malformed or all-zero bid id, and a malformed NFT id', () => {
    expect(
      rejection(() => validateIntent({ type: 'accept', offerId: '12AB', nftId: NFT_ID }, ACCOUNT)),
    ).toEqual({
      code: 'VALIDATION',
      message: 'Invalid offer id "12AB": expected 64 hexadecimal characters.',
    })
    expect(
      rejection(() =>
        validateIntent({ type: 'accept', offerId: '0'.repeat(64), nftId: NFT_ID }, ACCOUNT),
      ).code,
    ).toBe('VALIDATION')
    expect(
      rejection(() => validateIntent({ type: 'accept', offerId: OFFER_ID, nftId: 'XYZ' }, ACCOUNT))
        .code,
    ).toBe('VALIDATION')
  })
})

describe('buildTransaction: removeRegularKey', () => {
  it('is a SetRegularKey without a RegularKey: it removes the key', () => {
    const account = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
    const tx = buildTransaction(account, {
      type: 'removeRegularKey',
      keyAddress: 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe',
    })
    expect(tx).toEqual({ TransactionType: 'SetRegularKey', Account: account })
  })
})
