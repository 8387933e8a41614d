/**
 * Conformance of the fault switches: what an xrpl.js client sees when connections drop, replies are
 * lost or delayed, submissions vanish, or the queue is full.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Client, DisconnectedError, Wallet, decode, xrpToDrops } from 'xrpl'

import { startSandbox } from '../../../src/sandbox/index.ts'
import { accountData, fund, signTx, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
let alice: Wallet

beforeEach(async () => {
  h = await startHarness()
  alice = Wallet.generate()
  await fund(h, 50, alice)
})

afterEach(async () => {
  await h.stop()
})

function nextEvent(client: Client, event: 'connected' | 'disconnected'): Promise<void> {
  return new Promise((resolve) => client.once(event, () => resolve()))
}

async function signedPayment() {
  const tx = {
    TransactionType: 'Payment',
    Account: alice.address,
    Destination: h.genesis.address,
  } as const
  return signTx(h.client, alice, { ...tx, Amount: xrpToDrops(1) })
}

const txError = (hash: string) =>
  h.client.request({ command: 'tx', transaction: hash }).catch((e: { data?: unknown }) => e.data)

describe('connection faults', () => {
  it('dropConnections(): the client emits disconnected, reconnects by itself and works again', async () => {
    const disconnected = nextEvent(h.client, 'disconnected')
    const reconnected = nextEvent(h.client, 'connected')
    h.sb.faults.dropConnections()
    await disconnected
    await reconnected
    expect(h.client.isConnected()).toBe(true)
    const info = await h.client.request({ command: 'server_info' })
    expect(info.result.info.server_state).toBe('full')
  })

  it('dropAfterMessages: the request that hits the limit fails unanswered; the client recovers', async () => {
    h.sb.faults.dropAfterMessages = 2
    await h.client.request({ command: 'ping' })
    const reconnected = nextEvent(h.client, 'connected')
    await expect(h.client.request({ command: 'ping' })).rejects.toBeInstanceOf(DisconnectedError)
    await reconnected
    expect(h.sb.faults.dropAfterMessages).toBeNull()
    await expect(h.client.request({ command: 'ping' })).resolves.toMatchObject({ result: {} })
  })

  it('dropSubmitReplies 1: the submit fails on the client, yet the transaction is applied', async () => {
    const signed = await signedPayment()
    h.sb.faults.dropSubmitReplies = 1
    const reconnected = nextEvent(h.client, 'connected')
    await expect(submitBlob(h.client, signed.tx_blob)).rejects.toBeInstanceOf(DisconnectedError)
    await reconnected
    await h.sb.ledgerAccept()
    const res = await h.client.request({ command: 'tx', transaction: signed.hash })
    expect(res.result).toMatchObject({ validated: true, meta: { TransactionResult: 'tesSUCCESS' } })
    // Submitting the same blob again cannot apply it twice.
    const again = await submitBlob(h.client, signed.tx_blob)
    expect(again.engine_result).toBe('tefPAST_SEQ')
  })

  it('delayMs: replies still arrive, each to its own request', async () => {
    h.sb.faults.delayMs = 30
    const [current, ping, info] = await Promise.all([
      h.client.request({ command: 'ledger_current' }),
      h.client.request({ command: 'ping' }),
      h.client.request({ command: 'account_info', account: alice.address }),
    ])
    expect(current.result.ledger_current_index).toEqual(expect.any(Number))
    expect(ping.result).toEqual({ role: 'admin', unlimited: true })
    expect(info.result.account_data.Account).toBe(alice.address)
  })

  it('replyDelayMs: stream messages come as late as replies', async () => {
    const sb = await startSandbox({ port: 0, closeMs: 0, replyDelayMs: 60 })
    const client = new Client(sb.url)
    try {
      await client.connect()
      await client.request({ command: 'subscribe', streams: ['ledger'] })
      const closed = new Promise<number>((resolve) =>
        client.once('ledgerClosed', () => resolve(performance.now())),
      )
      const t0 = performance.now()
      // rippled's admin command; xrpl.js has no type for it.
      const accept = { command: 'ledger_accept' } as unknown as { command: 'ping' }
      const reply = client.request(accept).then(() => performance.now())
      const [replyAt, streamAt] = await Promise.all([reply, closed])
      // Timers never fire early; a little slack for the clock's rounding.
      expect(replyAt - t0).toBeGreaterThanOrEqual(58)
      expect(streamAt - t0).toBeGreaterThanOrEqual(58)
    } finally {
      await client.disconnect()
      await sb.stop()
    }
  })
})

describe('ledger faults', () => {
  it('loseSubmits 1: tesSUCCESS is answered, but the transaction never appears, even after expiry', async () => {
    const signed = await signedPayment()
    const before = await accountData(h.client, alice.address)
    h.sb.faults.loseSubmits = 1
    const res = await submitBlob(h.client, signed.tx_blob)
    expect(res.engine_result).toBe('tesSUCCESS')
    expect(h.sb.faults.loseSubmits).toBe(0)
    expect(await txError(signed.hash)).toMatchObject({ error: 'txnNotFound' })
    const { LastLedgerSequence } = decode(signed.tx_blob) as { LastLedgerSequence: number }
    while ((await h.client.getLedgerIndex()) <= LastLedgerSequence) await h.sb.ledgerAccept()
    expect(await txError(signed.hash)).toMatchObject({ error: 'txnNotFound' })
    expect((await accountData(h.client, alice.address, 'validated')).Sequence).toBe(before.Sequence)
  })

  it('queueFullShare 1: every submit → telCAN_NOT_QUEUE_FULL, rejected and forgotten (never applies)', async () => {
    const signed = await signedPayment()
    const before = await accountData(h.client, alice.address)
    h.sb.faults.queueFullShare = 1
    const res = await submitBlob(h.client, signed.tx_blob)
    expect(res).toMatchObject({
      engine_result: 'telCAN_NOT_QUEUE_FULL',
      applied: false,
      queued: false,
      kept: false,
    })
    h.sb.faults.queueFullShare = 0
    // Unlike a real telCAN_NOT_QUEUE_FULL (kept and retried: sandboxConformanceKept), the fault
    // forgets the transaction: only a new submit can apply it.
    expect(await txError(signed.hash)).toMatchObject({ error: 'txnNotFound' })
    for (let i = 0; i < 3; i++) await h.sb.ledgerAccept()
    expect(await accountData(h.client, alice.address, 'validated')).toMatchObject({
      Sequence: before.Sequence,
      Balance: before.Balance,
    })
    expect((await submitBlob(h.client, signed.tx_blob)).engine_result).toBe('tesSUCCESS')
  })
})

describe('the close timer', () => {
  it('a ledger close that throws is logged and never escapes the timer: closes go on', async () => {
    const sb = await startSandbox({ port: 0, closeMs: 10 })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      const accept = sb.ledger.accept.bind(sb.ledger)
      vi.spyOn(sb.ledger, 'accept')
        .mockImplementationOnce(() => {
          throw new Error('close failed')
        })
        .mockImplementation(accept)
      const start = sb.ledger.currentIndex
      await vi.waitFor(() => expect(sb.ledger.currentIndex).toBeGreaterThan(start + 2), {
        timeout: 5000,
      })
      expect(logged).toHaveBeenCalled()
    } finally {
      await sb.stop()
      vi.restoreAllMocks()
    }
  })
})
