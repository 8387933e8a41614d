/**
 * Conformance: what rippled serves per request and per connection — API v1 and v2 shapes picked by
 * `api_version` (v1 when a request names none), binary transactions, the admin port's unclamped
 * limits and `ping` (a public server clamps), the fields server_info and the ledger stream always
 * carry, and the proposed-transaction streams.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { Client, Wallet, decode, hashes, xrpToDrops } from 'xrpl'
import type { TransactionStream } from 'xrpl'

import {
  accountData,
  fillOpenLedger,
  fund,
  mintInProcess,
  signRaw,
  signTx,
  startHarness,
  submitBlob,
  submitInProcess,
} from '../../helpers/sandbox.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
const alice = Wallet.generate()
const bob = Wallet.generate()
/** Alice's payment of 7 XRP to bob, validated. */
let payment: { hash: string; blob: string; ledger: number }

/** A request as any client sends it, without xrpl.js's default `api_version: 2`. */
async function rawRequest(
  url: string,
  request: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const socket = new WebSocket(url)
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))
  try {
    const reply = new Promise<string>((resolve) =>
      socket.once('message', (data: Buffer) => resolve(data.toString())),
    )
    socket.send(JSON.stringify({ id: 1, ...request }))
    return JSON.parse(await reply) as Record<string, unknown>
  } finally {
    socket.close()
  }
}

/** Runs `use` with a client of its own on `url` (a subscriber), disconnected afterwards. */
async function withClient(url: string, use: (client: Client) => Promise<void>): Promise<void> {
  const client = new Client(url)
  await client.connect()
  try {
    await use(client)
  } finally {
    await client.disconnect()
  }
}

/** Messages sent before a ping's reply have all been delivered: the socket keeps order. */
async function drain(client: Client): Promise<void> {
  await client.request({ command: 'ping' })
}

beforeAll(async () => {
  h = await startHarness()
  await fund(h, 100, alice)
  const signed = await signTx(h.client, alice, {
    TransactionType: 'Payment',
    Account: alice.address,
    Destination: bob.address,
    Amount: xrpToDrops(7),
  })
  expect((await submitBlob(h.client, signed.tx_blob)).engine_result).toBe('tesSUCCESS')
  payment = { hash: signed.hash, blob: signed.tx_blob, ledger: await h.sb.ledgerAccept() }
})

afterAll(async () => {
  await h.stop()
})

describe('API versions', () => {
  it('tx v2: the transaction under tx_json with DeliverMax; v1: its fields flat beside hash and meta, Amount kept', async () => {
    const v2 = await h.client.request({ command: 'tx', transaction: payment.hash })
    expect(v2.result).toMatchObject({
      hash: payment.hash,
      ledger_index: payment.ledger,
      validated: true,
      tx_json: { Account: alice.address, DeliverMax: xrpToDrops(7) },
    })
    expect(v2.result.tx_json).not.toHaveProperty('Amount')
    const v1 = await h.client.request({ command: 'tx', transaction: payment.hash, api_version: 1 })
    expect(v1.result).toMatchObject({
      Account: alice.address,
      Amount: xrpToDrops(7),
      DeliverMax: xrpToDrops(7),
      hash: payment.hash,
      inLedger: payment.ledger,
      ledger_index: payment.ledger,
      meta: { TransactionResult: 'tesSUCCESS' },
      validated: true,
    })
    expect(typeof (v1.result as { date?: unknown }).date).toBe('number')
    expect(v1.result).not.toHaveProperty('tx_json')
  })

  it('a request naming no api_version is answered in version 1, as rippled does', async () => {
    const reply = await rawRequest(h.sb.url, { command: 'tx', transaction: payment.hash })
    expect(reply).toMatchObject({ status: 'success', result: { Account: alice.address } })
    expect(reply.result).not.toHaveProperty('tx_json')
    const ledger = await rawRequest(h.sb.url, { command: 'ledger', ledger_index: 'validated' })
    expect((ledger.result as { ledger: { ledger_index: unknown } }).ledger.ledger_index).toBe(
      String(payment.ledger),
    )
  })

  it('account_tx v1 lists each transaction under tx, with its hash, ledger and Amount', async () => {
    const v1 = await h.client.request({
      command: 'account_tx',
      account: alice.address,
      api_version: 1,
    })
    const [newest] = v1.result.transactions
    expect(newest).toMatchObject({
      validated: true,
      meta: { TransactionResult: 'tesSUCCESS' },
      tx: { hash: payment.hash, ledger_index: payment.ledger, Amount: xrpToDrops(7) },
    })
    expect(
      typeof (newest as unknown as { tx: { LastLedgerSequence: unknown } }).tx.LastLedgerSequence,
    ).toBe('number')
    expect(newest).not.toHaveProperty('tx_json')
  })

  it('ledger: the header index is a number in v2 and a string in v1; expanded transactions follow the version', async () => {
    const request = {
      command: 'ledger',
      ledger_index: payment.ledger,
      transactions: true,
      expand: true,
    } as const
    const v2 = await h.client.request(request)
    expect(v2.result.ledger.ledger_index).toBe(payment.ledger)
    expect(v2.result.ledger.transactions).toMatchObject([{ hash: payment.hash, tx_json: {} }])
    const v1 = await h.client.request({ ...request, api_version: 1 })
    expect(v1.result.ledger.ledger_index).toBe(String(payment.ledger))
    expect(v1.result.ledger.transactions).toMatchObject([
      { hash: payment.hash, Amount: xrpToDrops(7), metaData: { TransactionResult: 'tesSUCCESS' } },
    ])
  })
})

