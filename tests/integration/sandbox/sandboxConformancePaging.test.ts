/**
 * Conformance: marker paging of account_objects and account_tx, by hand and with Client.requestAll.
 * One account makes 25 TicketCreate (250 tickets) and 400 AccountSet transactions in one ledger.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { AccountObjectsResponse, AccountTxResponse } from 'xrpl'

import { accountData, fund, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

const TICKET_TXS = 25
const ACCOUNT_SETS = 400

let h: Harness
const alice = Wallet.generate()
/** Hashes of alice's own transactions, oldest first. */
const sent: string[] = []

beforeAll(async () => {
  // A public server, which clamps `limit` as mainnet's servers do.
  h = await startHarness({ expectedLedgerSize: 1000, role: 'public' })
  await fund(h, 100, alice)
  const { Sequence } = await accountData(h.client, alice.address)
  const lls = (await h.client.getLedgerIndex()) + 20
  const common = { Account: alice.address, Fee: '12', LastLedgerSequence: lls }
  let seq = Sequence
  for (let i = 0; i < TICKET_TXS + ACCOUNT_SETS; i++) {
    const tx =
      i < TICKET_TXS
        ? { ...common, TransactionType: 'TicketCreate' as const, TicketCount: 10, Sequence: seq }
        : { ...common, TransactionType: 'AccountSet' as const, Sequence: seq }
    seq += i < TICKET_TXS ? 11 : 1
    const signed = alice.sign(tx)
    const res = await submitBlob(h.client, signed.tx_blob)
    expect(res.engine_result).toBe('tesSUCCESS')
    sent.push(signed.hash)
  }
  await h.sb.ledgerAccept()
})

afterAll(async () => {
  await h.stop()
})

describe('account_objects paging', () => {
  it('pages 250 tickets with string markers and limit 100, without overlap', async () => {
    const seen: string[] = []
    let marker: unknown
    let pages = 0
    do {
      const res: AccountObjectsResponse = await h.client.request({
        command: 'account_objects',
        account: alice.address,
        limit: 100,
        ...(marker === undefined ? {} : { marker }),
      })
      pages += 1
      marker = res.result.marker
      if (marker !== undefined) expect(typeof marker).toBe('string')
      seen.push(...res.result.account_objects.map((o) => o.index))
    } while (marker !== undefined)
    expect(pages).toBe(3)
    expect(new Set(seen).size).toBe(250)
  })

  it('requestAll continues from a marker and collects the rest; type "ticket" filters', async () => {
    const first = await h.client.request({
      command: 'account_objects',
      account: alice.address,
      limit: 100,
    })
    const rest = await h.client.requestAll({
      command: 'account_objects',
      account: alice.address,
      type: 'ticket',
      marker: first.result.marker,
    })
    const objects = rest.flatMap((r) => r.result.account_objects)
    expect(objects).toHaveLength(150)
    expect(objects.every((o) => o.LedgerEntryType === 'Ticket')).toBe(true)
    const all = await h.client.requestAll({
      command: 'account_objects',
      account: alice.address,
      type: 'ticket',
    })
    const tickets = all.flatMap((r) => r.result.account_objects)
    expect(tickets).toHaveLength(250)
    const seqs = tickets.map((t) => (t as { TicketSequence: number }).TicketSequence)
    expect(new Set(seqs).size).toBe(250)
    const info = await accountData(h.client, alice.address, 'validated')
    expect(info).toMatchObject({ OwnerCount: 250, TicketCount: 250 })
  })

  it('a malformed marker is invalidParams', async () => {
    await expect(
      h.client.request({ command: 'account_objects', account: alice.address, marker: 'nonsense' }),
    ).rejects.toMatchObject({ data: { error: 'invalidParams' } })
  })
})

describe('account_tx paging', () => {
  it('lists validated transactions newest first; object markers page without overlap', async () => {
    const hashesSeen: string[] = []
    let marker: unknown
    for (let page = 0; page < 3; page++) {
      const res: AccountTxResponse = await h.client.request({
        command: 'account_tx',
        account: alice.address,
        limit: 10,
        ...(marker === undefined ? {} : { marker }),
      })
      expect(res.result.transactions).toHaveLength(10)
      const next = res.result.marker as { ledger: unknown; seq: unknown }
      expect([typeof next.ledger, typeof next.seq]).toEqual(['number', 'number'])
      marker = res.result.marker
      hashesSeen.push(...res.result.transactions.map((t) => t.hash!))
    }
    expect(hashesSeen).toEqual([...sent].reverse().slice(0, 30))
  })

  it('requestAll follows markers across pages of at most 400, in API v1 shapes', async () => {
    const pages = await h.client.requestAll({ command: 'account_tx', account: alice.address })
    expect(pages.length).toBe(2)
    // xrpl.js's requestAll sends its requests without api_version, so rippled (and the sandbox)
    // answers in version 1: each transaction under `tx`, its hash inside.
    type V1Tx = { tx: { hash: string; TransactionType: string }; validated: boolean }
    const txs = (pages as AccountTxResponse[]).flatMap(
      (p) => p.result.transactions as unknown as V1Tx[],
    )
    // Alice's own transactions plus the payment that funded her.
    expect(txs).toHaveLength(sent.length + 1)
    expect(txs.every((t) => t.validated)).toBe(true)
    expect(txs[0]!.tx.hash).toBe(sent[sent.length - 1])
    expect(txs[txs.length - 1]!.tx.TransactionType).toBe('Payment')
  })

  it('forward:true lists oldest first; a limit below 10 is clamped to 10 (public server)', async () => {
    const res = await h.client.request({
      command: 'account_tx',
      account: alice.address,
      forward: true,
      limit: 2,
    })
    const types = res.result.transactions.map((t) => t.tx_json?.TransactionType)
    expect(types).toHaveLength(10)
    expect(types.slice(0, 2)).toEqual(['Payment', 'TicketCreate'])
    expect(res.result.transactions[1]!.hash).toBe(sent[0])
  })
})
