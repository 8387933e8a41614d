import { describe, expect, it } from 'vitest'
import { Wallet, decode } from 'xrpl'
import type { SubmittableTransaction } from 'xrpl'

import { signedByAccount } from '../../src/worker/ledger/rivalProof.ts'

const account = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2')
const regular = Wallet.fromSeed('sEdSKaCy2JT7JaM7v95H9SxkhP9wS2r')
const impostor = Wallet.fromSeed('sEd7rBGm5kxzauRTAV2hbsNz7N45X91')

/** A signed transaction as a stream prints it (API v2: the hash beside tx_json, ledger fields in it). */
function streamed(wallet: Wallet, tx: Partial<SubmittableTransaction> = {}) {
  const signed = wallet.sign({
    TransactionType: 'AccountSet',
    Account: account.classicAddress,
    Sequence: 42,
    Fee: '12',
    ...tx,
  } as SubmittableTransaction)
  const txJson = { ...decode(signed.tx_blob), date: 800_000_000, ledger_index: 77, ctid: 'C0' }
  return { hash: signed.hash, txJson }
}

describe('a rival transaction proves its sequence used only with the account signature', () => {
  it('takes the master key and the regular key', () => {
    const master = streamed(account)
    expect(signedByAccount(master.hash, master.txJson, account.classicAddress, undefined)).toBe(
      true,
    )
    const byRegular = streamed(regular)
    expect(
      signedByAccount(byRegular.hash, byRegular.txJson, account.classicAddress, regular.address),
    ).toBe(true)
    // A regular key the account does not have (any more) proves nothing.
    expect(
      signedByAccount(byRegular.hash, byRegular.txJson, account.classicAddress, undefined),
    ).toBe(false)
  })

  it('refuses another key, a changed field, a hash that is not the signed one', () => {
    const forged = streamed(impostor)
    expect(signedByAccount(forged.hash, forged.txJson, account.classicAddress, undefined)).toBe(
      false,
    )
    const real = streamed(account)
    const tampered = { ...real.txJson, Sequence: 43 }
    expect(signedByAccount(real.hash, tampered, account.classicAddress, undefined)).toBe(false)
    const other = streamed(account, { Sequence: 44 })
    expect(signedByAccount(other.hash, real.txJson, account.classicAddress, undefined)).toBe(false)
    expect(
      signedByAccount(
        real.hash,
        { ...real.txJson, SigningPubKey: '' },
        account.classicAddress,
        undefined,
      ),
    ).toBe(false)
    expect(
      signedByAccount(
        real.hash,
        { Account: account.classicAddress },
        account.classicAddress,
        undefined,
      ),
    ).toBe(false)
  })

  it("reads API v2's DeliverMax as the Amount that was signed", () => {
    const payment = streamed(account, {
      TransactionType: 'Payment',
      Destination: impostor.classicAddress,
      Amount: '1000',
    })
    const { Amount, ...rest } = payment.txJson as Record<string, unknown>
    const v2 = { ...rest, DeliverMax: Amount }
    expect(signedByAccount(payment.hash, v2, account.classicAddress, undefined)).toBe(true)
  })
})
