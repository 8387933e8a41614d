/**
 * The offers and bids readings do not trust the server: a WebSocket proxy between the engine and the
 * sandbox's demo ledger rewrites account_objects, account_tx and nft_buy_offers replies. A malformed
 * offer or a bid of another NFT is a clear error; a history lookup that never ends only costs the
 * tie-break, not the reading.
 */
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'

const accounts = demoAccounts()

let h: EngineHarness
let proxy: Proxy
let engine: Engine

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
  proxy = await startProxy(h.sb.url)
  const base = buildNetworks({})
  engine = h.reopen({ networks: { ...base, sandbox: { ...base.sandbox, endpoints: [proxy.url] } } })
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterEach(() => {
  proxy.hooks = {}
})

afterAll(async () => {
  await proxy.close()
  await h.stop()
})

/** Rewrites the results of one command's replies (error replies, which have none, pass). */
function onResult(command: string, rewrite: (result: Json, request: Json) => Json): void {
  proxy.hooks.reply = (reply, request) =>
    request.command === command && typeof reply.result === 'object' && reply.result !== null
      ? { ...reply, result: rewrite(reply.result as Json, request) }
      : reply
}

it('refuses an offer whose Amount is neither drops nor an issued amount', async () => {
  onResult('account_objects', (result) => {
    const [first, ...rest] = result.account_objects as Json[]
    return { ...result, account_objects: [{ ...first, Amount: '12.5' }, ...rest] }
  })
  const error = await engineError(engine.loadOffers())
  expect(error.code).toBe('LEDGER_REJECTED')
  expect(error.message).toMatch(
    /malformed account_objects reply: offer [0-9A-F]{64} has a malformed Amount/,
  )
})

it('reads the offers when the history look-up repeats its marker forever; the order falls back to ids', async () => {
  let pages = 0
  proxy.hooks.reply = (reply, request) => {
    if (request.command !== 'account_tx') return reply
    pages += 1
    const result = { account: request.account, transactions: [], marker: 'again', validated: true }
    return { id: reply.id, type: 'response', status: 'success', result }
  }
  const report = await engine.loadOffers()
  // The second page names the same marker: the look-up stops there.
  expect(pages).toBe(2)
  expect(report.counts.duplicate).toBeGreaterThan(0)
  // Each NFT with several offers still keeps exactly one.
  const perNft = new Map<string, number>()
  for (const o of report.sell)
    if (!o.flags.duplicate) perNft.set(o.nftId, (perNft.get(o.nftId) ?? 0) + 1)
  expect([...perNft.values()].every((kept) => kept === 1)).toBe(true)
})

it('refuses bids sent for another NFT, and a sell offer listed as a bid', async () => {
  onResult('nft_buy_offers', (result) => ({ ...result, nft_id: 'F'.repeat(64) }))
  let error = await engineError(engine.loadBids())
  expect(error.code).toBe('LEDGER_REJECTED')
  expect(error.message).toContain('the offers of another NFT were sent for')

  onResult('nft_buy_offers', (result) => ({
    ...result,
    offers: (result.offers as Json[]).map((o) => ({ ...o, flags: 1 })),
  }))
  error = await engineError(engine.loadBids())
  expect(error.message).toMatch(/offer [0-9A-F]{64} is not a buy offer/)
})
