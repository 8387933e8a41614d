/**
 * Conformance: signature verification and signing authority (rippled checkSingleSign, SetRegularKey,
 * asfDisableMaster).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet, decode, encode } from 'xrpl'
import type { AccountSet, SetRegularKey, Transaction } from 'xrpl'

import {
  accountData,
  fund,
  signRaw,
  signTx,
  startHarness,
  submitBlob,
} from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

const asfDisableMaster = 4

let h: Harness
let alice: Wallet
let regular: Wallet

beforeEach(async () => {
  h = await startHarness()
  alice = Wallet.generate()
  regular = Wallet.generate()
  await fund(h, 50, alice)
})

afterEach(async () => {
  await h.stop()
})

/** Autofills, signs with `signer` and submits; returns the engine result. */
async function submitAs(signer: Wallet, tx: AccountSet | SetRegularKey): Promise<string> {
  const signed = await signTx(h.client, signer, tx)
  return (await submitBlob(h.client, signed.tx_blob)).engine_result
}

const noop = (account: string): AccountSet => ({ TransactionType: 'AccountSet', Account: account })
const setRegularKey = (account: string, key?: string): SetRegularKey => ({
  TransactionType: 'SetRegularKey',
  Account: account,
  ...(key ? { RegularKey: key } : {}),
})
const disableMaster = (account: string): AccountSet => ({
  ...noop(account),
  SetFlag: asfDisableMaster,
})

describe('signing authority', () => {
  it('a valid signature by a key that is neither the master nor the regular key → tefBAD_AUTH', async () => {
    const stranger = Wallet.fromSeed(Wallet.generate().seed!, { masterAddress: alice.address })
    expect(await submitAs(stranger, noop(alice.address))).toBe('tefBAD_AUTH')
    // Nothing was applied: the sequence is unchanged.
    const before = await accountData(h.client, alice.address, 'validated')
    expect((await accountData(h.client, alice.address)).Sequence).toBe(before.Sequence)
  })

  it('after SetRegularKey the regular key signs for the account → tesSUCCESS', async () => {
    expect(await submitAs(alice, setRegularKey(alice.address, regular.address))).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    expect((await accountData(h.client, alice.address, 'validated')).RegularKey).toBe(
      regular.address,
    )
    const asAlice = Wallet.fromSeed(regular.seed!, { masterAddress: alice.address })
    expect(asAlice.address).toBe(alice.address)
    expect(await submitAs(asAlice, noop(alice.address))).toBe('tesSUCCESS')
  })

  it('with the master key disabled, a master-signed transaction → tefMASTER_DISABLED', async () => {
    await submitAs(alice, setRegularKey(alice.address, regular.address))
    expect(await submitAs(alice, disableMaster(alice.address))).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const info = await h.client.request({ command: 'account_info', account: alice.address })
    expect(info.result.account_flags?.disableMasterKey).toBe(true)
    expect(await submitAs(alice, noop(alice.address))).toBe('tefMASTER_DISABLED')
    const asAlice = Wallet.fromSeed(regular.seed!, { masterAddress: alice.address })
    expect(await submitAs(asAlice, noop(alice.address))).toBe('tesSUCCESS')
  })

  it('asfDisableMaster without a regular key → tecNO_ALTERNATIVE_KEY (fee and sequence consumed)', async () => {
    const before = await accountData(h.client, alice.address)
    expect(await submitAs(alice, disableMaster(alice.address))).toBe('tecNO_ALTERNATIVE_KEY')
    await h.sb.ledgerAccept()
    const after = await accountData(h.client, alice.address, 'validated')
    expect(after.Sequence).toBe(before.Sequence + 1)
    expect(BigInt(after.Balance)).toBe(BigInt(before.Balance) - 12n)
    expect(after.Flags & 0x00100000).toBe(0)
  })

  it('asfDisableMaster signed with the regular key → tecNEED_MASTER_KEY; the master stays enabled', async () => {
    expect(await submitAs(alice, setRegularKey(alice.address, regular.address))).toBe('tesSUCCESS')
    const asAlice = Wallet.fromSeed(regular.seed!, { masterAddress: alice.address })
    const signed = await signTx(h.client, asAlice, disableMaster(alice.address))
    const res = await submitBlob(h.client, signed.tx_blob)
    expect(res).toMatchObject({ engine_result: 'tecNEED_MASTER_KEY', engine_result_code: 142 })
    await h.sb.ledgerAccept()
    const info = await h.client.request({ command: 'account_info', account: alice.address })
    expect(info.result.account_flags?.disableMasterKey).toBe(false)
    expect(await submitAs(alice, noop(alice.address))).toBe('tesSUCCESS')
  })

  it('removing the regular key while the master key is disabled → tecNO_ALTERNATIVE_KEY', async () => {
    await submitAs(alice, setRegularKey(alice.address, regular.address))
    await submitAs(alice, disableMaster(alice.address))
    const asAlice = Wallet.fromSeed(regular.seed!, { masterAddress: alice.address })
    expect(await submitAs(asAlice, setRegularKey(alice.address))).toBe('tecNO_ALTERNATIVE_KEY')
  })

  it('a RegularKey equal to the account → temBAD_REGKEY', async () => {
    const { Sequence } = await accountData(h.client, alice.address)
    const blob = signRaw(alice, {
      ...setRegularKey(alice.address, alice.address),
      Fee: '12',
      Sequence,
    })
    expect((await submitBlob(h.client, blob)).engine_result).toBe('temBAD_REGKEY')
  })

  it('the first master-signed SetRegularKey may pay Fee 0; the next one may not', async () => {
    const { Sequence } = await accountData(h.client, alice.address)
    const free = { ...setRegularKey(alice.address, regular.address), Fee: '0', Sequence }
    expect((await submitBlob(h.client, alice.sign(free).tx_blob)).engine_result).toBe('tesSUCCESS')
    const again = { ...free, Sequence: Sequence + 1 }
    expect((await submitBlob(h.client, alice.sign(again).tx_blob)).engine_result).toBe(
      'telINSUF_FEE_P',
    )
    await h.sb.ledgerAccept()
    const info = await h.client.request({ command: 'account_info', account: alice.address })
    expect(info.result.account_flags?.passwordSpent).toBe(true)
  })
})

