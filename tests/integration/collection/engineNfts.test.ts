/**
 * Loading an account's NFTs through the Engine against the sandbox's demo data: the list, its fields,
 * the snapshot the UI observes (also offline), and the errors a user can meet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { nftSnapshot } from '../../../src/db/queries/nfts.ts'
import { LedgerDb } from '../../../src/db/schema.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { demoCollections, fillGateway } from '../../../src/sandbox/demo/catalog.ts'
import type { NftLoadProgress } from '../../../src/worker/api.ts'
import { engineError, ledgerNftIds, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

let h: EngineHarness

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
})

afterAll(async () => {
  await h.stop()
})

describe('Engine.loadNfts: the demo holder', () => {
  it("loads the holder's 250 NFTs into a snapshot and reports the final counts", async () => {
    const progress: NftLoadProgress[] = []

    const result = await h.engine.loadNfts((p) => progress.push(p), holder)

    expect(result).toMatchObject({ network: 'sandbox', account: holder, count: 250 })
    expect(progress.at(-1)).toEqual({ loaded: 250, pages: 1 })
    const row = await nftSnapshot(h.db, 'sandbox', holder)
    expect(row).toEqual({
      network: 'sandbox',
      account: holder,
      nfts: expect.any(Array) as unknown,
      loadedAt: result.loadedAt,
      ledgerIndex: result.ledgerIndex,
    })
    expect(row?.nfts).toHaveLength(250)
  })

  it('lists exactly the NFTs account_nfts gives for that ledger', async () => {
    const result = await h.engine.loadNfts(undefined, holder)
    const row = await nftSnapshot(h.db, 'sandbox', holder)
    const ids = row?.nfts.map((n) => n.nftId) ?? []

    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(ids)).toEqual(new Set(await ledgerNftIds(h.sb, holder, result.ledgerIndex)))
  })

  it('parses issuer, taxon, transfer fee and flags of each collection from the NFTokenIDs', async () => {
    await h.engine.loadNfts(undefined, holder)
    const nfts = (await nftSnapshot(h.db, 'sandbox', holder))?.nfts ?? []
    const issuers = { holder, artist: accounts.artist.classicAddress }

    for (const col of demoCollections()) {
      const members = nfts.filter((n) => n.issuer === issuers[col.issuer] && n.taxon === col.taxon)
      expect(members, col.key).toHaveLength(col.count)
      for (const nft of members) {
        expect(nft, col.key).toMatchObject({
          transferFee: col.transferFee,
          flags: col.flags,
          transferable: (col.flags & 8) !== 0,
          burnable: (col.flags & 1) !== 0,
        })
        expect(nft.nftId).toMatch(/^[0-9A-F]{64}$/)
      }
      const serials = members.map((n) => n.serial)
      expect(new Set(serials).size, col.key).toBe(col.count)
    }
    // Spot checks across the kinds of collection the demo has.
    const relic = nfts.find((n) => n.taxon === 7)
    expect(relic).toMatchObject({ transferable: false, burnable: true, transferFee: 0 })
    const cat = nfts.find((n) => n.taxon === 2)
    expect(cat).toMatchObject({ issuer: issuers.artist, transferFee: 2500, transferable: true })
  })

  it('decodes the URIs as minted; NFTs without a URI get null', async () => {
    await h.engine.loadNfts(undefined, holder)
    const nfts = (await nftSnapshot(h.db, 'sandbox', holder))?.nfts ?? []
    const gateway = h.sb.gateway?.url ?? ''
    const items = demoCollections().flatMap((col) => col.items)
    const minted = items.flatMap((item) => (item.uri ? [fillGateway(item.uri, gateway)] : []))

    const decoded = nfts.flatMap((n) => (n.uri === null ? [] : [n.uri]))
    expect(decoded.sort()).toEqual(minted.sort())
    expect(nfts.filter((n) => n.uri === null)).toHaveLength(items.length - minted.length)
    expect(items.length - minted.length).toBeGreaterThan(0)
    expect(decoded.some((uri) => uri.startsWith('ipfs://'))).toBe(true)
    expect(decoded.some((uri) => uri.startsWith('data:'))).toBe(true)
  })

  it('gives another account its own snapshot', async () => {
    const artist = accounts.artist.classicAddress
    const result = await h.engine.loadNfts(undefined, artist)
    const row = await nftSnapshot(h.db, 'sandbox', artist)
    expect(row?.nfts).toHaveLength(result.count)
    expect((await nftSnapshot(h.db, 'sandbox', holder))?.nfts).toHaveLength(250)
  })
})

describe('Engine.loadNfts: errors', () => {
  it('rejects an account that is not activated with NOT_FOUND and saves nothing', async () => {
    const unfunded = accounts.unfunded[0]!.classicAddress

    const error = await engineError(h.engine.loadNfts(undefined, unfunded))

    expect(error).toEqual({
      code: 'NOT_FOUND',
      message: `Account ${unfunded} is not activated on this network`,
    })
    expect(await nftSnapshot(h.db, 'sandbox', unfunded)).toBeUndefined()
  })

  it.each([
    ['garbage', 'not-an-address', 'Invalid address: not-an-address'],
    ['a bad checksum', `${holder.slice(0, -1)}x`, `Invalid address: ${holder.slice(0, -1)}x`],
    ['a secret', accounts.holder.seed!, `Invalid address: ${accounts.holder.seed!}`],
    ['blank', '   ', 'Invalid address: (empty)'],
    ['a long text', 'r'.repeat(100), `Invalid address: ${'r'.repeat(40)}...`],
  ])('rejects %s with VALIDATION', async (_what, input, message) => {
    expect(await engineError(h.engine.loadNfts(undefined, input))).toEqual({
      code: 'VALIDATION',
      message,
    })
  })

  it('accepts an address with surrounding spaces', async () => {
    const result = await h.engine.loadNfts(undefined, `  ${holder}\n`)
    expect(result).toMatchObject({ account: holder, count: 250 })
  })

  it('rejects a load without a ledger connection with NOT_CONNECTED', async () => {
    const idle = h.reopen()
    expect(await engineError(idle.loadNfts(undefined, holder))).toMatchObject({
      code: 'NOT_CONNECTED',
    })
  })
})

describe('Engine.loadNfts: offline', () => {
  it('keeps the snapshot readable after a reopen while the ledger is gone', async () => {
    const loaded = await h.engine.loadNfts(undefined, holder)
    const saved = await nftSnapshot(h.db, 'sandbox', holder)
    await h.sb.stop()

    // A new page: another engine and another database connection on the same IndexedDB.
    const reopened = h.reopen()
    const db = new LedgerDb(h.db.name)
    try {
      const row = await nftSnapshot(db, 'sandbox', holder)
      expect(row).toEqual(saved)
      expect(row).toMatchObject({ ledgerIndex: loaded.ledgerIndex, loadedAt: loaded.loadedAt })
      expect(row?.nfts).toHaveLength(250)

      const error = await engineError(reopened.loadNfts(undefined, holder))
      expect(error.code).toBe('NOT_CONNECTED')
      expect(await nftSnapshot(db, 'sandbox', holder)).toEqual(saved)
    } finally {
      db.close()
    }
  })
})
