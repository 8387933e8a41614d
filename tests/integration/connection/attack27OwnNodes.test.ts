/**
 * Issue 27 under attack, bring your own node: a node of another network (or one that lies in its
 * checks) must never pass as the network's; a node the user removed must not stay in use. Each test
 * asserts the safe behaviour.
 */
import type { AddressInfo } from 'node:net'

import { afterEach, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import { WebSocket, WebSocketServer } from 'ws'

import { readSettings } from '../../../src/db/settings.ts'
import { LedgerDb } from '../../../src/db/schema.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox, SandboxOptions } from '../../../src/sandbox/index.ts'
import { NETWORK_IDS, buildNetworks } from '../../../src/shared/networks.ts'
import type { NetworkConfig, NetworkId } from '../../../src/shared/networks.ts'
import { Engine } from '../../../src/worker/engine.ts'
import { engineError } from '../../helpers/engine.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json } from '../../helpers/rewritingProxy.ts'
import { fundInProcess } from '../../helpers/sandbox.ts'

let stops: (() => unknown)[] = []
let dbCounter = 0

afterEach(async () => {
  for (const stop of stops.reverse()) await stop()
  stops = []
})

/** A ledger of its own (its own transaction: empty ledgers of one genesis would share hashes). */
async function ledger(options: SandboxOptions = {}): Promise<Sandbox> {
  const sb = await startSandbox({ port: 0, closeMs: 0, ...options })
  stops.push(() => sb.stop())
  fundInProcess(sb.ledger, 100, Wallet.generate())
  for (let i = 0; i < 3; i += 1) await sb.ledgerAccept()
  return sb
}

async function proxy(target: string, rewrite: (info: Record<string, unknown>) => void) {
  const p = await startProxy(target)
  stops.push(() => p.close())
  p.hooks.reply = (reply: Json, request: Json) => {
    if (request.command === 'server_info') rewrite((reply.result as { info: Json }).info)
    return reply
  }
  return p
}

/** server_info as a node configured with this network_id reports it (rippled omits 0). */
const reportsNetworkId = (id: number) => (info: Record<string, unknown>) => {
  info.network_id = id
}

function engineWith(networks: Partial<Record<NetworkId, Partial<NetworkConfig>>>): {
  engine: Engine
  db: LedgerDb
} {
  const base = buildNetworks({})
  const merged = Object.fromEntries(
    NETWORK_IDS.map((id) => [id, { ...base[id], ...networks[id] }]),
  ) as Record<NetworkId, NetworkConfig>
  const db = new LedgerDb(`attack27o-${process.pid}-${++dbCounter}-${Date.now()}`)
  stops.push(() => db.close())
  const engine = new Engine({
    networks: merged,
    offered: NETWORK_IDS,
    db,
    timing: { backoffMinMs: 10, backoffMaxMs: 200 },
  })
  stops.push(() => engine.dispose())
  return { engine, db }
}

/**
 * A front end for a node whose upstream can be switched (the node is reset onto another network) and
 * which can go down (refuses connections) and come back; it counts connection attempts.
 */
async function switchable(initial: string) {
  let target = initial
  let up = true
  let attempts = 0
  const sockets = new Set<WebSocket>()
  const wss = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: (_info: unknown, done: (ok: boolean, code?: number) => void) => {
      attempts += 1
      done(up, up ? undefined : 503)
    },
  })
  await new Promise<void>((resolve) => wss.once('listening', resolve))
  wss.on('connection', (client: WebSocket) => {
    const upstream = new WebSocket(target)
    sockets.add(client).add(upstream)
    const opened = new Promise((resolve) => upstream.once('open', resolve))
    client.on('close', () => upstream.close())
    upstream.on('close', () => client.close())
    upstream.on('error', () => client.terminate())
    client.on('message', (data: Buffer) => {
      void opened.then(() => upstream.send(data.toString('utf8')))
    })
    upstream.on('message', (data: Buffer) => {
      if (client.readyState === WebSocket.OPEN) client.send(data.toString('utf8'))
    })
  })
  const dropAll = () => {
    for (const s of sockets) s.terminate()
    sockets.clear()
  }
  stops.push(
    () =>
      new Promise((resolve) => {
        dropAll()
        wss.close(resolve)
      }),
  )
  return {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    attempts: () => attempts,
    switchTo(next: string) {
      target = next
      dropAll()
    },
    down() {
      up = false
      dropAll()
    },
    up() {
      up = true
    },
  }
}

