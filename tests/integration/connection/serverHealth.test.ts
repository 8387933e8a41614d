/**
 * Failover on health: a server that is amendment blocked, not synced or lagging is left for the
 * network's next one; one that dropped the engine over its load rests while the others serve; a
 * floor price is not read from a Clio that lags the validated ledger.
 */
import { afterEach, describe, expect, it } from 'vitest'

import { LedgerDb } from '../../../src/db/schema.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { NETWORK_IDS, buildNetworks } from '../../../src/shared/networks.ts'
import { Engine } from '../../../src/worker/engine.ts'
import { engineError } from '../../helpers/engine.ts'

const accounts = demoAccounts()
const running: { engines: Engine[]; sandboxes: Sandbox[]; dbs: LedgerDb[] } = {
  engines: [],
  sandboxes: [],
  dbs: [],
}
let dbCounter = 0

afterEach(async () => {
  await Promise.all(running.engines.splice(0).map((e) => e.dispose()))
  await Promise.all(running.sandboxes.splice(0).map((s) => s.stop()))
  for (const db of running.dbs.splice(0)) db.close()
})

async function sandbox(demo = false): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, closeMs: 0, ...(demo ? { demo, gatewayPort: 0 } : {}) })
  running.sandboxes.push(sb)
  await sb.ledgerAccept()
  return sb
}

/** An engine whose Sandbox network lists these endpoints (and Clio endpoints), in order. */
function engineWith(
  endpoints: string[],
  clioEndpoints = endpoints,
  preferredProbeMs = 60_000,
): Engine {
  const base = buildNetworks({})
  const db = new LedgerDb(`health-${process.pid}-${++dbCounter}-${Date.now()}`)
  running.dbs.push(db)
  const engine = new Engine({
    networks: { ...base, sandbox: { ...base.sandbox, endpoints, clioEndpoints } },
    offered: NETWORK_IDS,
    db,
    timing: { backoffMinMs: 10, backoffMaxMs: 200, preferredProbeMs },
  })
  running.engines.push(engine)
  return engine
}

describe('failover on health', () => {
  it('passes over an amendment-blocked or unsynced server at connect', async () => {
    const sb = await sandbox()
    const blocked = await sb.addEndpoint()
    blocked.faults.amendmentBlocked = true
    const unsynced = await sb.addEndpoint()
    unsynced.faults.notSynced = true
    const engine = engineWith([blocked.url, unsynced.url, sb.url])
    const status = await engine.connect('sandbox')
    expect(status).toMatchObject({ state: 'connected', endpoint: sb.url })
  })

  it('passes over a server that lags the ledger the network already showed', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 10; i += 1) await sb.ledgerAccept()
    const lagging = await sb.addEndpoint()
    lagging.faults.lagLedgers = 8
    const fit = await sb.addEndpoint()
    const engine = engineWith([sb.url, lagging.url, fit.url])
    const connectedTo: string[] = []
    await engine.onStatus((s) => {
      if (s.state === 'connected' && s.endpoint) connectedTo.push(s.endpoint)
    })
    await engine.connect('sandbox')
    // The first server stops following the network: in the round that follows, the next one in
    // turn lags the ledger the engine has seen, so it is passed over for the one after it.
    sb.faults.notSynced = true
    sb.server.dropConnections()
    await expect
      .poll(async () => engine.getNetworkStatus(), { timeout: 10_000 })
      .toMatchObject({ state: 'connected', endpoint: fit.url })
    expect(connectedTo).not.toContain(lagging.url)
  })

  it('leaves a server that says it is not synced mid-session; the reading completes on the next', async () => {
    const sb = await sandbox()
    const first = await sb.addEndpoint()
    const engine = engineWith([first.url, sb.url])
    await engine.connect('sandbox')
    expect((await engine.getNetworkStatus()).endpoint).toBe(first.url)
    first.faults.notSynced = true
    // A reading meets notSynced: the engine moves to the next server; the reading fails over
    // with the connection (NETWORK, as on any drop), and the next one is served.
    await engine.loadNfts(undefined, accounts.holder.classicAddress).catch(() => undefined)
    await expect
      .poll(async () => engine.getNetworkStatus(), { timeout: 10_000 })
      .toMatchObject({ state: 'connected', endpoint: sb.url })
    const result = await engine.loadNfts(undefined, sb.genesis.address)
    expect(result.count).toBe(0)
  })

  it('moves off a server that dropped it over its load (1008) and stays off while it rests', async () => {
    const sb = await sandbox()
    // A server far stricter than rippled's defaults (it drops where it first warns): a burst of
    // readings sent before any reply could warn reaches its drop level.
    const strict = await sb.addEndpoint({
      limits: { kind: 'rippled', warnBalance: 150, dropBalance: 150 },
    })
    const engine = engineWith([strict.url, sb.url])
    await engine.connect('sandbox')
    expect((await engine.getNetworkStatus()).endpoint).toBe(strict.url)
    // Readings past the balance it drops at: 1008, then the other server, and not back.
    await Promise.all(
      Array.from({ length: 20 }, () =>
        engine.loadNfts(undefined, sb.genesis.address).catch(() => undefined),
      ),
    )
    await expect
      .poll(async () => engine.getNetworkStatus(), { timeout: 10_000 })
      .toMatchObject({ state: 'connected', endpoint: sb.url })
    expect(strict.server.load.drops).toBeGreaterThan(0)
    const dropsBefore = strict.server.load.drops
    for (let i = 0; i < 3; i += 1) await engine.loadNfts(undefined, sb.genesis.address)
    expect((await engine.getNetworkStatus()).endpoint).toBe(sb.url)
    expect(strict.server.load.drops).toBe(dropsBefore)
  })
})

describe('taking the first server back', () => {
  it('moves back to the network’s first server (the user’s own comes first) once it is fit', async () => {
    const sb = await sandbox()
    const first = await sb.addEndpoint()
    first.faults.notSynced = true
    const engine = engineWith([first.url, sb.url], undefined, 0)
    await engine.connect('sandbox')
    expect((await engine.getNetworkStatus()).endpoint).toBe(sb.url)
    // Still unfit: a ledger close tries it and stays.
    await sb.ledgerAccept()
    await expect.poll(async () => (await engine.getNetworkStatus()).endpoint).toBe(sb.url)
    first.faults.notSynced = false
    await sb.ledgerAccept()
    await expect
      .poll(async () => engine.getNetworkStatus(), { timeout: 10_000 })
      .toMatchObject({ state: 'connected', endpoint: first.url })
    // The engine serves from it.
    expect((await engine.loadNfts(undefined, sb.genesis.address)).count).toBe(0)
  })
})

describe('a Clio that lags', () => {
  it('gives no floor price from a list older than the validated ledger', async () => {
    const sb = await sandbox(true)
    for (let i = 0; i < 10; i += 1) await sb.ledgerAccept()
    const clio = await sb.addEndpoint()
    clio.faults.lagLedgers = 8
    const engine = engineWith([sb.url], [clio.url])
    await engine.connect('sandbox')
    const error = await engineError(engine.floorPrice(accounts.artist.classicAddress, 2))
    expect(error.code).toBe('NETWORK')
    expect(error.message).toMatch(/8 ledgers behind the network: the floor price was not read/)
    clio.faults.lagLedgers = 0
    const floor = await engine.floorPrice(accounts.artist.classicAddress, 2)
    expect(floor.ledgerIndex).toBe(sb.ledger.validated.header.ledger_index)
  })
})
