/**
 * Engine.floorPrice against the sandbox's demo ledger (which answers Clio's nfts_by_issuer itself):
 * the demo badges' floor as the ledger has it, read by another account; the holder's own offers left
 * out; a network without Clio, a bad issuer; readings kept for a few minutes.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { parseNFTokenID } from 'xrpl'

import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import { buildNetworks } from '../../src/shared/networks.ts'
import { engineError } from '../helpers/engine.ts'
import { offersOf, startDemoJobsHarness } from '../helpers/jobs.ts'
import type { DemoJobsHarness } from '../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
/** The demo's 'Sandbox Badges': minted by the holder, taxon 1, 60 of them. */
const BADGES = { issuer: holder, taxon: 1 }

let h: DemoJobsHarness

beforeAll(async () => {
  h = await startDemoJobsHarness()
})

afterAll(async () => {
  await h.stop()
})

it("reads the badges' floor as the ledger has it: public, unexpired XRP sell offers of others", async () => {
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.artist.seed! })
  const progress: string[] = []
  const floor = await h.engine.floorPrice(BADGES.issuer, BADGES.taxon, (p) => progress.push(p.step))

  const ledger = await h.client.request({ command: 'ledger', ledger_index: 'validated' })
  const closeTime = ledger.result.ledger.close_time
  const market = (await offersOf(h.client, holder)).filter((o) => {
    const nft = parseNFTokenID(o.NFTokenID)
    return (
      (o.Flags & 1) === 1 &&
      nft.Issuer === holder &&
      nft.Taxon === 1 &&
      typeof o.Amount === 'string' &&
      o.Destination === undefined &&
      (o.Expiration === undefined || o.Expiration > closeTime)
    )
  })
  const lowest = market.map((o) => BigInt(o.Amount as string)).reduce((a, b) => (b < a ? b : a))
  expect(floor).toMatchObject({
    ...BADGES,
    lowestDrops: String(lowest),
    offersCounted: market.length,
    nftsChecked: 60,
    collectionTotal: 60,
    totalComplete: true,
  })
  expect(lowest).toBe(5_000_000n)
  expect(progress).toContain('listing')
  expect(progress.at(-1)).toBe('checking')
})

it("leaves the asking account's own offers out: the holder sees no floor of its own listings", async () => {
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const floor = await h.engine.floorPrice(BADGES.issuer, BADGES.taxon)
  expect(floor).toMatchObject({ lowestDrops: null, offersCounted: 0, nftsChecked: 60 })
})

it('keeps a reading for a few minutes', async () => {
  const first = await h.engine.floorPrice(BADGES.issuer, BADGES.taxon)
  const again = await h.engine.floorPrice(BADGES.issuer, BADGES.taxon)
  expect(again.readAt).toBe(first.readAt)
})

it('says so for a network without a Clio server, and for an invalid issuer or taxon', async () => {
  const base = buildNetworks({})
  const engine = h.reopen({
    networks: { ...base, sandbox: { ...base.sandbox, endpoints: [h.sb.url], clioEndpoints: [] } },
  })
  await engine.connect('sandbox')
  expect(await engineError(engine.floorPrice(BADGES.issuer, BADGES.taxon))).toEqual({
    code: 'VALIDATION',
    message:
      "Sandbox has no Clio server configured: the floor price needs one (it lists a collection's NFTs with nfts_by_issuer)",
  })
  expect((await engineError(engine.floorPrice('rNotAnAddress', 1))).code).toBe('VALIDATION')
  expect((await engineError(engine.floorPrice(BADGES.issuer, -1))).message).toBe(
    'Invalid collection taxon: -1',
  )
  await engine.disconnect()
})
