/**
 * Conformance: the ledger stream and account subscriptions as xrpl.js receives them.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet, xrpToDrops } from 'xrpl'
import type { LedgerStream, LedgerStreamResponse, TransactionStream } from 'xrpl'

import { fund, signTx, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness

beforeEach(async () => {
  h = await startHarness()
})

afterEach(async () => {
  await h.stop()
})

/** Messages sent before a ping's reply have all been delivered: the socket keeps order. */
async function drain(): Promise<void> {
  await h.client.request({ command: 'ping' })
}

async function pay(to: string, xrp: number): Promise<string> {
  const tx = { TransactionType: 'Payment', Account: h.genesis.address, Destination: to } as const
  const signed = await signTx(h.client, h.genesis, { ...tx, Amount: xrpToDrops(xrp) })
  expect((await submitBlob(h.client, signed.tx_blob)).engine_result).toBe('tesSUCCESS')
  return signed.hash
}

describe('ledger stream', () => {
  it('the subscribe answer carries fee_base, reserve_base, reserve_inc and the validated ledger', async () => {
    const validated = await h.client.getLedgerIndex()
    const res = await h.client.request({ command: 'subscribe', streams: ['ledger'] })
    expect(res.result).toMatchObject({
      fee_base: 10,
      reserve_base: 1_000_000,
      reserve_inc: 200_000,
      ledger_index: validated,
    })
    const result = res.result as LedgerStreamResponse
    expect(result.ledger_hash).toMatch(/^[0-9A-F]{64}$/)
    expect(typeof result.ledger_time).toBe('number')
    expect(result.validated_ledgers).toMatch(/^\d+-\d+$/)
  })

  it('each ledgerAccept emits one ledgerClosed event', async () => {
    const events: LedgerStream[] = []
    h.client.on('ledgerClosed', (e) => events.push(e))
    await h.client.request({ command: 'subscribe', streams: ['ledger'] })
    await pay(Wallet.generate().address, 5)
    const first = await h.sb.ledgerAccept()
    const second = await h.sb.ledgerAccept()
    await drain()
    expect(events.map((e) => e.ledger_index)).toEqual([first, second])
    expect(events[0]).toMatchObject({
      type: 'ledgerClosed',
      txn_count: 1,
      fee_base: 10,
      reserve_base: 1_000_000,
      reserve_inc: 200_000,
    })
    expect(events[1]!.txn_count).toBe(0)
  })

  it('unsubscribe stops the events', async () => {
    const events: LedgerStream[] = []
    h.client.on('ledgerClosed', (e) => events.push(e))
    await h.client.request({ command: 'subscribe', streams: ['ledger'] })
    await h.client.request({ command: 'unsubscribe', streams: ['ledger'] })
    await h.sb.ledgerAccept()
    await drain()
    expect(events).toEqual([])
  })
})

describe('account subscriptions', () => {
  it('a payment to a subscribed account arrives as a validated transaction event; others do not', async () => {
    const bob = Wallet.generate()
    const events: TransactionStream[] = []
    h.client.on('transaction', (e) => events.push(e))
    await h.client.request({ command: 'subscribe', accounts: [bob.address] })
    const toBob = await pay(bob.address, 20)
    await pay(Wallet.generate().address, 20)
    await drain()
    expect(events).toEqual([]) // nothing before the ledger closes
    const closed = await h.sb.ledgerAccept()
    await drain()
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({
      type: 'transaction',
      validated: true,
      status: 'closed',
      hash: toBob,
      ledger_index: closed,
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      tx_json: { TransactionType: 'Payment', Destination: bob.address, DeliverMax: xrpToDrops(20) },
      meta: { TransactionResult: 'tesSUCCESS', delivered_amount: xrpToDrops(20) },
    })
  })

  it('the account also sees its own outgoing transactions', async () => {
    const bob = Wallet.generate()
    await fund(h, 20, bob)
    const hashes: string[] = []
    h.client.on('transaction', (e) => hashes.push(e.hash ?? ''))
    await h.client.request({ command: 'subscribe', accounts: [bob.address] })
    const tx = { TransactionType: 'AccountSet', Account: bob.address } as const
    const signed = await signTx(h.client, bob, tx)
    await submitBlob(h.client, signed.tx_blob)
    await h.sb.ledgerAccept()
    await drain()
    expect(hashes).toEqual([signed.hash])
  })

  it('a malformed account in subscribe → actMalformed', async () => {
    const error = await h.client
      .request({ command: 'subscribe', accounts: ['rBad'] })
      .catch((e: { data?: unknown }) => e.data)
    expect(error).toMatchObject({ error: 'actMalformed' })
  })
})
