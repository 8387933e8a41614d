import { describe, expect, it } from 'vitest'
import { verifySignature } from 'xrpl'
import type { Payment } from 'xrpl'

import { isEngineError } from '../../src/shared/errors.ts'
import type { CredentialInput } from '../../src/worker/api.ts'
import {
  parseAccountAddress,
  parseCredential,
  walletFor,
} from '../../src/worker/wallet/credentials.ts'

const SECP_SEED = 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb'
const SECP_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const SECP_HEX = '001ACAAEDECE405B2A958212629E16F2EB46B153EEE94CDD350FDEFF52795525B7'
const ED_SEED = 'sEdSKaCy2JT7JaM7v95H9SxkhP9wS2r'
const ED_ADDRESS = 'rLUEXYuLiQptky37CqLcm9USQpPiz5rkpD'
const ED_HEX = 'EDB4C4E046826BD26190D09715FC31F4E6A728204EADD112905B08B14B7F15C4F3'

function rejection(input: unknown): { code: string; message: string } {
  try {
    parseCredential(input as CredentialInput)
  } catch (error) {
    if (isEngineError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected an EngineError')
}

describe('parseCredential', () => {
  it.each([
    ['familySeed', SECP_SEED, SECP_ADDRESS, 'secp256k1'],
    ['familySeed', ED_SEED, ED_ADDRESS, 'ed25519'],
    ['secpKey', SECP_HEX.slice(2), SECP_ADDRESS, 'secp256k1'],
    ['secpKey', SECP_HEX, SECP_ADDRESS, 'secp256k1'],
    ['secpKey', ED_HEX, ED_ADDRESS, 'ed25519'],
  ] as const)('reads a %s %s as the master key of its account', (kind, secret, address, algo) => {
    const parsed = parseCredential({ kind, secret })
    expect(parsed).toMatchObject({
      account: address,
      signing: 'master',
      algorithm: algo,
      keyAddress: address,
    })
  })

  it('trims the secret (spaces, tabs, a pasted newline)', () => {
    const parsed = parseCredential({ kind: 'familySeed', secret: `\t ${ED_SEED} \n` })
    expect(parsed.account).toBe(ED_ADDRESS)
  })

  it.each(['', '   ', '\n\t', undefined, null, 42])(
    'asks for a key when the secret is %j',
    (secret) => {
      expect(rejection({ kind: 'familySeed', secret })).toEqual({
        code: 'VALIDATION',
        message: 'Please enter your wallet key',
      })
    },
  )

  it('rejects an unknown kind and a missing input', () => {
    expect(rejection({ kind: 'mnemonic', secret: SECP_SEED }).message).toBe(
      'Unknown credential kind',
    )
    expect(rejection(null).message).toBe('Unknown credential kind')
    expect(rejection({ kind: 'toString', secret: SECP_SEED }).message).toBe(
      'Unknown credential kind',
    )
  })

  it('reads a regular key (seed or hex) with the account it signs for', () => {
    for (const secret of [ED_SEED, ED_HEX, ` ${ED_HEX.toLowerCase()} `]) {
      const parsed = parseCredential({ kind: 'regularKey', secret, account: ` ${SECP_ADDRESS} ` })
      expect(parsed).toMatchObject({
        account: SECP_ADDRESS,
        signing: 'regular',
        algorithm: 'ed25519',
        keyAddress: ED_ADDRESS,
      })
    }
  })

  it('needs a valid account for a regular key', () => {
    const base = { kind: 'regularKey', secret: ED_SEED }
    expect(rejection(base).message).toBe(
      'Please enter the address of the account this regular key signs for',
    )
    expect(rejection({ ...base, account: '  ' }).code).toBe('VALIDATION')
    expect(rejection({ ...base, account: 'rNotAnAddress' }).message).toBe(
      'Invalid account address: a classic address starts with r',
    )
    expect(rejection({ ...base, account: ED_ADDRESS }).message).toBe(
      `This is the master key of ${ED_ADDRESS}, not a regular key: choose Family Seed or Secp256k1`,
    )
  })

  it('reports a malformed regular key by its format', () => {
    const account = SECP_ADDRESS
    expect(rejection({ kind: 'regularKey', secret: 'sEdBad', account }).message).toMatch(
      /^Invalid seed phrase: /,
    )
    expect(rejection({ kind: 'regularKey', secret: 'ABCD', account }).message).toMatch(
      /^Invalid private key: wrong length/,
    )
  })
})

describe('parseAccountAddress', () => {
  it('trims and checks a classic address', () => {
    expect(parseAccountAddress(` ${SECP_ADDRESS}\n`, 'missing')).toBe(SECP_ADDRESS)
    expect(() => parseAccountAddress('', 'missing')).toThrow('missing')
    expect(() => parseAccountAddress(7, 'missing')).toThrow('missing')
    expect(() => parseAccountAddress(SECP_SEED, 'missing')).toThrow('Invalid account address')
  })
})

describe('walletFor', () => {
  const payment = (account: string): Payment => ({
    TransactionType: 'Payment',
    Account: account,
    Destination: ED_ADDRESS,
    Amount: '1000',
    Fee: '12',
    Sequence: 1,
  })

  it('signs for the account with its master key', () => {
    const wallet = walletFor(parseCredential({ kind: 'secpKey', secret: SECP_HEX }))
    expect(wallet.classicAddress).toBe(SECP_ADDRESS)
    const signed = wallet.sign(payment(SECP_ADDRESS))
    expect(verifySignature(signed.tx_blob)).toBe(true)
  })

  it('signs for the account with a regular key (masterAddress)', () => {
    const credential = parseCredential({
      kind: 'regularKey',
      secret: ED_HEX,
      account: SECP_ADDRESS,
    })
    const wallet = walletFor(credential)
    expect(wallet.classicAddress).toBe(SECP_ADDRESS)
    const signed = wallet.sign(payment(SECP_ADDRESS))
    expect(verifySignature(signed.tx_blob)).toBe(true)
    expect(credential.key.publicKey).toBe(wallet.publicKey)
  })
})
