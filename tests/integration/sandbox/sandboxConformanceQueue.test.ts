/**
 * Conformance: open-ledger fee escalation and the transaction queue (rippled TxQ), with an expected
 * ledger size of 5: rippled escalates once the open ledger holds more than that, so six transactions
 * at the base fee fill it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { AccountSet } from 'xrpl'

import {
  accountData,
  fillOpenLedger,
  fund,
  payFromGenesis,
  signedAccountSet,
  startHarness,
  submitBlob,
} from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
let alice: Wallet
let bob: Wallet
let aliceSeq: number

beforeEach(async () => {
  h = await startHarness({ expectedLedgerSize: 5 })
  alice = Wallet.generate()
  bob = Wallet.generate()
  await fund(h, 100, alice, bob)
  aliceSeq = (await accountData(h.client, alice.address)).Sequence
  await fillOpenLedger(h)
})

afterEach(async () => {
  await h.stop()
})

/** A signed AccountSet of alice with this sequence offset from her account Sequence. */
function aliceTx(offset: number, fields: Record<string, unknown> = {}) {
  return signedBy(alice, aliceSeq + offset, fields)
}

function signedBy(wallet: Wallet, sequence: number, fields: Record<string, unknown> = {}) {
  const lastLedger = { LastLedgerSequence: h.sb.ledger.currentIndex + 20 }
  return signedAccountSet(wallet, sequence, { ...lastLedger, ...fields })
}

/** Queues alice's transactions with offsets 0..n-1 and returns their hashes. */
async function queueTen(n = 10): Promise<string[]> {
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const { blob, hash } = aliceTx(i)
    const res = await submitBlob(h.client, blob)
    expect(res).toMatchObject({
      engine_result: 'terQUEUED',
      queued: true,
      applied: false,
      kept: true,
    })
    out.push(hash)
  }
  return out
}

describe('fee escalation', () => {
  it('a full open ledger raises load_factor, open_ledger_fee and the fee xrpl.js autofills', async () => {
    const info = await h.client.request({ command: 'server_info' })
    expect(info.result.info.load_factor).toBeGreaterThan(1)
    const fee = await h.client.request({ command: 'fee' })
    expect(fee.result.current_ledger_size).toBe('6')
    expect(fee.result.expected_ledger_size).toBe('5')
    expect(Number(fee.result.drops.open_ledger_fee)).toBeGreaterThan(10)
    const noop: AccountSet = { TransactionType: 'AccountSet', Account: alice.address }
    const filled = await h.client.autofill(noop)
    expect(Number(filled.Fee)).toBeGreaterThanOrEqual(Number(fee.result.drops.open_ledger_fee))
    const res = await submitBlob(h.client, alice.sign(filled).tx_blob)
    expect(res).toMatchObject({ engine_result: 'tesSUCCESS', applied: true })
  })

  it('the open ledger takes expected + 1 at the base fee: rippled escalates once it holds more', async () => {
    await h.sb.ledgerAccept()
    for (let i = 0; i < 5; i++) await payFromGenesis(h)
    const atTarget = await h.client.request({ command: 'fee' })
    expect(atTarget.result.current_ledger_size).toBe('5')
    expect(atTarget.result.levels.open_ledger_level).toBe('256')
    expect(atTarget.result.drops.open_ledger_fee).toBe('10')
    aliceSeq = (await accountData(h.client, alice.address)).Sequence
    expect((await submitBlob(h.client, aliceTx(0).blob)).engine_result).toBe('tesSUCCESS')
    const over = await h.client.request({ command: 'fee' })
    expect(Number(over.result.levels.open_ledger_level)).toBeGreaterThan(256)
    expect((await submitBlob(h.client, aliceTx(1).blob)).engine_result).toBe('terQUEUED')
  })

  it('a base-fee transaction is queued (terQUEUED) instead of entering the full open ledger', async () => {
    const { blob } = aliceTx(0)
    const res = await submitBlob(h.client, blob)
    expect(res).toMatchObject({ engine_result: 'terQUEUED', engine_result_code: -89, queued: true })
    expect(res.account_sequence_next).toBe(aliceSeq)
    expect(res.account_sequence_available).toBe(aliceSeq + 1)
  })
})

