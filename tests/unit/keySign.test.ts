/**
 * Signing with a key the app holds (src/worker/wallet/keySign.ts): the native ed25519 path gives the
 * very blob and hash xrpl.js's Wallet.sign gives, for every kind of transaction the engine signs;
 * what it cannot sign natively goes through xrpl.js, and xrpl.js's checks still refuse a bad one.
 */
import { afterEach, expect, it, vi } from 'vitest'
import { ECDSA, Wallet, decode, verifySignature } from 'xrpl'
import type { SubmittableTransaction } from 'xrpl'

import { signWithKey } from '../../src/worker/wallet/keySign.ts'

const NFT = '000800006D2A2E5E1B8E51F2A7E3C8F6A8D2B1C4E5F6A7B8C9D0E1F200000001'
const other = Wallet.generate().classicAddress

function transactions(account: string): SubmittableTransaction[] {
  const base = { Account: account, Fee: '12', Sequence: 7, LastLedgerSequence: 99 }
  return [
    {
      ...base,
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: NFT,
      Amount: '0',
      Destination: other,
      Flags: 1,
    },
    {
      ...base,
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: NFT,
      Amount: { currency: 'USD', issuer: other, value: '12.5' },
      Flags: 1,
      Expiration: 900_000_000,
    },
    { ...base, TransactionType: 'NFTokenBurn', NFTokenID: NFT, Owner: undefined },
    {
      ...base,
      TransactionType: 'NFTokenCancelOffer',
      NFTokenOffers: [NFT, NFT.replace(/1$/, '2')],
    },
    { ...base, TransactionType: 'AccountSet' },
    { ...base, TransactionType: 'Payment', Destination: other, Amount: '1000000' },
    // xrpl.js rewrites this amount ('1.50' to '1.5') before signing: it signs it itself.
    {
      ...base,
      TransactionType: 'Payment',
      Destination: other,
      Amount: { currency: 'USD', issuer: other, value: '1.50' },
    },
  ]
}

afterEach(() => vi.restoreAllMocks())

it.each([ECDSA.ed25519, ECDSA.secp256k1])(
  'a %s key signs every kind of transaction exactly as xrpl.js does',
  async (algorithm) => {
    const native = vi.spyOn(crypto.subtle, 'sign')
    const wallet = Wallet.generate(algorithm)
    const sign = signWithKey(wallet)
    const txs = transactions(wallet.classicAddress)
    for (const tx of txs) {
      const expected = wallet.sign(tx)
      const got = await sign(tx)
      expect(got).toEqual({ txBlob: expected.tx_blob, hash: expected.hash })
      expect(verifySignature(got.txBlob)).toBe(true)
    }
    // ed25519 signs natively, all but the Payment xrpl.js rewrites; secp256k1 never (no such curve).
    expect(native).toHaveBeenCalledTimes(algorithm === ECDSA.ed25519 ? txs.length - 1 : 0)
  },
)

it('where the platform has no Ed25519 (an older browser), xrpl.js signs and the result is the same', async () => {
  const importKey = vi
    .spyOn(crypto.subtle, 'importKey')
    .mockRejectedValue(new Error('NotSupported'))
  const wallet = Wallet.generate(ECDSA.ed25519)
  const sign = signWithKey(wallet)
  const tx = transactions(wallet.classicAddress)[0]!
  const got = await sign(tx)
  expect(importKey).toHaveBeenCalled()
  expect(got.txBlob).toBe(wallet.sign(tx).tx_blob)
})

it("a malformed transaction is refused with xrpl.js's words, on the native path too", async () => {
  const wallet = Wallet.generate(ECDSA.ed25519)
  const sign = signWithKey(wallet)
  const bad = { ...transactions(wallet.classicAddress)[2]!, NFTokenID: undefined }
  await expect(sign(bad as unknown as SubmittableTransaction)).rejects.toThrow(/NFTokenID/)
})

it('the signed transaction is the one asked: no field added or dropped', async () => {
  const wallet = Wallet.generate(ECDSA.ed25519)
  const tx = transactions(wallet.classicAddress)[0]!
  const { txBlob } = await signWithKey(wallet)(tx)
  const { TxnSignature, SigningPubKey, ...fields } = decode(txBlob)
  expect(fields).toEqual(tx)
  expect(SigningPubKey).toBe(wallet.publicKey)
  expect(TxnSignature).toMatch(/^[0-9A-F]{128}$/)
})
