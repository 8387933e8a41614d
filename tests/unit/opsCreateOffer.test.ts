import { Wallet, decode, validate } from 'xrpl'
import { describe, expect, it } from 'vitest'

import type { Intent } from '../../src/db/types/jobItems.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import {
  MAX_OFFER_DROPS,
  buildCreateOffer,
  validateOfferIntent,
} from '../../src/worker/ledger/createOffer.ts'

const ACCOUNT = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'
const RECIPIENT = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'
const NFT_ID = '000B0539C35B55AA096BA6C87A6E6C965A6534150DC56E5E12C5D09E0000000C'

type OfferFields = Omit<Extract<Intent, { type: 'offer' }>, 'type'>

function offer(fields: Partial<OfferFields> = {}): Intent {
  return { type: 'offer', nftId: NFT_ID, amountDrops: '0', ...fields }
}

/** The error a call throws, as a caller sees it across the worker boundary. */
function rejection(run: () => unknown): { code: string; message: string; field: unknown } {
  try {
    run()
  } catch (error) {
    if (!isEngineError(error)) throw error
    return {
      code: error.code,
      message: error.message,
      field: (error.data as { field?: unknown }).field,
    }
  }
  throw new Error('expected a rejection')
}

const AMOUNT_RULE =
  'expected a whole number of drops (digits only, without sign, decimal point or leading zeros).'
const EXPIRATION_RULE =
  'expected a positive whole number of seconds since 2000-01-01 (Ripple epoch time).'

describe('validateOfferIntent', () => {
  it.each<[string, Intent]>([
    ['a free offer to anyone', offer()],
    ['a priced offer to a recipient', offer({ amountDrops: '1500000', destination: RECIPIENT })],
    ['all the XRP there is', offer({ amountDrops: '100000000000000000' })],
    ['a lower-case NFT id', offer({ nftId: NFT_ID.toLowerCase() })],
    ['the first second of the Ripple epoch', offer({ expiration: 1 })],
    ['the last second a UInt32 holds', offer({ expiration: 4_294_967_295 })],
    ['every field', offer({ amountDrops: '1', destination: RECIPIENT, expiration: 800_000_000 })],
  ])('accepts %s', (_name, intent) => {
    expect(() => validateOfferIntent(intent, ACCOUNT)).not.toThrow()
  })

  it('caps amounts at 100 billion XRP in drops', () => {
    expect(MAX_OFFER_DROPS).toBe(100_000_000_000_000_000n)
  })

  it.each<[string, Intent, string, string]>([
    [
      'a short NFT id',
      offer({ nftId: 'abc' }),
      'nftId',
      'Invalid NFT id "abc": expected 64 hexadecimal characters.',
    ],
    [
      'a 65-digit NFT id',
      offer({ nftId: `${NFT_ID}0` }),
      'nftId',
      `Invalid NFT id "${NFT_ID}0": expected 64 hexadecimal characters.`,
    ],
    [
      'a non-hex NFT id',
      offer({ nftId: `${NFT_ID.slice(1)}G` }),
      'nftId',
      `Invalid NFT id "${NFT_ID.slice(1)}G": expected 64 hexadecimal characters.`,
    ],
    [
      'an NFT id that is not a string',
      offer({ nftId: 12 as unknown as string }),
      'nftId',
      'Invalid NFT id a number: expected 64 hexadecimal characters.',
    ],
    [
      'a negative amount',
      offer({ amountDrops: '-1' }),
      'amountDrops',
      `Invalid amount "-1": ${AMOUNT_RULE}`,
    ],
    [
      'a signed amount',
      offer({ amountDrops: '+1' }),
      'amountDrops',
      `Invalid amount "+1": ${AMOUNT_RULE}`,
    ],
    [
      'a decimal amount',
      offer({ amountDrops: '1.5' }),
      'amountDrops',
      `Invalid amount "1.5": ${AMOUNT_RULE}`,
    ],
    [
      'an exponent',
      offer({ amountDrops: '1e6' }),
      'amountDrops',
      `Invalid amount "1e6": ${AMOUNT_RULE}`,
    ],
    [
      'a hex amount',
      offer({ amountDrops: '0x10' }),
      'amountDrops',
      `Invalid amount "0x10": ${AMOUNT_RULE}`,
    ],
    [
      'a leading zero',
      offer({ amountDrops: '01' }),
      'amountDrops',
      `Invalid amount "01": ${AMOUNT_RULE}`,
    ],
    [
      'a leading space',
      offer({ amountDrops: ' 1' }),
      'amountDrops',
      `Invalid amount " 1": ${AMOUNT_RULE}`,
    ],
    [
      'a trailing newline',
      offer({ amountDrops: '1\n' }),
      'amountDrops',
      `Invalid amount "1\\n": ${AMOUNT_RULE}`,
    ],
    [
      'an empty amount',
      offer({ amountDrops: '' }),
      'amountDrops',
      `Invalid amount "": ${AMOUNT_RULE}`,
    ],
    [
      'an amount as a number',
      offer({ amountDrops: 1000 as unknown as string }),
      'amountDrops',
      `Invalid amount a number: ${AMOUNT_RULE}`,
    ],
    [
      'a thousand digits',
      offer({ amountDrops: '9'.repeat(1000) }),
      'amountDrops',
      `Invalid amount "${'9'.repeat(70)}…": more than 100,000,000,000 XRP, all the XRP there is.`,
    ],
    [
      'one drop too many',
      offer({ amountDrops: '100000000000000001' }),
      'amountDrops',
      'Invalid amount "100000000000000001": more than 100,000,000,000 XRP, all the XRP there is.',
    ],
    [
      'a malformed recipient',
      offer({ destination: 'rNotAnAddress' }),
      'destination',
      'Invalid recipient "rNotAnAddress": expected a classic address (r…).',
    ],
    [
      'an empty recipient',
      offer({ destination: '' }),
      'destination',
      'Invalid recipient "": expected a classic address (r…).',
    ],
    [
      'an X-address recipient',
      offer({ destination: 'X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ' }),
      'destination',
      'Invalid recipient "X7AcgcsBL6XDcUb289X4mJ8djcdyKaB5hJDWMArnXr61cqZ": expected a classic address (r…).',
    ],
    [
      'the own account as recipient',
      offer({ destination: ACCOUNT }),
      'destination',
      `The recipient ${ACCOUNT} is your own account: an offer cannot be made to yourself.`,
    ],
    [
      'a zero expiration',
      offer({ expiration: 0 }),
      'expiration',
      `Invalid expiration 0: ${EXPIRATION_RULE}`,
    ],
    [
      'a negative expiration',
      offer({ expiration: -5 }),
      'expiration',
      `Invalid expiration -5: ${EXPIRATION_RULE}`,
    ],
    [
      'a fractional expiration',
      offer({ expiration: 1.5 }),
      'expiration',
      `Invalid expiration 1.5: ${EXPIRATION_RULE}`,
    ],
    [
      'NaN',
      offer({ expiration: Number.NaN }),
      'expiration',
      `Invalid expiration NaN: ${EXPIRATION_RULE}`,
    ],
    [
      'an expiration past UInt32',
      offer({ expiration: 2 ** 32 }),
      'expiration',
      `Invalid expiration 4294967296: ${EXPIRATION_RULE}`,
    ],
    [
      'an expiration as text',
      offer({ expiration: '800' as unknown as number }),
      'expiration',
      `Invalid expiration "800": ${EXPIRATION_RULE}`,
    ],
  ])('rejects %s', (_name, intent, field, message) => {
    expect(rejection(() => validateOfferIntent(intent, ACCOUNT))).toEqual({
      code: 'VALIDATION',
      message,
      field,
    })
  })

  it('rejects an account that is not a classic address', () => {
    expect(rejection(() => validateOfferIntent(offer(), 'nobody'))).toEqual({
      code: 'VALIDATION',
      message: 'Invalid account "nobody": expected a classic address (r…).',
      field: 'account',
    })
  })

  it('rejects an intent of another type', () => {
    expect(rejection(() => validateOfferIntent({ type: 'burn', nftId: NFT_ID }, ACCOUNT))).toEqual({
      code: 'VALIDATION',
      message: 'Expected an intent of type "offer", got "burn".',
      field: 'type',
    })
  })

  it('shortens a very long value it quotes back', () => {
    const { message } = rejection(() =>
      validateOfferIntent(offer({ amountDrops: 'a'.repeat(500) }), ACCOUNT),
    )
    expect(message).toBe(`Invalid amount "${'a'.repeat(70)}…": ${AMOUNT_RULE}`)
  })
})