describe('the transaction queue', () => {
  it('takes 10 transactions of one account; the 11th → telCAN_NOT_QUEUE_FULL', async () => {
    await queueTen()
    const res = await submitBlob(h.client, aliceTx(10).blob)
    expect(res.engine_result).toBe('telCAN_NOT_QUEUE_FULL')
    const info = await h.client.request({
      command: 'account_info',
      account: alice.address,
      queue: true,
    })
    expect(info.result.queue_data).toMatchObject({
      txn_count: 10,
      lowest_sequence: aliceSeq,
      highest_sequence: aliceSeq + 9,
    })
    // The open-ledger Sequence does not count queued transactions.
    expect(info.result.account_data.Sequence).toBe(aliceSeq)
    const fee = await h.client.request({ command: 'fee' })
    expect(fee.result.current_queue_size).toBe('10')
  })

  it('after ledger closes all 10 validate exactly once, in sequence order', async () => {
    const queued = await queueTen()
    for (let i = 0; i < 3; i++) await h.sb.ledgerAccept()
    const txs = await h.client.request({
      command: 'account_tx',
      account: alice.address,
      forward: true,
    })
    const mine = txs.result.transactions.filter((t) => t.tx_json?.Account === alice.address)
    expect(mine.map((t) => t.hash)).toEqual(queued)
    expect(mine.map((t) => t.tx_json?.Sequence)).toEqual(queued.map((_, i) => aliceSeq + i))
    expect(
      mine.every(
        (t) =>
          t.validated &&
          (t.meta as { TransactionResult: string }).TransactionResult === 'tesSUCCESS',
      ),
    ).toBe(true)
    expect((await accountData(h.client, alice.address, 'validated')).Sequence).toBe(aliceSeq + 10)
    const fee = await h.client.request({ command: 'fee' })
    expect(fee.result.current_queue_size).toBe('0')
  })

  it('a replacement must pay more than 25% above the queued fee, else telCAN_NOT_QUEUE_FEE', async () => {
    const original = aliceTx(0, { Fee: '20' })
    expect((await submitBlob(h.client, original.blob)).engine_result).toBe('terQUEUED')
    // Exactly 25% more is not enough (rippled requires feeLevelPaid > 125% of the queued level).
    const same = await submitBlob(h.client, aliceTx(0, { Fee: '25' }).blob)
    expect(same.engine_result).toBe('telCAN_NOT_QUEUE_FEE')
    const better = aliceTx(0, { Fee: '26' })
    expect((await submitBlob(h.client, better.blob)).engine_result).toBe('terQUEUED')
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    const applied = await h.client.request({ command: 'tx', transaction: better.hash })
    expect(applied.result.validated).toBe(true)
    // The replaced transaction never makes it into a ledger (txnNotFound, or known but not validated).
    const replaced = await h.client.request({ command: 'tx', transaction: original.hash }).then(
      (r) => r.result.validated,
      () => false,
    )
    expect(replaced).toBe(false)
    expect((await accountData(h.client, alice.address, 'validated')).Sequence).toBe(aliceSeq + 1)
  })

  it('paying the open-ledger fee with the same Sequence applies at once and replaces the queued one', async () => {
    const queued = aliceTx(0)
    expect((await submitBlob(h.client, queued.blob)).engine_result).toBe('terQUEUED')
    const fee = await h.client.request({ command: 'fee' })
    const direct = aliceTx(0, { Fee: fee.result.drops.open_ledger_fee })
    expect(await submitBlob(h.client, direct.blob)).toMatchObject({
      engine_result: 'tesSUCCESS',
      applied: true,
    })
    expect((await h.client.request({ command: 'fee' })).result.current_queue_size).toBe('0')
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    expect(
      (await h.client.request({ command: 'tx', transaction: direct.hash })).result,
    ).toMatchObject({ validated: true })
    const replaced = await h.client.request({ command: 'tx', transaction: queued.hash }).then(
      (r) => r.result.validated,
      () => false,
    )
    expect(replaced).toBe(false)
    expect((await accountData(h.client, alice.address, 'validated')).Sequence).toBe(aliceSeq + 1)
  })

  it("the type's preclaim runs before queueing: a non-transferable resale → tef, not terQUEUED", async () => {
    const artist = Wallet.generate()
    await fund(h, 100, artist)
    const mintTx = { TransactionType: 'NFTokenMint', NFTokenTaxon: 0 }
    const mint = signedBy(artist, (await accountData(h.client, artist.address)).Sequence, mintTx)
    expect((await submitBlob(h.client, mint.blob)).engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const minted = await h.client.request({ command: 'tx', transaction: mint.hash })
    const nftId = (minted.result.meta as { nftoken_id: string }).nftoken_id
    const gift = {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: nftId,
      Amount: '0',
      Flags: 1,
      Destination: alice.address,
    }
    const offer = signedBy(artist, (await accountData(h.client, artist.address)).Sequence, gift)
    expect((await submitBlob(h.client, offer.blob)).engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const created = await h.client.request({ command: 'tx', transaction: offer.hash })
    const offerId = (created.result.meta as { offer_id: string }).offer_id
    aliceSeq = (await accountData(h.client, alice.address)).Sequence
    const accept = aliceTx(0, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offerId })
    expect((await submitBlob(h.client, accept.blob)).engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    await fillOpenLedger(h)
    const resell = {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: nftId,
      Amount: '5',
      Flags: 1,
    }
    const res = await submitBlob(h.client, aliceTx(1, resell).blob)
    expect(res).toMatchObject({ engine_result: 'tefNFTOKEN_IS_NOT_TRANSFERABLE', queued: false })
    expect((await h.client.request({ command: 'fee' })).result.current_queue_size).toBe('0')
  })

  it('a sequence gap after queued transactions → telCAN_NOT_QUEUE', async () => {
    await queueTen(2)
    expect((await submitBlob(h.client, aliceTx(3).blob)).engine_result).toBe('telCAN_NOT_QUEUE')
    expect((await submitBlob(h.client, aliceTx(2).blob)).engine_result).toBe('terQUEUED')
  })

  it('blockers: a key change cannot join queued transactions, nor can others follow a queued one', async () => {
    const regularKey = { TransactionType: 'SetRegularKey', RegularKey: Wallet.generate().address }
    await queueTen(1)
    const blocked = await submitBlob(h.client, aliceTx(1, regularKey).blob)
    expect(blocked).toMatchObject({ engine_result: 'telCAN_NOT_QUEUE_BLOCKS', kept: true })
    const disable = aliceTx(1, { SetFlag: 4 })
    const hard = await h.client.request({
      command: 'submit',
      tx_blob: disable.blob,
      fail_hard: true,
    })
    expect(hard.result).toMatchObject({ engine_result: 'telCAN_NOT_QUEUE_BLOCKS', kept: false })
    await h.sb.ledgerAccept()
    // rippled keeps a tel-refused local submit and tries it again in the next open ledger: once the
    // queued transaction has applied, the key change goes in after it.
    const { Sequence, RegularKey } = await accountData(h.client, alice.address)
    expect({ Sequence, RegularKey }).toEqual({
      Sequence: aliceSeq + 2,
      RegularKey: regularKey.RegularKey,
    })
    aliceSeq = Sequence
    await h.sb.ledgerAccept()
    await fillOpenLedger(h)
    const nextKey = { TransactionType: 'SetRegularKey', RegularKey: Wallet.generate().address }
    expect((await submitBlob(h.client, aliceTx(0, nextKey).blob)).engine_result).toBe('terQUEUED')
    expect((await submitBlob(h.client, aliceTx(1).blob)).engine_result).toBe(
      'telCAN_NOT_QUEUE_BLOCKED',
    )
  })

  it('a held successor of a queued transaction is retried at the next ledger and follows it', async () => {
    const successor = aliceTx(1)
    expect((await submitBlob(h.client, successor.blob)).engine_result).toBe('terPRE_SEQ')
    expect((await submitBlob(h.client, aliceTx(0).blob)).engine_result).toBe('terQUEUED')
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    const res = await h.client.request({ command: 'tx', transaction: successor.hash })
    expect(res.result).toMatchObject({ validated: true, meta: { TransactionResult: 'tesSUCCESS' } })
    expect((await accountData(h.client, alice.address, 'validated')).Sequence).toBe(aliceSeq + 2)
  })

  it('queued transactions enter later ledgers highest fee level first', async () => {
    const queued = await queueTen()
    const { Sequence } = await accountData(h.client, bob.address)
    const rich = signedBy(bob, Sequence, { Fee: '30' })
    expect((await submitBlob(h.client, rich.blob)).engine_result).toBe('terQUEUED')
    const l1 = (await h.sb.ledgerAccept()) + 1
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    const ledgerOf = async (hash: string) =>
      (await h.client.request({ command: 'tx', transaction: hash })).result.ledger_index
    // Six fit in ledger l1 at the base fee: bob's, which pays more, and alice's first five.
    expect(await ledgerOf(rich.hash)).toBe(l1)
    expect(await ledgerOf(queued[4]!)).toBe(l1)
    expect(await ledgerOf(queued[5]!)).toBe(l1 + 1)
  })

  it('transactions using tickets queue as well, in any ticket order', async () => {
    await h.sb.ledgerAccept()
    const create = aliceTx(0, { TransactionType: 'TicketCreate', TicketCount: 3, Fee: '5000' })
    expect((await submitBlob(h.client, create.blob)).engine_result).toBe('tesSUCCESS')
    await fillOpenLedger(h)
    const tickets = [aliceSeq + 3, aliceSeq + 1, aliceSeq + 2]
    const byTicket = tickets.map((t) => aliceTx(0, { Sequence: 0, TicketSequence: t }))
    for (const tx of byTicket) {
      expect((await submitBlob(h.client, tx.blob)).engine_result).toBe('terQUEUED')
    }
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    for (const tx of byTicket) {
      const res = await h.client.request({ command: 'tx', transaction: tx.hash })
      expect(res.result).toMatchObject({
        validated: true,
        meta: { TransactionResult: 'tesSUCCESS' },
      })
    }
  })

  it('a LastLedgerSequence closer than the open ledger + 2 cannot be queued → telCAN_NOT_QUEUE', async () => {
    const lls = h.sb.ledger.currentIndex + 1
    const res = await submitBlob(h.client, aliceTx(0, { LastLedgerSequence: lls }).blob)
    expect(res.engine_result).toBe('telCAN_NOT_QUEUE')
  })
})