describe('a node of another network', () => {
  it('a private ledger reporting Testnet’s network_id is refused for Testnet, even while the engine is on another network', async () => {
    // Testnet's public server (a ledger that reports network_id 1).
    const testnetLedger = await ledger()
    const testnet = await proxy(testnetLedger.url, reportsNetworkId(1))
    // The engine is on the Sandbox network (the user adds the node before switching to Testnet).
    const sandbox = await ledger()
    const { engine } = engineWith({
      sandbox: { endpoints: [sandbox.url], clioEndpoints: [sandbox.url] },
      testnet: { endpoints: [testnet.url], clioEndpoints: [testnet.url] },
    })
    await engine.connect('sandbox')
    // A private ledger whose rippled.cfg says [network_id] 1: not Testnet's ledger.
    const privateLedger = await ledger()
    const impostor = await proxy(privateLedger.url, reportsNetworkId(1))

    const error = await engineError(engine.addOwnEndpoint('testnet', impostor.url, 'ledger'))
    expect(error.code).toBe('VALIDATION')
  })

  it('a node that claims Mainnet’s ledger height (no network_id, as Mainnet) is refused for Mainnet while the engine is elsewhere', async () => {
    const mainnetLedger = await ledger()
    // Mainnet's public server, for the test: a ledger the engine can check against.
    const { engine } = engineWith({
      mainnet: { endpoints: [mainnetLedger.url], clioEndpoints: [mainnetLedger.url] },
      sandbox: { endpoints: [(await ledger()).url] },
    })
    await engine.connect('sandbox')
    // A fork or a liar: it says its validated ledger is 95,000,000 and reports no network_id.
    const forkLedger = await ledger()
    const liar = await proxy(forkLedger.url, (info) => {
      delete info.network_id
      ;(info.validated_ledger as { seq: number }).seq = 95_000_000
    })

    const error = await engineError(engine.addOwnEndpoint('mainnet', liar.url, 'ledger'))
    expect(error.code).toBe('VALIDATION')
  })

  it('a node that passed its check and is later moved to another network is not used for the first', async () => {
    const testnetLedger = await ledger()
    const testnet = await proxy(testnetLedger.url, reportsNetworkId(1))
    const devnetLedger = await ledger()
    const devnet = await proxy(devnetLedger.url, reportsNetworkId(2))
    // The user's node follows Testnet when added, checked against Testnet's server.
    const node = await switchable(testnet.url)
    const { engine } = engineWith({
      testnet: { endpoints: [testnet.url], clioEndpoints: [testnet.url] },
    })
    await engine.connect('testnet')
    await engine.addOwnEndpoint('testnet', node.url, 'ledger')
    expect((await engine.getNetworkStatus()).endpoint).toBe(node.url)

    // Its operator resets it onto Devnet (network_id 2); the connection drops and comes back.
    node.switchTo(devnet.url)
    const names = { [node.url]: 'the node, now on Devnet', [testnet.url]: 'Testnet’s server' }
    await expect
      .poll(
        async () => {
          const { state, endpoint } = await engine.getNetworkStatus()
          return { state, endpoint: names[endpoint ?? ''] ?? endpoint }
        },
        { timeout: 10_000 },
      )
      .toEqual({ state: 'connected', endpoint: 'Testnet’s server' })
  })
})