describe('binary transactions', () => {
  it('tx binary v2: tx_blob is the submitted blob and meta_blob decodes to the metadata (no JSON-only fields)', async () => {
    const res = await h.client.request({ command: 'tx', transaction: payment.hash, binary: true })
    const result = res.result as unknown as Record<string, unknown>
    expect(result).toMatchObject({
      tx_blob: payment.blob,
      hash: payment.hash,
      ledger_index: payment.ledger,
      validated: true,
    })
    const meta = decode(result.meta_blob as string)
    expect(meta).toMatchObject({ TransactionResult: 'tesSUCCESS', TransactionIndex: 0 })
    expect(meta).not.toHaveProperty('delivered_amount')
  })

  it('tx binary v1: the blobs as tx and meta', async () => {
    const res = await h.client.request({
      command: 'tx',
      transaction: payment.hash,
      binary: true,
      api_version: 1,
    })
    const result = res.result as unknown as Record<string, unknown>
    expect(result.tx).toBe(payment.blob)
    expect(decode(result.meta as string)).toMatchObject({ TransactionResult: 'tesSUCCESS' })
  })

  it('account_tx binary: tx_blob and meta as hex for each transaction', async () => {
    const res = await h.client.request({
      command: 'account_tx',
      account: bob.address,
      binary: true,
    })
    expect(res.result.transactions).toHaveLength(1)
    const [only] = res.result.transactions
    expect(only).toMatchObject({
      tx_blob: payment.blob,
      ledger_index: payment.ledger,
      validated: true,
    })
    expect(decode(only!.meta as string)).toMatchObject({ TransactionResult: 'tesSUCCESS' })
  })
})

describe('server fields', () => {
  it('server_info and server_state carry network_id, the state duration and state accounting; an admin also sees its port', async () => {
    const info = (await h.client.request({ command: 'server_info' })).result.info
    expect(info.network_id).toBe(0)
    expect(info.server_state).toBe('full')
    expect(Number(info.server_state_duration_us)).toBeGreaterThan(0)
    expect(info.state_accounting.full.transitions).toBe('1')
    expect(info.ports).toEqual([{ port: String(new URL(h.sb.url).port), protocol: ['ws'] }])
    const state = (await h.client.request({ command: 'server_state' })).result.state
    expect(state.network_id).toBe(0)
    expect(typeof state.server_state_duration_us).toBe('string')
  })

  it('random answers 256 fresh bits each time', async () => {
    const a = (await h.client.request({ command: 'random' })).result.random
    const b = (await h.client.request({ command: 'random' })).result.random
    expect(a).toMatch(/^[0-9A-F]{64}$/)
    expect(b).not.toBe(a)
  })

  it('the subscribe answer and each ledger stream message carry network_id 0', async () => {
    await withClient(h.sb.url, async (client) => {
      const answer = await client.request({ command: 'subscribe', streams: ['ledger'] })
      expect(answer.result).toMatchObject({ network_id: 0 })
      const closed = new Promise<Record<string, unknown>>((resolve) =>
        client.once('ledgerClosed', (e) => resolve(e as unknown as Record<string, unknown>)),
      )
      await h.sb.ledgerAccept()
      expect(await closed).toMatchObject({ type: 'ledgerClosed', network_id: 0 })
    })
  })
})

/** account_nfts with limit 1 for a fresh holder of two NFTs on this harness's server. */
async function pageOfOne(harness: Harness) {
  const carol = Wallet.generate()
  await fund(harness, 100, carol)
  mintInProcess(harness.sb.ledger, carol, 2)
  await harness.sb.ledgerAccept()
  const request = { command: 'account_nfts', account: carol.address, limit: 1 } as const
  return (await harness.client.request(request)).result
}

