/**
 * `limits: 'clio'`: the sandbox guards itself as Clio's DOSGuard does, per client IP and one-second
 * sweep: above 20 requests the request is answered slowDown unprocessed; a reply whose bytes take the
 * IP over its byte budget carries `warning: "load"` and warning 2003; more than 20 connections are
 * refused. Every processed reply carries Clio's warning 2001, and server_info names `clio_version`.
 * The guard reads an injected clock that each test steps: nothing depends on real time.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Client } from 'xrpl'
import type { RippledError } from 'xrpl'

import { GENESIS_ADDRESS, startSandbox } from '../../../src/sandbox/index.ts'
import { clientsClosedAfterEach } from '../../helpers/sandbox.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import type { ClioLimits } from '../../../src/sandbox/rpc/loadLimits.ts'

/** The injected clock, ms: the start of a sweep. */
let now = 1_700_000_000_000
const nextSweep = () => (now += 1000)

let sb: Sandbox
const connect = clientsClosedAfterEach()

async function start(limits: Partial<ClioLimits> = {}): Promise<Client> {
  sb = await startSandbox({
    port: 0,
    closeMs: 0,
    adminPort: 0,
    limits: { kind: 'clio', now: () => now, ...limits },
  })
  // xrpl.js asks server_info as it connects: begin each test in a sweep of its own.
  const client = await connect(sb.url)
  nextSweep()
  return client
}

afterEach(async () => {
  await sb.stop()
})

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: RippledError) => e.data as Record<string, unknown>,
  )

describe("Clio's DOSGuard", () => {
  it('server_info names clio_version; every processed reply carries warning 2001', async () => {
    const client = await start()
    const info = await client.request({ command: 'server_info' })
    expect(info.result.info).toMatchObject({ clio_version: '2.4.0-sandbox' })
    expect((info as unknown as { warnings: unknown[] }).warnings).toEqual([
      { id: 2001, message: expect.stringContaining('This is a clio server') as unknown },
    ])
  })

  it('answers 20 requests in a sweep, refuses the 21st slowDown unprocessed, and serves the next sweep', async () => {
    const client = await start()
    for (let i = 0; i < 20; i++) await client.request({ command: 'ping' })
    const pings = sb.server.commandCounts.get('ping')
    const refused = await failureOf(client.request({ command: 'ping', id: 'twenty-first' }))
    expect(refused).toEqual({
      error: 'slowDown',
      error_code: 10,
      error_message: 'You are placing too much load on the server.',
      status: 'error',
      type: 'response',
      id: 'twenty-first',
      request: { command: 'ping', id: 'twenty-first', api_version: 2 },
    })
    expect(sb.server.commandCounts.get('ping')).toBe(pings)
    expect(sb.server.load.refusals).toBe(1)
    expect(sb.server.load.balance()).toBe(21)
    nextSweep()
    await expect(client.request({ command: 'ping' })).resolves.toMatchObject({ result: {} })
  })

  it('20 requests a second, paced by the clock, are never refused', async () => {
    const client = await start()
    for (let s = 0; s < 10; s++) {
      await Promise.all(
        Array.from({ length: 20 }, () =>
          client.request({ command: 'account_info', account: GENESIS_ADDRESS }),
        ),
      )
      nextSweep()
    }
    expect(sb.server.load.refusals).toBe(0)
    expect(sb.server.load.warnings).toBe(0)
  })

  it('the reply that takes an IP past its bytes warns it (load, 2003); the next request is refused', async () => {
    const client = await start({ bytesPerSecond: 3000 })
    let warned: Record<string, unknown> | undefined
    let sent = 0
    while (!warned) {
      const res = (await client.request({ command: 'server_info' })) as unknown as Record<
        string,
        unknown
      >
      sent += 1
      if (res.warning) warned = res
    }
    expect(sent).toBeLessThan(20)
    expect(warned.warning).toBe('load')
    expect(warned.warnings).toEqual([
      expect.objectContaining({ id: 2001 }),
      { id: 2003, message: 'You are about to be rate limited' },
    ])
    expect(sb.server.load.warnings).toBe(1)
    expect(await failureOf(client.request({ command: 'ping' }))).toMatchObject({
      error: 'slowDown',
    })
    nextSweep()
    await expect(client.request({ command: 'ping' })).resolves.toBeDefined()
  })

  it('refuses a connection over the per-IP limit (429) until one closes', async () => {
    await start({ maxConnections: 2 })
    const second = await connect(sb.url)
    const third = new Client(sb.url, { timeout: 120_000 })
    await expect(third.connect()).rejects.toThrow(/429/)
    expect(sb.server.load.drops).toBe(1)
    await second.disconnect()
    const again = await connect(sb.url)
    expect(again.isConnected()).toBe(true)
  })

  it('each endpoint guards itself; the admin port is never limited', async () => {
    const client = await start()
    const endpoint = await sb.addEndpoint()
    const other = await connect(endpoint.url)
    const admin = await connect(sb.adminUrl!)
    nextSweep()
    for (let i = 0; i < 20; i++) await client.request({ command: 'ping' })
    await expect(other.request({ command: 'ping' })).resolves.toBeDefined()
    for (let i = 0; i < 50; i++) await admin.request({ command: 'ping' })
    const adminInfo = await admin.request({ command: 'server_info' })
    expect(adminInfo.result.info).not.toHaveProperty('clio_version')
    expect(adminInfo).not.toHaveProperty('warnings')
  })
})