describe('a node that answers its checks badly', () => {
  const cases: [string, (reply: Json, request: Json) => Json | null][] = [
    [
      'a server_info without info',
      (reply: Json, request: Json) =>
        request.command === 'server_info' ? { ...reply, result: {} } : reply,
    ],
    [
      'a ledger it does not have',
      (reply: Json, request: Json) =>
        request.command === 'ledger'
          ? {
              id: reply.id,
              type: 'response',
              status: 'error',
              error: 'lgrNotFound',
              error_message: 'ledgerNotFound',
            }
          : reply,
    ],
    // A server that takes the connection and never answers (not an XRP Ledger server at all).
    [
      'no answer',
      (reply: Json, request: Json) => (request.command === 'server_info' ? null : reply),
    ],
  ]
  for (const [what, rewrite] of cases) {
    it(`${what}: a clear EngineError, not a raw exception`, async () => {
      const sb = await ledger()
      const { engine } = engineWith({ sandbox: { endpoints: [sb.url], clioEndpoints: [sb.url] } })
      await engine.connect('sandbox')
      const node = await sb.addEndpoint()
      const front = await startProxy(node.url)
      stops.push(() => front.close())
      front.hooks.reply = rewrite
      const error: unknown = await engine.addOwnEndpoint('sandbox', front.url, 'ledger').then(
        () => null,
        (e: unknown) => e,
      )
      const { name, code, message } = (error ?? {}) as {
        name?: string
        code?: string
        message?: string
      }
      expect(
        { name, code: ['VALIDATION', 'NETWORK'].includes(code ?? '') },
        String(message),
      ).toEqual({
        name: 'EngineError',
        code: true,
      })
    })
  }
})

describe('a node the user removed', () => {
  it('is not connected to again after being removed while the engine was offline', async () => {
    const sb = await ledger()
    const node = await switchable(sb.url)
    const pub = await switchable(sb.url)
    const { engine } = engineWith({ sandbox: { endpoints: [pub.url], clioEndpoints: [pub.url] } })
    await engine.connect('sandbox')
    await engine.addOwnEndpoint('sandbox', node.url, 'ledger')
    expect((await engine.getNetworkStatus()).endpoint).toBe(node.url)

    // Every server goes away: the engine is offline, retrying.
    node.down()
    pub.down()
    await expect
      .poll(async () => (await engine.getNetworkStatus()).state, { timeout: 10_000 })
      .toBe('offline')
    // The user removes the node meanwhile; then it comes back up (the public server does not).
    await engine.removeOwnEndpoint('sandbox', node.url)
    const before = node.attempts()
    node.up()
    // Retries come every 200 ms at most here; two seconds give the engine every chance to try it.
    await new Promise((resolve) => setTimeout(resolve, 2_000))
    const { state, endpoint } = await engine.getNetworkStatus()
    expect({
      attemptsOnRemovedNode: node.attempts() - before,
      connectedToRemovedNode: state === 'connected' && endpoint === node.url,
    }).toEqual({ attemptsOnRemovedNode: 0, connectedToRemovedNode: false })
  })
})

describe('settings from the page', () => {
  it('saveSettings stores no key named after an Object.prototype member (constructor, toString)', async () => {
    const sb = await ledger()
    const { engine, db } = engineWith({ sandbox: { endpoints: [sb.url], clioEndpoints: [sb.url] } })
    const outcomes: Record<string, string> = {}
    for (const key of ['constructor', 'toString']) {
      const patch = JSON.parse(
        JSON.stringify({ [key]: { sandbox: [{ url: 'ws://attacker.example', kind: 'ledger' }] } }),
      ) as Record<string, unknown>
      outcomes[key] = await engine.saveSettings(patch).then(
        () => 'stored',
        (e: unknown) => (e as { code?: string }).code ?? 'thrown',
      )
    }
    const stored = Object.keys(await readSettings(db))
    expect({ outcomes, stored }).toEqual({
      outcomes: { constructor: 'VALIDATION', toString: 'VALIDATION' },
      stored: [],
    })
  })
})
