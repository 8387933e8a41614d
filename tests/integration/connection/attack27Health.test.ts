/**
 * Issue 27 under attack: servers that are unhealthy, or lie about their health, while the engine
 * works. Each test asserts the safe behaviour.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Client } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import { LedgerDb } from '../../../src/db/schema.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { NETWORK_IDS, buildNetworks } from '../../../src/shared/networks.ts'
import { Engine } from '../../../src/worker/engine.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { freeNfts } from '../../helpers/jobs.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { closeLedgers } from '../../helpers/sandbox.ts'
import { eventually } from '../../helpers/poll.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

const running: {
  engines: Engine[]
  sandboxes: Sandbox[]
  dbs: LedgerDb[]
  proxies: Proxy[]
  clients: Client[]
  stops: (() => void)[]
} = { engines: [], sandboxes: [], dbs: [], proxies: [], clients: [], stops: [] }
let dbCounter = 0
/** Each engine's database (tests read jobs as the UI does). */
const dbOf = new Map<Engine, LedgerDb>()

afterEach(async () => {
  for (const stop of running.stops.splice(0)) stop()
  await Promise.all(running.engines.splice(0).map((e) => e.dispose()))
  await Promise.all(running.clients.splice(0).map((c) => c.disconnect().catch(() => undefined)))
  await Promise.all(running.proxies.splice(0).map((p) => p.close()))
  await Promise.all(running.sandboxes.splice(0).map((s) => s.stop()))
  for (const db of running.dbs.splice(0)) db.close()
})

async function sandbox(demo = false): Promise<Sandbox> {
  const sb = await startSandbox({
    port: 0,
    closeMs: 0,
    ...(demo ? { demo, gatewayPort: 0, expectedLedgerSize: 1000 } : {}),
  })
  running.sandboxes.push(sb)
  await sb.ledgerAccept()
  return sb
}

/** An engine whose Sandbox network lists these endpoints, in order. */
function engineWith(endpoints: string[], clioEndpoints = endpoints, lagCheckMs = 60_000): Engine {
  const base = buildNetworks({})
  const db = new LedgerDb(`attack27h-${process.pid}-${++dbCounter}-${Date.now()}`)
  running.dbs.push(db)
  const engine = new Engine({
    networks: { ...base, sandbox: { ...base.sandbox, endpoints, clioEndpoints } },
    offered: NETWORK_IDS,
    db,
    timing: { backoffMinMs: 10, backoffMaxMs: 200, lagCheckMs },
  })
  running.engines.push(engine)
  dbOf.set(engine, db)
  return engine
}

/**
 * The demo ledger 30 ledgers on, a second server of it that the engine uses first, the demo holder
 * connected there and a burn of `count` of its NFTs planned.
 */
async function burnPlannedOnFirstServer(count: number) {
  const sb = await sandbox(true)
  for (let i = 0; i < 30; i += 1) await sb.ledgerAccept()
  const first = await sb.addEndpoint()
  const engine = engineWith([first.url, sb.url])
  await engine.connect('sandbox')
  expect((await engine.getNetworkStatus()).endpoint).toBe(first.url)
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const nftIds = await freeNfts(await clientOf(sb.url), holder, count)
  const plan = await engine.planJob({ kind: 'burn', nftIds })
  expect(plan.problems).toEqual([])
  return { sb, first, engine, db: dbOf.get(engine)!, plan }
}

async function clientOf(url: string): Promise<Client> {
  const client = new Client(url)
  await client.connect()
  running.clients.push(client)
  return client
}