describe('admin and public connections', () => {
  it('the admin port (default) takes limit 1 as asked and pages with a marker; ping names the role', async () => {
    const page = await pageOfOne(h)
    expect(page.account_nfts).toHaveLength(1)
    expect(page.marker).toBeDefined()
    const ping = await h.client.request({ command: 'ping' })
    expect(ping.result).toEqual({ role: 'admin', unlimited: true })
  })

  it("an admin's limit 0 is the method's default page, never an empty page with a marker", async () => {
    const nfts = await h.client.request({
      command: 'account_nfts',
      account: alice.address,
      limit: 0,
    })
    expect(nfts.result.marker).toBeUndefined()
    const txs = await h.client.request({ command: 'account_tx', account: alice.address, limit: 0 })
    expect(txs.result.limit).toBe(200)
    expect(txs.result.transactions.length).toBeGreaterThan(0)
  })

  it('a public server clamps limit 1 up to the method minimum, says nothing of a role, and hides ports', async () => {
    const pub = await startHarness({ role: 'public' })
    try {
      const page = await pageOfOne(pub)
      expect(page.account_nfts).toHaveLength(2)
      expect(page.marker).toBeUndefined()
      expect((await pub.client.request({ command: 'ping' })).result).toEqual({})
      const info = (await pub.client.request({ command: 'server_info' })).result.info
      expect(info.ports).toBeUndefined()
      expect(info.network_id).toBe(0)
    } finally {
      await pub.stop()
    }
  })
})

describe('JSON-RPC and a public port beside the admin one', () => {
  /** POSTs a JSON-RPC request; resolves to the parsed body. */
  async function post(url: string, method: string, params: Record<string, unknown> = {}) {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ method, params: [params] }),
    })
    return { status: res.status, body: (await res.json()) as { result: Record<string, unknown> } }
  }

  it("answers JSON-RPC over HTTP as rippled does, and lists the ports in rippled's order", async () => {
    const sb = await startSandbox({ port: 0, closeMs: 0, rpcPort: 0, publicPort: 0 })
    try {
      const rpc = sb.rpcUrl!
      const info = await post(rpc, 'server_info')
      expect(info.status).toBe(200)
      expect(info.body.result.status).toBe('success')
      const port = (url: string) => new URL(url).port
      expect((info.body.result.info as { ports: unknown }).ports).toEqual([
        { port: port(rpc), protocol: ['http'] },
        { port: port(sb.publicUrl!), protocol: ['ws'] },
        { port: port(sb.url), protocol: ['ws'] },
      ])
      const genesis = await post(rpc, 'account_info', {
        account: sb.genesis.address,
        api_version: 2,
      })
      expect(genesis.body.result).toMatchObject({
        status: 'success',
        account_data: { Account: sb.genesis.address },
      })
      const missing = await post(rpc, 'account_info', { account: Wallet.generate().address })
      expect(missing.body.result).toMatchObject({
        status: 'error',
        error: 'actNotFound',
        error_code: 19,
        request: { command: 'account_info' },
      })
      const stream = await post(rpc, 'subscribe', { streams: ['ledger'] })
      expect(stream.body.result).toMatchObject({ status: 'error', error: 'notSupported' })
    } finally {
      await sb.stop()
    }
  })

  it('the public port clamps limits and says nothing of a role, on the same ledger', async () => {
    const sb = await startSandbox({ port: 0, closeMs: 0, publicPort: 0 })
    const pub = new Client(sb.publicUrl!)
    const admin = new Client(sb.url)
    try {
      await pub.connect()
      await admin.connect()
      const request = { command: 'account_tx', account: sb.genesis.address, limit: 1 } as const
      expect((await pub.request(request)).result.limit).toBe(10)
      expect((await admin.request(request)).result.limit).toBe(1)
      expect((await pub.request({ command: 'ping' })).result).toEqual({})
      // ledger_accept is an admin command.
      const accept = { command: 'ledger_accept' } as unknown as { command: 'ping' }
      const refused = await pub.request(accept).catch((e: { data?: unknown }) => e.data)
      expect(refused).toMatchObject({ error: 'noPermission', error_code: 6 })
      const info = (await pub.request({ command: 'server_info' })).result.info
      expect(info.ports).toBeUndefined()
      expect(info.validated_ledger?.seq).toBe(sb.ledger.validated.header.ledger_index)
    } finally {
      await pub.disconnect()
      await admin.disconnect()
      await sb.stop()
    }
  })
})

