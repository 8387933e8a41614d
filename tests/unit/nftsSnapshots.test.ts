import 'fake-indexeddb/auto'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'

import { nftSnapshot } from '../../src/db/queries/nfts.ts'
import {
  readNftSnapshot,
  removeFromNftSnapshot,
  saveNftSnapshot,
} from '../../src/db/nftSnapshots.ts'
import { LedgerDb } from '../../src/db/schema.ts'
import type { NftItem, NftSnapshotRow } from '../../src/db/types/nfts.ts'

const ACCOUNT = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'

function item(n: number): NftItem {
  return {
    nftId: n.toString(16).toUpperCase().padStart(64, '0'),
    issuer: ACCOUNT,
    taxon: 1,
    serial: n,
    transferFee: 0,
    flags: 8,
    transferable: true,
    burnable: false,
    uri: null,
  }
}

function row(count: number, ledgerIndex = 10): NftSnapshotRow {
  const nfts = Array.from({ length: count }, (_, i) => item(i + 1))
  return { network: 'sandbox', account: ACCOUNT, nfts, loadedAt: 1_000, ledgerIndex }
}

let db: LedgerDb
let counter = 0

beforeEach(() => {
  db = new LedgerDb(`nfts-snapshots-${process.pid}-${++counter}`)
})

afterEach(async () => {
  db.close()
  await db.delete()
})

describe('NFT snapshots', () => {
  it('saves a snapshot per network and account, replacing the previous one whole', async () => {
    await saveNftSnapshot(db, row(3))
    await saveNftSnapshot(db, { ...row(1), network: 'testnet' })
    await saveNftSnapshot(db, row(2, 11))
    expect((await readNftSnapshot(db, 'sandbox', ACCOUNT))?.nfts).toHaveLength(2)
    expect((await readNftSnapshot(db, 'sandbox', ACCOUNT))?.ledgerIndex).toBe(11)
    expect((await nftSnapshot(db, 'testnet', ACCOUNT))?.nfts).toHaveLength(1)
    expect(await nftSnapshot(db, 'mainnet', ACCOUNT)).toBeUndefined()
  })

  it('answers undefined without an account (no wallet connected)', async () => {
    await saveNftSnapshot(db, row(1))
    expect(await nftSnapshot(db, 'sandbox', null)).toBeUndefined()
    expect(await nftSnapshot(db, 'sandbox', undefined)).toBeUndefined()
  })

  it('removes NFTs (any case) and keeps the rest of the snapshot', async () => {
    await saveNftSnapshot(db, row(4))
    const gone = [item(2).nftId.toLowerCase(), item(4).nftId, 'F'.repeat(64)]
    expect(await removeFromNftSnapshot(db, 'sandbox', ACCOUNT, gone)).toBe(2)
    const left = await readNftSnapshot(db, 'sandbox', ACCOUNT)
    expect(left?.nfts.map((n) => n.serial)).toEqual([1, 3])
    expect(left).toMatchObject({ loadedAt: 1_000, ledgerIndex: 10 })
  })

  it('removes nothing when there is no snapshot', async () => {
    expect(await removeFromNftSnapshot(db, 'sandbox', ACCOUNT, [item(1).nftId])).toBe(0)
    expect(await readNftSnapshot(db, 'sandbox', ACCOUNT)).toBeUndefined()
  })
})
