import { Wallet, decode, validate } from 'xrpl'
import { describe, expect, it } from 'vitest'

import type { Intent } from '../../src/db/types/jobItems.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import { buildBurn, validateBurnIntent } from '../../src/worker/burn/burnTx.ts'
import { buildNoop } from '../../src/worker/jobs/run/noop.ts'

const ACCOUNT = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'
const NFT_ID = '000B0539C35B55AA096BA6C87A6E6C965A6534150DC56E5E12C5D09E0000000C'

function rejection(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (!isEngineError(error)) throw error
    return { code: error.code, message: error.message }
  }
  throw new Error('expected a rejection')
}

describe('validateBurnIntent', () => {
  it.each([NFT_ID, NFT_ID.toLowerCase()])('accepts the NFT id %s', (nftId) => {
    expect(() => validateBurnIntent({ type: 'burn', nftId }, ACCOUNT)).not.toThrow()
  })

  it.each<[string, Intent, string, string]>([
    [
      'a short NFT id',
      { type: 'burn', nftId: '12AB' },
      ACCOUNT,
      'Invalid NFT id "12AB": expected 64 hexadecimal characters.',
    ],
    [
      'an NFT id with spaces',
      { type: 'burn', nftId: ` ${NFT_ID}` },
      ACCOUNT,
      `Invalid NFT id " ${NFT_ID}": expected 64 hexadecimal characters.`,
    ],
    [
      'a missing NFT id',
      { type: 'burn' } as Intent,
      ACCOUNT,
      'Invalid NFT id (missing): expected 64 hexadecimal characters.',
    ],
    [
      'an intent of another type',
      { type: 'offer', nftId: NFT_ID, amountDrops: '0' },
      ACCOUNT,
      'Expected an intent of type "burn", got "offer".',
    ],
    [
      'a malformed account',
      { type: 'burn', nftId: NFT_ID },
      'rBad',
      'Invalid account "rBad": expected a classic address (r…).',
    ],
  ])('rejects %s', (_name, intent, account, message) => {
    expect(rejection(() => validateBurnIntent(intent, account))).toEqual({
      code: 'VALIDATION',
      message,
    })
  })
})

describe('buildBurn', () => {
  it('builds an NFTokenBurn of the own NFT (no Owner) that xrpl.js validates', () => {
    const tx = buildBurn(ACCOUNT, { type: 'burn', nftId: NFT_ID.toLowerCase() })
    expect(tx).toEqual({ TransactionType: 'NFTokenBurn', Account: ACCOUNT, NFTokenID: NFT_ID })
    expect(() => validate({ ...tx })).not.toThrow()
  })

  it('builds a burn a wallet can sign once Fee and Sequence are added', () => {
    const wallet = Wallet.generate()
    const signed = wallet.sign({
      ...buildBurn(wallet.classicAddress, { type: 'burn', nftId: NFT_ID }),
      Fee: '12',
      Sequence: 11,
      LastLedgerSequence: 50,
    })
    expect(decode(signed.tx_blob)).toMatchObject({
      TransactionType: 'NFTokenBurn',
      Account: wallet.classicAddress,
      NFTokenID: NFT_ID,
      Sequence: 11,
      LastLedgerSequence: 50,
    })
  })
})

describe('buildNoop', () => {
  it('builds an AccountSet with no flags and nothing to change', () => {
    const tx = buildNoop(ACCOUNT)
    expect(tx).toEqual({ TransactionType: 'AccountSet', Account: ACCOUNT })
    expect(() => validate({ ...tx })).not.toThrow()
  })

  it('fills a given sequence number once signed', () => {
    const wallet = Wallet.generate()
    const signed = wallet.sign({ ...buildNoop(wallet.classicAddress), Fee: '12', Sequence: 42 })
    const decoded = decode(signed.tx_blob)
    expect(decoded).toMatchObject({ TransactionType: 'AccountSet', Sequence: 42, Fee: '12' })
    expect(decoded).not.toHaveProperty('SetFlag')
    expect(decoded).not.toHaveProperty('ClearFlag')
  })

  it('rejects an account that is not a classic address', () => {
    expect(rejection(() => buildNoop('not-an-address'))).toEqual({
      code: 'VALIDATION',
      message: 'Invalid account "not-an-address": expected a classic address (r…).',
    })
  })
})
