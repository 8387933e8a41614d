/**
 * Conformance: TicketCreate and transactions that use a ticket (rippled CreateTicket.cpp, checkSeqProxy).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet, hashes } from 'xrpl'

import { accountData, fund, signRaw, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
let alice: Wallet

beforeEach(async () => {
  h = await startHarness()
  alice = Wallet.generate()
  await fund(h, 10, alice)
})

afterEach(async () => {
  await h.stop()
})

/** Signs and submits a complete transaction from alice (Fee 12, her next Sequence unless given). */
async function submit(fields: Record<string, unknown>): Promise<{ result: string; hash: string }> {
  const { Sequence } = await accountData(h.client, alice.address)
  const blob = signRaw(alice, { Account: alice.address, Fee: '12', Sequence, ...fields })
  const res = await submitBlob(h.client, blob)
  return { result: res.engine_result, hash: hashes.hashSignedTx(blob) }
}

const ticketCreate = (count: number) => ({ TransactionType: 'TicketCreate', TicketCount: count })
const noop = { TransactionType: 'AccountSet' }

async function tickets(): Promise<number[]> {
  const res = await h.client.request({
    command: 'account_objects',
    account: alice.address,
    type: 'ticket',
  })
  return res.result.account_objects.map(
    (t) => (t as unknown as { TicketSequence: number }).TicketSequence,
  )
}

describe('TicketCreate', () => {
  it('TicketCount 0 or 251 → temINVALID_COUNT', async () => {
    expect((await submit(ticketCreate(0))).result).toBe('temINVALID_COUNT')
    expect((await submit(ticketCreate(251))).result).toBe('temINVALID_COUNT')
  })

  it('creates tickets numbered from the next sequence; Sequence jumps by TicketCount + 1', async () => {
    const { Sequence } = await accountData(h.client, alice.address)
    expect((await submit(ticketCreate(3))).result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    expect(await tickets()).toEqual([Sequence + 1, Sequence + 2, Sequence + 3])
    const after = await accountData(h.client, alice.address, 'validated')
    expect(after).toMatchObject({ Sequence: Sequence + 4, OwnerCount: 3, TicketCount: 3 })
  })

  it('tickets beyond what the balance can reserve → tecINSUFFICIENT_RESERVE, only the fee is taken', async () => {
    // 10 XRP covers the 1 XRP base reserve plus 45 tickets at 0.2 XRP, not 46.
    const before = await accountData(h.client, alice.address)
    expect((await submit(ticketCreate(46))).result).toBe('tecINSUFFICIENT_RESERVE')
    await h.sb.ledgerAccept()
    const after = await accountData(h.client, alice.address, 'validated')
    expect(after).toMatchObject({ Sequence: before.Sequence + 1, OwnerCount: 0 })
    expect(BigInt(after.Balance)).toBe(BigInt(before.Balance) - 12n)
    expect(await tickets()).toEqual([])
  })

  it('more than 250 tickets in all → tecDIR_FULL', async () => {
    await fund(h, 100, alice)
    expect((await submit(ticketCreate(250))).result).toBe('tesSUCCESS')
    expect((await submit(ticketCreate(1))).result).toBe('tecDIR_FULL')
  })
})

describe('using tickets', () => {
  it('Sequence 0 + TicketSequence → tesSUCCESS, the Ticket is deleted and Sequence does not move', async () => {
    await submit(ticketCreate(2))
    await h.sb.ledgerAccept()
    const [first] = await tickets()
    const { Sequence } = await accountData(h.client, alice.address)
    const used = await submit({ ...noop, Sequence: 0, TicketSequence: first })
    expect(used.result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    expect(await tickets()).toEqual([first! + 1])
    expect(await accountData(h.client, alice.address, 'validated')).toMatchObject({
      Sequence,
      OwnerCount: 1,
      TicketCount: 1,
    })
    const tx = await h.client.request({ command: 'tx', transaction: used.hash })
    const deleted = (
      tx.result.meta as unknown as { AffectedNodes: Record<string, { LedgerEntryType: string }>[] }
    ).AffectedNodes.filter((n) => n.DeletedNode?.LedgerEntryType === 'Ticket')
    expect(deleted).toHaveLength(1)
  })

  it('a ticket that was already used → tefNO_TICKET (also for the very same blob again)', async () => {
    await submit(ticketCreate(1))
    await h.sb.ledgerAccept()
    const [ticket] = await tickets()
    const first = await submit({ ...noop, Sequence: 0, TicketSequence: ticket })
    expect(first.result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const again = await submit({ ...noop, Sequence: 0, TicketSequence: ticket })
    expect(again).toEqual({ result: 'tefNO_TICKET', hash: first.hash })
  })

  it('a ticket number not yet reached → terPRE_TICKET', async () => {
    const { Sequence } = await accountData(h.client, alice.address)
    expect((await submit({ ...noop, Sequence: 0, TicketSequence: Sequence + 5 })).result).toBe(
      'terPRE_TICKET',
    )
  })

  it('both a Sequence and a TicketSequence → temSEQ_AND_TICKET', async () => {
    await submit(ticketCreate(1))
    await h.sb.ledgerAccept()
    const [ticket] = await tickets()
    expect((await submit({ ...noop, TicketSequence: ticket })).result).toBe('temSEQ_AND_TICKET')
  })
})
