/**
 * Loading a list of more than 1,000 NFTs through the Engine: marker paging with progress, the result
 * against an independent read of account_nfts, and a connection that drops in the middle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { nftSnapshot } from '../../../src/db/queries/nfts.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { isEngineError } from '../../../src/shared/errors.ts'
import type { NetworkStatus, NftLoadProgress } from '../../../src/worker/api.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { ledgerNftIds, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

// About 5 s of demo building per 500 NFTs: enough for three pages of 400.
const LARGE = 1_200
const large = demoAccounts().largeHolder.classicAddress

let h: EngineHarness

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0, largeHolderNfts: LARGE })
})

afterAll(async () => {
  await h.stop()
})

/** Resolves once the engine reports a live connection. */
async function connected(engine: Engine): Promise<void> {
  let subscription: number | undefined
  await new Promise<void>((resolve) => {
    void engine
      .onStatus((status: NetworkStatus) => {
        if (status.state === 'connected') resolve()
      })
      .then((id) => (subscription = id))
  })
  if (subscription !== undefined) await h.engine.offStatus(subscription)
}

describe('Engine.loadNfts: more than 1,000 NFTs', () => {
  it('pages with markers, reporting monotone progress, and saves all of them', async () => {
    const progress: NftLoadProgress[] = []

    const result = await h.engine.loadNfts((p) => progress.push({ ...p }), large)

    expect(result).toMatchObject({ account: large, count: LARGE })
    expect(progress.length).toBeGreaterThanOrEqual(2)
    expect(progress.at(-1)).toEqual({ loaded: LARGE, pages: 3 })
    for (let i = 1; i < progress.length; i++) {
      expect(progress[i]!.loaded).toBeGreaterThanOrEqual(progress[i - 1]!.loaded)
      expect(progress[i]!.pages).toBeGreaterThanOrEqual(progress[i - 1]!.pages)
    }
    // The first page is always reported: 400 NFTs, the page limit.
    expect(progress[0]).toEqual({ loaded: 400, pages: 1 })
    const row = await nftSnapshot(h.db, 'sandbox', large)
    expect(row?.nfts).toHaveLength(LARGE)
    expect(row).toMatchObject({ ledgerIndex: result.ledgerIndex, loadedAt: result.loadedAt })
  })

  it('matches account_nfts of the same ledger exactly, without duplicates', async () => {
    const result = await h.engine.loadNfts(undefined, large)
    const ids = (await nftSnapshot(h.db, 'sandbox', large))?.nfts.map((n) => n.nftId) ?? []
    const expected = await ledgerNftIds(h.sb, large, result.ledgerIndex)

    expect(expected).toHaveLength(LARGE)
    expect(new Set(ids).size).toBe(LARGE)
    expect(new Set(ids)).toEqual(new Set(expected))
    // Page order is kept: the list reads as account_nfts does.
    expect(ids).toEqual(expected)
  })

  it('fails clearly when the connection drops mid-load, keeps the previous snapshot, and a retry succeeds', async () => {
    const before = await h.engine.loadNfts(undefined, large)
    const saved = await nftSnapshot(h.db, 'sandbox', large)
    await h.sb.ledgerAccept()
    const progress: NftLoadProgress[] = []
    // The first page is answered; the connection closes on the second request.
    h.sb.faults.dropAfterMessages = 2

    const error: unknown = await h.engine
      .loadNfts((p) => progress.push({ ...p }), large)
      .then(
        () => new Error('expected the load to fail'),
        (e: unknown) => e,
      )

    if (!isEngineError(error)) throw error
    expect(error.code).toBe('NETWORK')
    expect(error.message).toMatch(/^The ledger connection was lost while loading NFTs: /)
    expect(progress.at(-1)).toEqual({ loaded: 400, pages: 1 })
    expect(await nftSnapshot(h.db, 'sandbox', large)).toEqual(saved)

    await connected(h.engine)
    const after = await h.engine.loadNfts(undefined, large)
    expect(after.count).toBe(LARGE)
    expect(after.ledgerIndex).toBeGreaterThan(before.ledgerIndex)
    expect(await nftSnapshot(h.db, 'sandbox', large)).toMatchObject({
      ledgerIndex: after.ledgerIndex,
      loadedAt: after.loadedAt,
    })
  })
})
