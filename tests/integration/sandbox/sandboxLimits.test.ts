/**
 * `limits: 'rippled'`: the sandbox meters its clients as rippled's Resource Manager does (a balance
 * per client IP that decays by 1/32 a second): replies carry `warning: "load"` from a balance of
 * 5,000 (at most once a second, the warning itself charged 4,000), and a request arriving at 25,000
 * or more closes the WebSocket with 1008 "threshold exceeded", unanswered. The admin port is never
 * metered. The meters read an injected clock that each test steps: nothing depends on real time.
 */
import { afterEach, describe, expect, it } from 'vitest'
import type { Client } from 'xrpl'
import { DisconnectedError, Wallet } from 'xrpl'
import WebSocket from 'ws'

import { GENESIS_ADDRESS, startSandbox } from '../../../src/sandbox/index.ts'
import { clientsClosedAfterEach } from '../../helpers/sandbox.ts'
import type { Sandbox, SandboxOptions } from '../../../src/sandbox/index.ts'

/** The injected clock, ms. Every sandbox of this file reads it. */
let now = 1_700_000_000_000
const clock = () => now
const stepSeconds = (s: number) => (now += s * 1000)

let sb: Sandbox
const connect = clientsClosedAfterEach()

/** A sandbox closing ledgers on demand, with an admin port, and a client connected to `url`. */
async function start(opts: SandboxOptions = {}): Promise<Client> {
  sb = await startSandbox({
    port: 0,
    closeMs: 0,
    adminPort: 0,
    limits: { kind: 'rippled', now: clock },
    ...opts,
  })
  return connect(sb.url)
}

afterEach(async () => {
  await sb.stop()
})

/** The close a bare WebSocket gets for its first request (no reply may come before it). */
function closeOfFirstRequest(url: string): Promise<{ code: number; reason: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url)
    ws.once('open', () => ws.send(JSON.stringify({ id: 1, command: 'ping' })))
    ws.once('message', () => reject(new Error('answered')))
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() }))
  })
}

/** account_objects of the genesis account: a successful read rippled charges 400 (medium). */
const mediumRead = (client: Client) =>
  client.request({ command: 'account_objects', account: GENESIS_ADDRESS })

