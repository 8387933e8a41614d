/**
 * Conformance: the real xrpl.js Client against the sandbox — connect, autofill, sign, submit,
 * submitAndWait, hashes, and the API v2 shapes of `tx` and `ledger`.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet, hashes, xrpToDrops } from 'xrpl'
import type { Payment } from 'xrpl'

import {
  accountData,
  closeLedgers,
  fund,
  signTx,
  startHarness,
  submitBlob,
} from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness

beforeEach(async () => {
  h = await startHarness()
})

afterEach(async () => {
  await h.stop()
})

function payment(from: Wallet, to: string, xrp: number): Payment {
  return {
    TransactionType: 'Payment',
    Account: from.address,
    Destination: to,
    Amount: xrpToDrops(xrp),
  }
}

describe('xrpl.js Client basics against the sandbox', () => {
  it('connects: server_info is answered with network id 0, as rippled standalone', async () => {
    expect(h.client.isConnected()).toBe(true)
    expect(h.client.networkID).toBe(0)
    const info = await h.client.request({ command: 'server_info' })
    expect(info.result.info.validated_ledger?.base_fee_xrp).toBe(0.00001)
    expect(info.result.info.load_factor).toBe(1)
    expect(info.result.info.network_id).toBe(0)
  })

  it('autofills Fee "12", the open-ledger Sequence and LastLedgerSequence = validated + 20', async () => {
    const alice = Wallet.generate()
    await fund(h, 50, alice)
    const validated = await h.client.getLedgerIndex()
    const filled = await h.client.autofill(payment(alice, h.genesis.address, 1))
    expect(filled.Fee).toBe('12')
    expect(filled.Sequence).toBe((await accountData(h.client, alice.address)).Sequence)
    expect(filled.LastLedgerSequence).toBe(validated + 20)
    expect(filled.NetworkID).toBeUndefined()
  })

  it('signs and submits a Payment: tesSUCCESS, and the reported hash is hashSignedTx(blob)', async () => {
    const signed = await signTx(
      h.client,
      h.genesis,
      payment(h.genesis, Wallet.generate().address, 20),
    )
    const res = await h.client.submit(signed.tx_blob)
    expect(res.result.engine_result).toBe('tesSUCCESS')
    expect(res.result).toMatchObject({
      applied: true,
      accepted: true,
      broadcast: true,
      queued: false,
    })
    expect(res.result.tx_json.hash).toBe(hashes.hashSignedTx(signed.tx_blob))
    expect(res.result.tx_json.hash).toBe(signed.hash)
    await h.sb.ledgerAccept()
    const tx = await h.client.request({ command: 'tx', transaction: signed.hash })
    expect(tx.result.hash).toBe(hashes.hashSignedTx(signed.tx_blob))
  })

  it('submitAndWait resolves with the validated transaction when ledgers close', async () => {
    const stop = closeLedgers(h.sb)
    try {
      const res = await h.client.submitAndWait(payment(h.genesis, Wallet.generate().address, 5), {
        wallet: h.genesis,
      })
      expect(res.result.validated).toBe(true)
      expect(res.result.meta).toMatchObject({ TransactionResult: 'tesSUCCESS' })
    } finally {
      stop()
    }
  })

  it('tx returns the v2 shape: tx_json with DeliverMax, date, ledger_index, ctid; enriched meta', async () => {
    const bob = Wallet.generate()
    const signed = await signTx(h.client, h.genesis, payment(h.genesis, bob.address, 25))
    await submitBlob(h.client, signed.tx_blob)
    const closed = await h.sb.ledgerAccept()
    const { result } = await h.client.request({ command: 'tx', transaction: signed.hash })
    expect(result).toMatchObject({
      hash: signed.hash,
      validated: true,
      ledger_index: closed,
    })
    expect(result.close_time_iso).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/)
    expect(result.ctid).toMatch(/^C[0-9A-F]{15}$/)
    const txJson = result.tx_json as unknown as Record<string, unknown>
    expect(txJson).toMatchObject({
      DeliverMax: xrpToDrops(25),
      ledger_index: closed,
      ctid: result.ctid,
    })
    expect(txJson.Amount).toBeUndefined()
    expect(txJson.hash).toBeUndefined()
    expect(typeof txJson.date).toBe('number')
    const meta = result.meta as Exclude<typeof result.meta, string | undefined>
    expect(meta.TransactionResult).toBe('tesSUCCESS')
    expect(meta.delivered_amount).toBe(xrpToDrops(25))
    const created = meta.AffectedNodes.flatMap((n) => ('CreatedNode' in n ? [n.CreatedNode] : []))
    expect(created).toHaveLength(1)
    expect(created[0]).toMatchObject({
      LedgerEntryType: 'AccountRoot',
      NewFields: { Account: bob.address, Balance: xrpToDrops(25), Sequence: closed },
    })
  })

  it('a transaction still in the open ledger is known but not validated', async () => {
    const signed = await signTx(
      h.client,
      h.genesis,
      payment(h.genesis, Wallet.generate().address, 5),
    )
    await submitBlob(h.client, signed.tx_blob)
    const { result } = await h.client.request({ command: 'tx', transaction: signed.hash })
    expect(result.validated).toBe(false)
    expect(result.meta).toBeUndefined()
  })

  it('ledger: validated, closed, current and by index have the v2 header shapes', async () => {
    const closed = await h.sb.ledgerAccept()
    const validated = await h.client.request({ command: 'ledger', ledger_index: 'validated' })
    expect(validated.result).toMatchObject({ ledger_index: closed, validated: true })
    expect(validated.result.ledger).toMatchObject({ closed: true, ledger_index: closed })
    expect(typeof validated.result.ledger.total_coins).toBe('string')
    expect(typeof validated.result.ledger.close_time_iso).toBe('string')
    const closedLedger = await h.client.request({ command: 'ledger', ledger_index: 'closed' })
    expect(closedLedger.result.ledger_hash).toBe(validated.result.ledger_hash)
    const byIndex = await h.client.request({ command: 'ledger', ledger_index: closed })
    expect(byIndex.result.ledger_hash).toBe(validated.result.ledger_hash)
    const current = await h.client.request({ command: 'ledger', ledger_index: 'current' })
    expect(current.result).toMatchObject({ ledger_current_index: closed + 1, validated: false })
    expect(current.result.ledger).toMatchObject({ closed: false, ledger_index: closed + 1 })
  })

  it('ledger expand:true lists {tx_json, hash, meta, validated} objects', async () => {
    const signed = await signTx(
      h.client,
      h.genesis,
      payment(h.genesis, Wallet.generate().address, 5),
    )
    await submitBlob(h.client, signed.tx_blob)
    const closed = await h.sb.ledgerAccept()
    const { result } = await h.client.request({
      command: 'ledger',
      ledger_index: closed,
      transactions: true,
      expand: true,
    })
    const [entry] = result.ledger.transactions as unknown as Record<string, unknown>[]
    expect(result.ledger.transactions).toHaveLength(1)
    expect(entry).toMatchObject({
      hash: signed.hash,
      validated: true,
      tx_json: { TransactionType: 'Payment' },
    })
    expect(entry!.meta).toMatchObject({ TransactionResult: 'tesSUCCESS', TransactionIndex: 0 })
    const hashesOnly = await h.client.request({
      command: 'ledger',
      ledger_index: closed,
      transactions: true,
    })
    expect(hashesOnly.result.ledger.transactions).toEqual([signed.hash])
  })
})
