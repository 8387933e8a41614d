/**
 * The world of the modify/mint attack tests (attackModify*.test.ts): a sandbox closing a ledger
 * every 100 ms, a user and a few other wallets funded, an independent client (the ledger as anyone
 * reads it), a rewriting proxy in front of the sandbox (the server an attacker runs) and an honest
 * second endpoint of the same ledger. `use` reopens the engine on the servers a test names: which
 * is in use, which is the network's other one, which is its Clio.
 */
import type { AddressInfo } from 'node:net'

import { WebSocket, WebSocketServer } from 'ws'
import { Client, Wallet, convertHexToString, convertStringToHex } from 'xrpl'

import { buildNetworks } from '../../../src/shared/networks.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { nftUrisOf } from '../../helpers/jobs.ts'
import { eventually } from '../../helpers/poll.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { closeLedgers, fundInProcess, submitInProcess } from '../../helpers/sandbox.ts'

export interface AttackWorld {
  h: EngineHarness
  engine: Engine
  client: Client
  user: Wallet
  others: Wallet[]
  /** The lying server, in front of the sandbox. */
  proxy: Proxy
  /** An honest second endpoint of the same ledger. */
  honest: string
  jobs: { lastLedgerOffset: number }
  /** Reopens the engine (same store) on these servers, connected as the user. */
  use(servers: { endpoints: string[]; clio: string[]; requestTimeoutMs?: number }): Promise<Engine>
  stop(): Promise<void>
}

/** rippled's NFTokenMint flags. */
export const TRANSFERABLE = 0x08
export const MUTABLE = 0x10

/** The wallets' world; the engine first on the honest sandbox alone (its own Clio). */
export async function startAttackWorld(opts: {
  others: number
  gateway?: boolean
}): Promise<AttackWorld> {
  const jobs = { lastLedgerOffset: 6 }
  const acceptance = { firstCheckMs: 600_000, intervalMs: 600_000 }
  const h = await startEngineHarness(opts.gateway ? { gatewayPort: 0 } : {}, {
    jobs,
    acceptance,
  })
  const user = Wallet.generate()
  const others = Array.from({ length: opts.others }, () => Wallet.generate())
  fundInProcess(h.sb.ledger, 1_000, user, ...others)
  // Some history: a number's user is looked up from ledgers before it was asked for.
  for (let i = 0; i < 20; i++) await h.sb.ledgerAccept()
  const client = new Client(h.sb.url)
  await client.connect()
  const proxy = await startProxy(h.sb.url)
  const honest = (await h.sb.addEndpoint()).url
  const stopClosing = closeLedgers(h.sb, 100)
  const world: AttackWorld = {
    h,
    engine: h.engine,
    client,
    user,
    others,
    proxy,
    honest,
    jobs,
    use: async ({ endpoints, clio, requestTimeoutMs }) => {
      await world.engine.dispose()
      const base = buildNetworks({})
      const networks = {
        ...h.networks,
        sandbox: {
          ...base.sandbox,
          ...h.networks.sandbox,
          endpoints,
          clioEndpoints: clio,
        },
      }
      const timing = {
        backoffMinMs: 10,
        backoffMaxMs: 200,
        ...(requestTimeoutMs ? { requestTimeoutMs } : {}),
      }
      world.engine = h.reopen({ networks, jobs, acceptance, timing })
      await world.engine.connect('sandbox')
      await world.engine.connectWallet({ kind: 'familySeed', secret: user.seed! })
      return world.engine
    },
    // The engine's end is waited for a while only: one wedged by a test must not hang the others.
    stop: async () => {
      stopClosing()
      await proxy.close()
      await client.disconnect()
      const waited = new Promise<void>((resolve) => setTimeout(resolve, 5_000))
      await Promise.race([world.engine.dispose(), waited])
      await h.sb.stop()
      h.db.close()
      await h.db.delete()
    },
  }
  await world.engine.connectWallet({ kind: 'familySeed', secret: user.seed! })
  return world
}

/** Mints NFTs signed by `wallet` (in process), one per URI; returns their ids in URI order. */
export async function mintDirect(
  world: AttackWorld,
  wallet: Wallet,
  uris: string[],
  flags = TRANSFERABLE | MUTABLE,
): Promise<string[]> {
  const before = new Set((await nftUrisOf(world.client, wallet.classicAddress)).keys())
  for (const uri of uris) {
    const r = submitInProcess(world.h.sb.ledger, wallet, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 5,
      Flags: flags,
      URI: convertStringToHex(uri),
    })
    if (r.engine_result !== 'tesSUCCESS') throw new Error(`mint: ${r.engine_result}`)
  }
  const held = await eventually(
    () => nftUrisOf(world.client, wallet.classicAddress),
    (m) => m.size === before.size + uris.length,
    'the NFTs minted on the validated ledger',
  )
  const byUri = new Map([...held].filter(([id]) => !before.has(id)).map(([id, u]) => [u, id]))
  return uris.map((u) => byUri.get(u)!)
}

/** The URI the validated ledger has for an NFT, wherever it is (the sandbox's own nft_info). */
export async function ledgerUri(client: Client, nftId: string): Promise<string> {
  const r = await client.request({ command: 'nft_info', nft_id: nftId } as never)
  return convertHexToString((r as { result: { uri: string } }).result.uri)
}

/** The account's validated transactions of a type (account_tx, every page after `after`). */
export async function txsOfType(
  client: Client,
  account: string,
  type: string,
  after = 0,
): Promise<Json[]> {
  const pages = await client.requestAll({
    command: 'account_tx',
    api_version: 2,
    account,
    ledger_index_min: after + 1,
    ledger_index_max: -1,
    forward: true,
  } as never)
  const txs = pages.flatMap((p) => (p as { result: { transactions: Json[] } }).result.transactions)
  return txs.map((t) => (t.tx_json ?? t.tx) as Json).filter((t) => t.TransactionType === type)
}

/** A server that refuses every connection (HTTP 503 on the handshake) until `open`. */
export interface Gate {
  url: string
  open: boolean
  close(): Promise<void>
}

/** A gate in front of `target`: refusing while closed, a plain relay once open. */
export async function startGate(target: string): Promise<Gate> {
  const sockets = new Set<WebSocket>()
  const wss = new WebSocketServer({
    host: '127.0.0.1',
    port: 0,
    verifyClient: (_info, done) => done(gate.open, 503),
  })
  await new Promise<void>((resolve) => wss.once('listening', resolve))
  const gate: Gate = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    open: false,
    close: async () => {
      for (const s of sockets) s.terminate()
      await new Promise((resolve) => wss.close(resolve))
    },
  }
  wss.on('connection', (client: WebSocket) => {
    const upstream = new WebSocket(target)
    const opened = new Promise((resolve) => upstream.once('open', resolve))
    sockets.add(client).add(upstream)
    client.on('error', () => undefined)
    upstream.on('error', () => undefined)
    client.on('close', () => upstream.close())
    upstream.on('close', () => client.close())
    client.on('message', (data: Buffer) => void opened.then(() => upstream.send(data.toString())))
    upstream.on('message', (data: Buffer) => client.send(data.toString()))
  })
  return gate
}
