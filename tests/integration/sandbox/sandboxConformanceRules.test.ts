/**
 * Conformance: sequence, expiry and fee rules, Payment results, and NetworkID on a network without one.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet, hashes, xrpToDrops } from 'xrpl'

import { accountData, fund, signRaw, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
let alice: Wallet

beforeEach(async () => {
  h = await startHarness()
  alice = Wallet.generate()
  await fund(h, 20, alice)
})

afterEach(async () => {
  await h.stop()
})

/** A complete Payment from alice (fee 12, her next sequence, LastLedgerSequence + 20), with overrides. */
async function payment(fields: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
  const { Sequence } = await accountData(h.client, alice.address)
  return {
    TransactionType: 'Payment',
    Account: alice.address,
    Destination: h.genesis.address,
    Amount: xrpToDrops(1),
    Fee: '12',
    Sequence,
    LastLedgerSequence: (await h.client.getLedgerIndex()) + 20,
    ...fields,
  }
}

async function submitRaw(tx: Record<string, unknown>): Promise<string> {
  return (await submitBlob(h.client, signRaw(alice, tx))).engine_result
}

async function txResult(hash: string) {
  return h.client.request({ command: 'tx', transaction: hash })
}

describe('sequences and expiry', () => {
  it('a sequence that has passed → tefPAST_SEQ', async () => {
    expect(await submitRaw(await payment())).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const { Sequence } = await accountData(h.client, alice.address)
    expect(await submitRaw(await payment({ Sequence: Sequence - 1 }))).toBe('tefPAST_SEQ')
  })

  it('a future sequence → terPRE_SEQ and held; it applies right after the gap is filled', async () => {
    const first = await payment()
    const blob = signRaw(alice, { ...first, Sequence: (first.Sequence as number) + 1 })
    const second = hashes.hashSignedTx(blob)
    const held = await submitBlob(h.client, blob)
    expect(held).toMatchObject({
      engine_result: 'terPRE_SEQ',
      applied: false,
      kept: true,
      queued: false,
    })
    expect((await txResult(second)).result.validated).toBe(false)
    // rippled's NetworkOPs applies the held successor as soon as its predecessor succeeds.
    expect(await submitRaw(first)).toBe('tesSUCCESS')
    expect((await accountData(h.client, alice.address)).Sequence).toBe(
      (first.Sequence as number) + 2,
    )
    const closed = await h.sb.ledgerAccept()
    const res = await txResult(second)
    expect(res.result).toMatchObject({
      validated: true,
      ledger_index: closed,
      meta: { TransactionResult: 'tesSUCCESS' },
    })
  })

  it('with fail_hard a future sequence → terPRE_SEQ, not kept: it never applies', async () => {
    const first = await payment()
    const blob = signRaw(alice, { ...first, Sequence: (first.Sequence as number) + 1 })
    const res = await h.client.request({ command: 'submit', tx_blob: blob, fail_hard: true })
    expect(res.result).toMatchObject({ engine_result: 'terPRE_SEQ', kept: false, accepted: false })
    expect(await submitRaw(first)).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    const { Sequence } = await accountData(h.client, alice.address, 'validated')
    expect(Sequence).toBe((first.Sequence as number) + 1)
  })

  it('the same blob again while it is in the open ledger → tefPAST_SEQ, applied once', async () => {
    const blob = signRaw(alice, await payment())
    expect((await submitBlob(h.client, blob)).engine_result).toBe('tesSUCCESS')
    expect((await submitBlob(h.client, blob)).engine_result).toBe('tefPAST_SEQ')
    const closed = await h.sb.ledgerAccept()
    const ledger = await h.client.request({
      command: 'ledger',
      ledger_index: closed,
      transactions: true,
    })
    expect(ledger.result.ledger.transactions).toEqual([hashes.hashSignedTx(blob)])
  })

  it('a LastLedgerSequence that has passed → tefMAX_LEDGER; equal to the open ledger is still fine', async () => {
    const current = (await h.client.request({ command: 'ledger_current' })).result
      .ledger_current_index
    expect(await submitRaw(await payment({ LastLedgerSequence: current - 1 }))).toBe(
      'tefMAX_LEDGER',
    )
    expect(await submitRaw(await payment({ LastLedgerSequence: current }))).toBe('tesSUCCESS')
  })

  it('a Fee below the base fee of 10 drops → telINSUF_FEE_P', async () => {
    expect(await submitRaw(await payment({ Fee: '9' }))).toBe('telINSUF_FEE_P')
    expect(await submitRaw(await payment({ Fee: '10' }))).toBe('tesSUCCESS')
  })

  it('a NetworkID field on a network without one → telNETWORK_ID_MAKES_TX_NON_CANONICAL', async () => {
    expect(await submitRaw(await payment({ NetworkID: 1 }))).toBe(
      'telNETWORK_ID_MAKES_TX_NON_CANONICAL',
    )
  })

  it('the sequence is checked before LastLedgerSequence, the signing key and the fee', async () => {
    expect(await submitRaw(await payment())).toBe('tesSUCCESS')
    const { Sequence } = await accountData(h.client, alice.address)
    const current = h.sb.ledger.currentIndex
    const past = { Sequence: Sequence - 1 }
    expect(await submitRaw(await payment({ ...past, LastLedgerSequence: current - 1 }))).toBe(
      'tefPAST_SEQ',
    )
    expect(await submitRaw(await payment({ ...past, Fee: '1' }))).toBe('tefPAST_SEQ')
    const stranger = Wallet.fromSeed(Wallet.generate().seed!, { masterAddress: alice.address })
    const blob = signRaw(stranger, await payment(past))
    expect((await submitBlob(h.client, blob)).engine_result).toBe('tefPAST_SEQ')
    // Then LastLedgerSequence before the signing key.
    const late = signRaw(stranger, await payment({ LastLedgerSequence: current - 1 }))
    expect((await submitBlob(h.client, late)).engine_result).toBe('tefMAX_LEDGER')
  })

  it('a transaction from an account that does not exist → terNO_ACCOUNT', async () => {
    const ghost = Wallet.generate()
    const tx = { ...(await payment()), Account: ghost.address, Sequence: 1 }
    expect((await submitBlob(h.client, signRaw(ghost, tx))).engine_result).toBe('terNO_ACCOUNT')
  })
})