describe('proposed transactions', () => {
  it('transactions_proposed gets a transaction as it applies, then again once validated', async () => {
    await withClient(h.sb.url, async (client) => {
      const events: TransactionStream[] = []
      client.on('transaction', (e) => events.push(e))
      await client.request({ command: 'subscribe', streams: ['transactions_proposed'] })
      const signed = await signTx(h.client, alice, {
        TransactionType: 'AccountSet',
        Account: alice.address,
      })
      await submitBlob(h.client, signed.tx_blob)
      await drain(client)
      expect(events).toHaveLength(1)
      expect(events[0]).toMatchObject({
        type: 'transaction',
        hash: signed.hash,
        validated: false,
        status: 'proposed',
        engine_result: 'tesSUCCESS',
        tx_json: { TransactionType: 'AccountSet', Account: alice.address },
      })
      const closed = await h.sb.ledgerAccept()
      await drain(client)
      expect(events).toHaveLength(2)
      expect(events[1]).toMatchObject({ hash: signed.hash, validated: true, ledger_index: closed })
    })
  })

  it('a transaction applied without an RPC submit (in-process, as the demo submits) is proposed too', async () => {
    await withClient(h.sb.url, async (client) => {
      const hashes: string[] = []
      client.on('transaction', (e) => hashes.push(e.hash ?? ''))
      await client.request({ command: 'subscribe', streams: ['transactions_proposed'] })
      const res = submitInProcess(h.sb.ledger, alice, { TransactionType: 'AccountSet' })
      expect(res.engine_result).toBe('tesSUCCESS')
      await drain(client)
      expect(hashes).toEqual([res.tx_json.hash])
      await h.sb.ledgerAccept()
    })
  })

  it('a queued transaction is not proposed when the queue applies it at the close: only validated', async () => {
    const busy = await startHarness({ expectedLedgerSize: 2 })
    const client = new Client(busy.sb.url)
    try {
      const dave = Wallet.generate()
      await fund(busy, 100, dave)
      await client.connect()
      const events: string[] = []
      client.on('transaction', (e) => events.push(`${e.hash} ${String(e.validated)}`))
      await client.request({ command: 'subscribe', streams: ['transactions_proposed'] })
      await fillOpenLedger(busy)
      await drain(client)
      events.length = 0
      // The base fee, below the escalated open-ledger fee: it waits in the queue.
      const { Sequence } = await accountData(busy.client, dave.address)
      const blob = signRaw(dave, {
        TransactionType: 'AccountSet',
        Account: dave.address,
        Fee: '12',
        Sequence,
      })
      const queued = { hash: hashes.hashSignedTx(blob) }
      expect((await submitBlob(busy.client, blob)).engine_result).toBe('terQUEUED')
      await busy.sb.ledgerAccept()
      await drain(client)
      expect(events.filter((e) => e.startsWith(queued.hash))).toEqual([])
      await busy.sb.ledgerAccept()
      await drain(client)
      expect(events.filter((e) => e.startsWith(queued.hash))).toEqual([`${queued.hash} true`])
    } finally {
      await client.disconnect()
      await busy.stop()
    }
  })

  it('accounts_proposed follows one account; a transaction that does not apply is not sent', async () => {
    await withClient(h.sb.url, async (client) => {
      const hashes: string[] = []
      client.on('transaction', (e) => hashes.push(`${e.hash} ${String(e.validated)}`))
      await client.request({ command: 'subscribe', accounts_proposed: [bob.address] })
      const toBob = await signTx(h.client, alice, {
        TransactionType: 'Payment',
        Account: alice.address,
        Destination: bob.address,
        Amount: xrpToDrops(1),
      })
      await submitBlob(h.client, toBob.tx_blob)
      const elsewhere = await signTx(h.client, alice, {
        TransactionType: 'Payment',
        Account: alice.address,
        Destination: Wallet.generate().address,
        Amount: xrpToDrops(20),
      })
      await submitBlob(h.client, elsewhere.tx_blob)
      // Bob's own transaction from a Sequence ahead of his: terPRE_SEQ, held back, not applied.
      const { Sequence } = await accountData(h.client, bob.address)
      const ahead = signRaw(bob, {
        TransactionType: 'AccountSet',
        Account: bob.address,
        Fee: '12',
        Sequence: Sequence + 5,
      })
      expect((await submitBlob(h.client, ahead)).engine_result).toBe('terPRE_SEQ')
      await drain(client)
      expect(hashes).toEqual([`${toBob.hash} false`])
      await h.sb.ledgerAccept()
      await drain(client)
      expect(hashes).toEqual([`${toBob.hash} false`, `${toBob.hash} true`])
    })
  })
})
