import { createServer } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'

import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import type { NetworkStatus } from '../../../src/worker/api.ts'
import { Engine } from '../../../src/worker/engine.ts'

// Short backoff so reconnects happen quickly; the client limits stay the spec's.
const FAST_RETRIES = { backoffMinMs: 10, backoffMaxMs: 200 }

const running: { engines: Engine[]; sandboxes: Sandbox[] } = { engines: [], sandboxes: [] }

afterEach(async () => {
  await Promise.all(running.engines.splice(0).map((engine) => engine.disconnect()))
  await Promise.all(running.sandboxes.splice(0).map((sandbox) => sandbox.stop()))
})

async function sandbox(): Promise<Sandbox> {
  const started = await startSandbox({ port: 0, closeMs: 0 })
  running.sandboxes.push(started)
  return started
}

/** An engine whose Sandbox network uses these endpoints, in this order. */
function engineWith(endpoints: string[]): Engine {
  const networks = buildNetworks({})
  const engine = new Engine({
    networks: { ...networks, sandbox: { ...networks.sandbox, endpoints } },
    timing: FAST_RETRIES,
  })
  running.engines.push(engine)
  return engine
}

/** A loopback URL on which nothing listens. */
async function deadEndpoint(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise((resolve) => server.close(resolve))
  return `ws://127.0.0.1:${port}`
}

/** The first status pushed to a listener that satisfies the test. */
async function statusWhere(
  engine: Engine,
  test: (status: NetworkStatus) => boolean,
): Promise<NetworkStatus> {
  let subscription: number | null = null
  let found: NetworkStatus | null = null
  const matched = new Promise<NetworkStatus>((resolve) => {
    void engine
      .onStatus((status) => {
        if (found || !test(status)) return
        found = status
        resolve(status)
      })
      .then((id) => (subscription = id))
  })
  const status = await matched
  if (subscription !== null) await engine.offStatus(subscription)
  return status
}

describe('Engine.connect against the sandbox ledger', () => {
  it('reports a connected status with the ledger index and reserves', async () => {
    const sb = await sandbox()
    const engine = engineWith([sb.url])

    const status = await engine.connect('sandbox')

    expect(status).toMatchObject({
      network: 'sandbox',
      endpoint: sb.url,
      state: 'connected',
      reserveBaseXrp: 1,
      reserveIncXrp: 0.2,
      baseFeeXrp: 0.00001,
      error: null,
    })
    expect(status.ledgerIndex).toBeGreaterThan(0)
    expect(await engine.getNetworkStatus()).toEqual(status)
  })

  it('follows each validated ledger through the ledger stream', async () => {
    const sb = await sandbox()
    const engine = engineWith([sb.url])
    const before = (await engine.connect('sandbox')).ledgerIndex ?? 0

    const advanced = statusWhere(engine, (status) => (status.ledgerIndex ?? 0) > before)
    const closed = await sb.ledgerAccept()

    expect(closed).toBeGreaterThan(before)
    expect((await advanced).ledgerIndex).toBe(closed)
  })

  it('fails over to the next endpoint when the first cannot be reached', async () => {
    const sb = await sandbox()
    const engine = engineWith([await deadEndpoint(), sb.url])

    const status = await engine.connect('sandbox')

    expect(status.state).toBe('connected')
    expect(status.endpoint).toBe(sb.url)
  })

  it('reconnects after the connection drops and follows the ledger again', async () => {
    const sb = await sandbox()
    const engine = engineWith([sb.url])
    await engine.connect('sandbox')

    const reconnecting = statusWhere(engine, (status) => status.state === 'reconnecting')
    sb.faults.dropConnections()
    await reconnecting
    const connectedAgain = await statusWhere(engine, (status) => status.state === 'connected')
    const advanced = statusWhere(
      engine,
      (status) => (status.ledgerIndex ?? 0) > (connectedAgain.ledgerIndex ?? 0),
    )
    const closed = await sb.ledgerAccept()

    expect((await advanced).ledgerIndex).toBe(closed)
  })

  it('rejects with NETWORK and reports offline when no endpoint answers', async () => {
    const engine = engineWith([await deadEndpoint()])

    await expect(engine.connect('sandbox')).rejects.toMatchObject({
      name: 'EngineError',
      code: 'NETWORK',
    })
    const status = await engine.getNetworkStatus()
    expect(status.state).toBe('offline')
    expect(status.error).toBeTruthy()
  })

  it('rejects an unknown network without touching the connection', async () => {
    const engine = engineWith([await deadEndpoint()])

    await expect(engine.connect('moon' as 'sandbox')).rejects.toMatchObject({
      name: 'EngineError',
      code: 'VALIDATION',
    })
    expect((await engine.getNetworkStatus()).endpoint).toBeNull()
  })
})