describe('Payment (XRP)', () => {
  it('an Amount of 0 → temBAD_AMOUNT', async () => {
    expect(await submitRaw(await payment({ Amount: '0' }))).toBe('temBAD_AMOUNT')
  })

  it('a payment to oneself → temREDUNDANT', async () => {
    expect(await submitRaw(await payment({ Destination: alice.address }))).toBe('temREDUNDANT')
  })

  it('less than the base reserve to a missing account → tecNO_DST_INSUF_XRP; fee and sequence consumed', async () => {
    const before = await accountData(h.client, alice.address)
    const tx = await payment({ Destination: Wallet.generate().address, Amount: '999999' })
    expect(await submitRaw(tx)).toBe('tecNO_DST_INSUF_XRP')
    await h.sb.ledgerAccept()
    const after = await accountData(h.client, alice.address, 'validated')
    expect(after.Sequence).toBe(before.Sequence + 1)
    expect(BigInt(after.Balance)).toBe(BigInt(before.Balance) - 12n)
    const missing = await h.client
      .request({ command: 'account_info', account: tx.Destination as string })
      .catch((e: unknown) => e)
    expect(missing).toMatchObject({ data: { error: 'actNotFound' } })
  })

  it('more than the balance → tecUNFUNDED_PAYMENT', async () => {
    expect(await submitRaw(await payment({ Amount: xrpToDrops(50) }))).toBe('tecUNFUNDED_PAYMENT')
  })

  it('spending into the reserve → tecUNFUNDED_PAYMENT; down to the reserve → tesSUCCESS', async () => {
    // rippled: priorBalance ≥ Amount + max(reserve, Fee); the fee itself may dip into the reserve.
    expect(await submitRaw(await payment({ Amount: '19000001' }))).toBe('tecUNFUNDED_PAYMENT')
    // The tec cost 12 drops: 19_999_988 left, so 18_999_988 is exactly the most alice can send.
    expect(await submitRaw(await payment({ Amount: '18999989' }))).toBe('tecUNFUNDED_PAYMENT')
    expect(await submitRaw(await payment({ Amount: '18999976' }))).toBe('tesSUCCESS')
  })

  it('SendMax on an XRP payment → temBAD_SEND_XRP_MAX; tfPartialPayment → temBAD_SEND_XRP_PARTIAL', async () => {
    expect(await submitRaw(await payment({ SendMax: xrpToDrops(2) }))).toBe('temBAD_SEND_XRP_MAX')
    expect(await submitRaw(await payment({ Flags: 0x00020000 }))).toBe('temBAD_SEND_XRP_PARTIAL')
  })
})
