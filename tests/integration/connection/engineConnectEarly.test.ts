/**
 * A wallet connected while the app is still making its first ledger connection (the footer says
 * Connecting…): the engine waits for that round instead of refusing, and the NFTs load.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Proxy } from '../../helpers/rewritingProxy.ts'

let h: EngineHarness
let proxy: Proxy

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
  proxy = await startProxy(h.sb.url)
})

afterAll(async () => {
  await proxy?.close()
  await h?.stop()
})

/**
 * An engine whose first connection round is held: the server's replies wait until `release`.
 * Resolves once the round has sent its first request (the engine is connecting).
 */
async function engineMidConnect(server: 'synced' | 'unsynced' | 'silent' = 'synced') {
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  let asked = () => {}
  const firstRequest = new Promise<void>((resolve) => (asked = resolve))
  proxy.hooks = {
    request: (request) => {
      asked()
      return request
    },
    reply: async (reply, request) => {
      await released
      if (server === 'silent') return null
      if (server === 'synced' || request.command !== 'server_info') return reply
      const result = reply.result as { info: Record<string, unknown> }
      return {
        ...reply,
        result: { ...result, info: { ...result.info, server_state: 'connected' } },
      }
    },
  }
  const sandbox = { ...h.networks.sandbox, endpoints: [proxy.url], clioEndpoints: [proxy.url] }
  const timing = { backoffMinMs: 10, backoffMaxMs: 200, requestTimeoutMs: 1000 }
  const engine = h.reopen({ networks: { ...h.networks, sandbox }, timing })
  const connected = engine.connect('sandbox')
  await firstRequest
  expect((await engine.getNetworkStatus()).state).toBe('connecting')
  return { engine, release, connected }
}

it('connects the demo wallet and loads its NFTs when asked before the first connection is made', async () => {
  const { engine, release, connected } = await engineMidConnect()

  const wallet = engine.connectDemoWallet()
  const nfts = engine.loadNfts(undefined, demoAccounts().holder.classicAddress)
  release()

  expect(await wallet).toMatchObject({ address: demoAccounts().holder.classicAddress })
  expect((await nfts).count).toBeGreaterThan(0)
  expect((await connected).state).toBe('connected')
  await engine.dispose()
})

it('still says it is not connected when the first round finds no fit server', async () => {
  const { engine, release, connected } = await engineMidConnect('unsynced')
  const wallet = engine.connectDemoWallet()
  release()

  expect((await engineError(wallet)).code).toBe('NOT_CONNECTED')
  expect((await engineError(connected)).code).not.toBe('INTERNAL')
  await engine.dispose()
})

it('ends the round, rather than connecting for ever, when the server never answers', async () => {
  const { engine, release, connected } = await engineMidConnect('silent')
  const wallet = engine.connectDemoWallet()
  release()

  expect((await engineError(connected)).code).toMatch(/^(TIMEOUT|NETWORK)$/)
  expect((await engineError(wallet)).code).toBe('NOT_CONNECTED')
  expect((await engine.getNetworkStatus()).error).toMatch(/Timeout|closed/)
  await engine.dispose()
})