describe('a server that becomes amendment blocked while a job runs', () => {
  it('the job goes on, exactly once, on the network’s other server (it does not end failed)', async () => {
    const { sb, first, engine, db, plan } = await burnPlannedOnFirstServer(5)

    // The server the engine uses stops being able to apply the ledger's rules (an amendment it does
    // not know was enabled). The network has another, healthy server.
    first.faults.amendmentBlocked = true
    running.stops.push(closeLedgers(sb, 100))
    await engine.startJob(plan.jobId)
    const job = await jobFinished(db, plan.jobId, 60_000)

    expect({ status: job.status, error: job.error ?? null, counts: job.counts }).toMatchObject({
      status: 'completed',
      error: null,
      counts: { total: 5, succeeded: 5 },
    })
    const items = await readItems(db, plan.jobId)
    expect(items.map((i) => i.status)).toEqual(Array(5).fill('succeeded'))
  })
})

describe('a server that lags from the start', () => {
  it('at the first connection (nothing seen yet), a server whose validated ledger is 100 s old is passed over for a current one', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 30; i += 1) await sb.ledgerAccept()
    // Behind by 25 ledgers (its server_info says the validated ledger is 100 s old), still under
    // rippled's two minutes after which it would call itself not synced: server_state "full".
    const lagging = await sb.addEndpoint()
    lagging.faults.lagLedgers = 25
    const engine = engineWith([lagging.url, sb.url])
    const status = await engine.connect('sandbox')
    const names = { [lagging.url]: 'the lagging server', [sb.url]: 'the current server' }
    expect(names[status.endpoint ?? ''] ?? status.endpoint).toBe('the current server')
  })

  it('a server that starts lagging mid-session (a Clio that stopped following) is left: the job completes, each item signed once or twice, not again and again', async () => {
    const { sb, first, engine, db, plan } = await burnPlannedOnFirstServer(3)
    // It stops following the network: 25 ledgers behind, and more as they close.
    first.faults.lagLedgers = 25
    running.stops.push(closeLedgers(sb, 100))
    await engine.startJob(plan.jobId)
    const start = sb.ledger.validated.header.ledger_index
    while (sb.ledger.validated.header.ledger_index < start + 80) {
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    const items = await readItems(db, plan.jobId)
    const results = items.flatMap((i) => i.attempts.map((a) => a.preliminary ?? '?'))
    const { endpoint } = await engine.getNetworkStatus()
    expect(
      {
        onLaggingServer: endpoint === first.url,
        items: items.map((i) => ({ status: i.status, signedAtMostTwice: i.attempts.length <= 2 })),
      },
      `submit results: ${[...new Set(results)].join(', ')}`,
    ).toEqual({
      onLaggingServer: false,
      items: Array(3).fill({ status: 'succeeded', signedAtMostTwice: true }),
    })
  })
})

describe('a server that starts lagging while nothing runs (no job reads the ledger)', () => {
  /** The engine on `first` (the other server, `sb`, checked every 300 ms), ledgers closing. */
  async function onFirstServer() {
    const sb = await sandbox()
    for (let i = 0; i < 10; i += 1) await sb.ledgerAccept()
    const first = await sb.addEndpoint()
    const engine = engineWith([first.url, sb.url], [sb.url], 300)
    await engine.connect('sandbox')
    expect((await engine.getNetworkStatus()).endpoint).toBe(first.url)
    running.stops.push(closeLedgers(sb, 100))
    /** `ledger` requests the other server has answered (the lag checks). */
    const checks = () => sb.server.commandCounts.get('ledger') ?? 0
    return { sb, first, engine, checks }
  }

  it('is left for the network’s other server once that server’s validated ledger shows the lag, and the status says why', async () => {
    const { sb, first, engine } = await onFirstServer()
    const errors = new Set<string>()
    await engine.onStatus((s) => {
      if (s.error) errors.add(s.error)
    })
    // It stops following: its stream and its answers stay 25 ledgers behind, and it stays "full".
    first.faults.lagLedgers = 25
    const status = await eventually(
      () => engine.getNetworkStatus(),
      (s) => s.state === 'connected' && s.endpoint === sb.url,
      'the connection on the current server',
      { timeoutMs: 30_000, everyMs: 100 },
    ).catch(() => engine.getNetworkStatus())
    expect({
      state: status.state,
      onCurrentServer: status.endpoint === sb.url,
      saidWhy: [...errors].some((e) => e.includes(first.url) && /lags \d+ ledgers/.test(e)),
    }).toEqual({ state: 'connected', onCurrentServer: true, saidWhy: true })
  })

  it('is kept while it is within a few ledgers of the other server (a check is one request, not a failover)', async () => {
    const { first, engine, checks } = await onFirstServer()
    first.faults.lagLedgers = 2
    const before = checks()
    while (checks() < before + 4) await new Promise((resolve) => setTimeout(resolve, 50))
    const status = await engine.getNetworkStatus()
    expect({ state: status.state, endpoint: status.endpoint }).toEqual({
      state: 'connected',
      endpoint: first.url,
    })
  })
})

