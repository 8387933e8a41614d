/**
 * Coming back: after the ledger connection is lost, retryNow (the browser's online event, or the
 * user) reconnects at once instead of waiting out a long backoff.
 */
import { afterEach, expect, it } from 'vitest'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import type { NetworkStatus } from '../../../src/worker/api.ts'
import { Engine } from '../../../src/worker/engine.ts'
import { LedgerDb } from '../../../src/db/schema.ts'

let sandbox: Sandbox | undefined
let engine: Engine | undefined

afterEach(async () => {
  await engine?.disconnect()
  await sandbox?.stop()
})

function waitFor(e: Engine, test: (s: NetworkStatus) => boolean): Promise<NetworkStatus> {
  return new Promise((resolve) => {
    void e.onStatus((s) => {
      if (test(s)) resolve(s)
    })
  })
}

it('reconnects at once on retryNow, although the backoff would wait a minute', async () => {
  sandbox = await startSandbox({ port: 0, closeMs: 0 })
  const port = sandbox.port
  const base = buildNetworks({})
  engine = new Engine({
    networks: { ...base, sandbox: { ...base.sandbox, endpoints: [sandbox.url] } },
    db: new LedgerDb(`reconnect-${Date.now()}`),
    // Far longer than this test's timeout: only retryNow can bring the connection back in time.
    timing: { backoffMinMs: 60_000, backoffMaxMs: 60_000 },
  })
  await engine.connect('sandbox')
  await sandbox.stop()
  await waitFor(engine, (s) => s.state === 'offline' || s.state === 'reconnecting')
  // One failed attempt puts the session into its 60 s backoff wait.
  await waitFor(engine, (s) => s.error !== null && s.error !== 'Connection lost')

  sandbox = await startSandbox({ port, closeMs: 0 })
  const connected = waitFor(engine, (s) => s.state === 'connected')
  await engine.retryNow()
  const status = await connected
  expect(status.ledgerIndex).toBeGreaterThan(0)
}, 20_000)

it('connect() answers connected once a session that first failed has come up on its own', async () => {
  sandbox = await startSandbox({ port: 0, closeMs: 0 })
  const port = sandbox.port
  await sandbox.stop()
  sandbox = undefined
  const base = buildNetworks({})
  engine = new Engine({
    networks: { ...base, sandbox: { ...base.sandbox, endpoints: [`ws://127.0.0.1:${port}`] } },
    db: new LedgerDb(`reconnect2-${Date.now()}`),
    timing: { backoffMinMs: 20, backoffMaxMs: 50 },
  })
  await expect(engine.connect('sandbox')).rejects.toMatchObject({ name: 'EngineError' })
  sandbox = await startSandbox({ port, closeMs: 0 })
  await waitFor(engine, (s) => s.state === 'connected')
  const status = await engine.connect('sandbox')
  expect(status.state).toBe('connected')
}, 20_000)

it('gives a silent connection up when the device goes offline, and comes back on a fresh one', async () => {
  sandbox = await startSandbox({ port: 0, closeMs: 0 })
  const base = buildNetworks({})
  engine = new Engine({
    networks: { ...base, sandbox: { ...base.sandbox, endpoints: [sandbox.url] } },
    db: new LedgerDb(`offline-${Date.now()}`),
  })
  await engine.connect('sandbox')
  const states: NetworkStatus[] = []
  await engine.onStatus((s) => states.push(s))
  const before = sandbox.server.connectionCount

  const back = waitFor(engine, (s) => s.state === 'connected' && states.length > 1)
  await engine.deviceOffline()
  expect(states.map((s) => [s.state, s.error])).toContainEqual([
    'reconnecting',
    'This device is offline',
  ])
  await back
  // A new socket: the old one was closed, not kept beside it.
  await expect.poll(() => sandbox!.server.connectionCount).toBe(before)
  // Without a live connection it does nothing.
  await engine.disconnect()
  const count = states.length
  await engine.deviceOffline()
  expect(states).toHaveLength(count)
}, 20_000)