describe("rippled's Resource Manager", () => {
  it('replies carry warning "load" from a balance of 5,000, at most once a second, and none below', async () => {
    const client = await start()
    for (let i = 1; i < 400; i++) expect((await mediumRead(client)).warning).toBeUndefined()
    // xrpl.js's server_info on connect (20) and 399 × 400, over 32: 4,988, below the warning.
    expect(sb.server.load.balance()).toBe(4988)
    const warned = await mediumRead(client)
    expect(warned.warning).toBe('load')
    // The 400th reaches 5,000; the warning charged 4,000 more (125 of balance).
    expect(sb.server.load.balance()).toBe(5125)
    expect(sb.server.load.warnings).toBe(1)
    // Warned once this second: the next reply carries none though the balance is higher still.
    expect((await mediumRead(client)).warning).toBeUndefined()
    // A second later the charges have decayed by 1/32: below 5,000 again, no warning.
    stepSeconds(1)
    expect((await mediumRead(client)).warning).toBeUndefined()
    expect(sb.server.load.balance()).toBeLessThan(5000)
  })

  it('a steady r units a second settles near r: 12 medium reads a second never warn, 14 do', async () => {
    const client = await start()
    for (let s = 0; s < 150; s++) {
      for (let i = 0; i < 12; i++) expect((await mediumRead(client)).warning).toBeUndefined()
      stepSeconds(1)
    }
    // 12 × 400 = 4,800 units a second.
    expect(sb.server.load.balance()).toBeGreaterThan(4500)
    expect(sb.server.load.balance()).toBeLessThan(4800)
    let warnedAfter = 0
    for (let s = 1; s <= 150 && warnedAfter === 0; s++) {
      for (let i = 0; i < 14; i++) if ((await mediumRead(client)).warning) warnedAfter = s
      stepSeconds(1)
    }
    // 14 × 400 = 5,600 a second climbs past 5,000 within a few windows.
    expect(warnedAfter).toBeGreaterThan(0)
  })

  it('an error reply does not show the warning: rippled replaces the envelope by the error', async () => {
    const client = await start()
    for (let i = 0; i < 420; i++) await mediumRead(client)
    expect(sb.server.load.warnings).toBe(1)
    stepSeconds(1)
    // Still above 5,000 after the decay, and a new second: this request is warned, but it fails.
    const failed = await client
      .request({ command: 'account_info', account: Wallet.generate().address })
      .catch((e: { data?: Record<string, unknown> }) => e.data)
    expect(failed).toMatchObject({ error: 'actNotFound' })
    expect(failed).not.toHaveProperty('warning')
    // (20 + 420 × 400 + 4,000) decayed a second, + 20 for the request, + 4,000 for the unseen warning.
    expect(sb.server.load.balance()).toBe(5333)
    // The warning of this second is spent: the next success carries none.
    expect((await mediumRead(client)).warning).toBeUndefined()
    expect(sb.server.load.warnings).toBe(1)
  })

  it('a request at a balance of 25,000 closes the WebSocket 1008 "threshold exceeded", unanswered', async () => {
    const client = await start()
    const closed = new Promise<number>((resolve) => client.once('disconnected', resolve))
    let answered = 0
    let failure: unknown
    while (failure === undefined) {
      try {
        await mediumRead(client)
        answered += 1
      } catch (e) {
        failure = e
      }
    }
    // 20 (server_info) + 1,990 × 400 + one 4,000 warning ≥ 800,000: 25,000 before the 1,991st.
    expect(answered).toBe(1990)
    expect(failure).toBeInstanceOf(DisconnectedError)
    expect(await closed).toBe(1008)
    expect(sb.server.load.drops).toBe(1)
    // The drop was charged 6,000 more: a client that comes straight back is closed again.
    expect(sb.server.load.balance()).toBe(25_188)
    expect(await closeOfFirstRequest(sb.url)).toEqual({ code: 1008, reason: 'threshold exceeded' })
    expect(sb.server.load.drops).toBe(2)
    // A minute later the balance has decayed below the warning: served again, without warning.
    stepSeconds(60)
    const after = await connect(sb.url)
    expect((await mediumRead(after)).warning).toBeUndefined()
  })

  it('thresholds of its own; requests pipelined behind the one that closes are not read', async () => {
    const client = await start({
      limits: { kind: 'rippled', now: clock, warnBalance: 100, dropBalance: 200 },
    })
    const replies = await Promise.allSettled(Array.from({ length: 40 }, () => mediumRead(client)))
    const answered = replies.filter((r) => r.status === 'fulfilled')
    // 20 (server_info) + 8 × 400 reaches a balance of 100: the 8th is warned, and the warning's
    // 4,000 take the balance to 225, past 200: the 9th closes the connection, the rest go unread.
    expect(answered).toHaveLength(8)
    expect(answered.map((r) => r.value.warning)).toEqual([...Array<undefined>(7), 'load'])
    for (const r of replies.slice(8)) expect(r.status).toBe('rejected')
    expect(sb.server.load.drops).toBe(1)
  })

  it('the admin port is never metered, and ping says so', async () => {
    const client = await start()
    const admin = await connect(sb.adminUrl!)
    for (let i = 0; i < 2500; i++) expect((await mediumRead(admin)).warning).toBeUndefined()
    expect(sb.server.load.balance()).toBe(0)
    expect((await admin.request({ command: 'ping' })).result).toEqual({
      role: 'admin',
      unlimited: true,
    })
    // The metered port answers as a public server: no role, not unlimited.
    expect((await client.request({ command: 'ping' })).result).toEqual({})
    // The same ledger: what the admin closes, the metered port validates.
    const before = (await client.request({ command: 'ledger_closed' })).result.ledger_index
    await admin.request({ command: 'ledger_accept' } as unknown as { command: 'ping' })
    const after = (await client.request({ command: 'ledger_closed' })).result.ledger_index
    expect(after).toBe(before + 1)
  })

  it('each server keeps its own accounting; JSON-RPC shares the IP with the WebSocket', async () => {
    const client = await start({ rpcPort: 0 })
    const endpoint = await sb.addEndpoint()
    for (let i = 0; i < 10; i++) await mediumRead(client)
    // xrpl.js's server_info on connect (20) and 10 × 400, over 32.
    expect(sb.server.load.balance()).toBe(125)
    expect(endpoint.server.load.balance()).toBe(0)
    const res = await fetch(sb.rpcUrl!, {
      method: 'POST',
      body: JSON.stringify({ method: 'account_objects', params: [{ account: GENESIS_ADDRESS }] }),
    })
    expect(res.status).toBe(200)
    expect(sb.server.load.balance()).toBe(138)
    const unlimited = await sb.addEndpoint({ limits: 'none' })
    const free = await connect(unlimited.url)
    expect((await free.request({ command: 'ping' })).result).toEqual({
      role: 'admin',
      unlimited: true,
    })
  })

  it('over JSON-RPC the warning is in the result, and an IP over the drop balance gets 503', async () => {
    await start({ rpcPort: 0 })
    const post = () =>
      fetch(sb.rpcUrl!, {
        method: 'POST',
        body: JSON.stringify({ method: 'account_objects', params: [{ account: GENESIS_ADDRESS }] }),
      })
    let warned: Record<string, unknown> | undefined
    for (let i = 0; i < 400 && !warned; i++) {
      const body = (await (await post()).json()) as { result: Record<string, unknown> }
      if (body.result.warning) warned = body.result
    }
    expect(warned).toMatchObject({ warning: 'load', status: 'success' })
    while ((await post()).status === 200);
    const refused = await post()
    expect(refused.status).toBe(503)
    expect(await refused.text()).toBe('Server is overloaded')
  })
})