describe('a server that lies about its validated ledger', () => {
  it('one server announcing a ledger far ahead does not make every honest server "lagging"', async () => {
    const sb = await sandbox()
    for (let i = 0; i < 10; i += 1) await sb.ledgerAccept()
    // The liar: a server of the same ledger whose server_info claims a validated ledger 1,000 ahead
    // (a broken clock, a bug, or malice).
    const liarEndpoint = await sb.addEndpoint()
    const liar = await startProxy(liarEndpoint.url)
    running.proxies.push(liar)
    liar.hooks.reply = (reply: Json, request: Json) => {
      if (request.command !== 'server_info') return reply
      const info = (reply.result as { info: { validated_ledger?: { seq: number } } }).info
      if (info.validated_ledger) info.validated_ledger.seq += 1_000
      return reply
    }
    const engine = engineWith([liar.url, sb.url])
    const errors = new Set<string>()
    await engine.onStatus((s) => {
      if (s.error) errors.add(s.error)
    })
    await engine.connect('sandbox')
    expect((await engine.getNetworkStatus()).endpoint).toBe(liar.url)

    // The liar goes away. The honest server is fine: the engine must take it.
    await liar.close()
    running.proxies.splice(running.proxies.indexOf(liar), 1)
    const status = await eventually(
      () => engine.getNetworkStatus(),
      (s) => s.state === 'connected' && s.endpoint === sb.url,
      'the connection on the honest server',
      { timeoutMs: 15_000, everyMs: 100 },
    ).catch(() => engine.getNetworkStatus())
    const why = [...errors].filter((e) => /lags/.test(e)).join(' | ')
    expect(
      { state: status.state, onHonestServer: status.endpoint === sb.url },
      `the honest server was refused: ${why}`,
    ).toEqual({ state: 'connected', onHonestServer: true })
  })
})

describe('a Clio that lags and leaves out the ledger of its list', () => {
  it('gives no floor price: a list that does not say its ledger is not taken as current', async () => {
    const sb = await sandbox(true)
    for (let i = 0; i < 10; i += 1) await sb.ledgerAccept()
    const clio = await sb.addEndpoint()
    clio.faults.lagLedgers = 8
    // The same lagging Clio, its nfts_by_issuer replies without `ledger_index` (a broken or older
    // server, or a proxy that rewrites replies).
    const front = await startProxy(clio.url)
    running.proxies.push(front)
    front.hooks.reply = (reply: Json, request: Json) => {
      if (request.command === 'nfts_by_issuer') delete (reply.result as Json).ledger_index
      return reply
    }
    const engine = engineWith([sb.url], [front.url])
    await engine.connect('sandbox')
    const outcome = await engine.floorPrice(accounts.artist.classicAddress, 2).then(
      (floor) => ({ floor: floor.floorDrops ?? 'none', ledgerIndex: floor.ledgerIndex }),
      (e: unknown) => ({ refused: (e as { code?: string }).code }),
    )
    // Refused as a malformed reply: a list that cannot be placed in time is not used.
    expect(outcome).toEqual({ refused: 'LEDGER_REJECTED' })
  })
})