describe('the free key reset (lsfPasswordSpent)', () => {
  it('is spent by the first master-signed SetRegularKey even when it pays a fee', async () => {
    expect(await submitAs(alice, setRegularKey(alice.address, regular.address))).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const info = await h.client.request({ command: 'account_info', account: alice.address })
    expect(info.result.account_flags?.passwordSpent).toBe(true)
    const { Sequence } = await accountData(h.client, alice.address)
    const free = { ...setRegularKey(alice.address), Fee: '0', Sequence }
    expect((await submitBlob(h.client, alice.sign(free).tx_blob)).engine_result).toBe(
      'telINSUF_FEE_P',
    )
  })
})

describe('signature verification', () => {
  it('a tampered signature → RPC error invalidTransaction, "Invalid signature", nothing applied', async () => {
    const signed = await signTx(h.client, alice, noop(alice.address))
    const tx = decode(signed.tx_blob) as unknown as Transaction
    const sig = tx.TxnSignature!
    tx.TxnSignature = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11)
    const error = await h.client
      .request({ command: 'submit', tx_blob: encode(tx) })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ data: { status: 'error', error: 'invalidTransaction' } })
    const { error_exception } = (error as { data: { error_exception: string } }).data
    expect(error_exception).toContain('Invalid signature')
    await h.sb.ledgerAccept()
    const { Sequence } = await accountData(h.client, alice.address, 'validated')
    expect(Sequence).toBe(tx.Sequence)
  })

  it('a blob that does not decode → invalidTransaction', async () => {
    const error = await h.client
      .request({ command: 'submit', tx_blob: 'DEADBEEF' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ data: { error: 'invalidTransaction' } })
    expect(typeof (error as { data: { error_exception: unknown } }).data.error_exception).toBe(
      'string',
    )
  })
})