describe('buildCreateOffer', () => {
  it.each<[string, OfferFields, Record<string, unknown>]>([
    ['a free offer to anyone', { nftId: NFT_ID, amountDrops: '0' }, {}],
    [
      'an airdrop offer',
      { nftId: NFT_ID, amountDrops: '0', destination: RECIPIENT },
      { Destination: RECIPIENT },
    ],
    [
      'a priced offer with an expiration',
      { nftId: NFT_ID.toLowerCase(), amountDrops: '1500000', expiration: 800_000_000 },
      { Amount: '1500000', Expiration: 800_000_000 },
    ],
  ])('builds %s that xrpl.js validates', (_name, fields, extra) => {
    const intent = { type: 'offer' as const, ...fields }
    validateOfferIntent(intent, ACCOUNT)
    const tx = buildCreateOffer(ACCOUNT, intent)
    expect(tx).toEqual({
      TransactionType: 'NFTokenCreateOffer',
      Account: ACCOUNT,
      NFTokenID: NFT_ID,
      Amount: '0',
      Flags: 1,
      ...extra,
    })
    expect(() => validate({ ...tx })).not.toThrow()
  })

  it('leaves Fee, Sequence and LastLedgerSequence to the caller', () => {
    const tx = buildCreateOffer(ACCOUNT, { type: 'offer', nftId: NFT_ID, amountDrops: '5' })
    expect(tx).not.toHaveProperty('Fee')
    expect(tx).not.toHaveProperty('Sequence')
    expect(tx).not.toHaveProperty('LastLedgerSequence')
  })

  it('builds an offer a wallet can sign once Fee and Sequence are added', () => {
    const wallet = Wallet.generate()
    const intent = {
      type: 'offer' as const,
      nftId: NFT_ID,
      amountDrops: '2500000',
      destination: RECIPIENT,
      expiration: 900_000_000,
    }
    validateOfferIntent(intent, wallet.classicAddress)
    const tx = buildCreateOffer(wallet.classicAddress, intent)
    const signed = wallet.sign({ ...tx, Fee: '12', Sequence: 7, LastLedgerSequence: 120 })
    expect(signed.hash).toMatch(/^[0-9A-F]{64}$/)
    expect(decode(signed.tx_blob)).toMatchObject({
      TransactionType: 'NFTokenCreateOffer',
      Account: wallet.classicAddress,
      NFTokenID: NFT_ID,
      Amount: '2500000',
      Destination: RECIPIENT,
      Expiration: 900_000_000,
      Flags: 1,
      Sequence: 7,
    })
  })
})
