/**
 * The holder snapshot's 'Your collections' (collectionChoices.ts): each collection named as its NFTs'
 * metadata name it, the issuer and taxon when no name is known or two collections share one; and the
 * note 'Use this distribution' leaves in the upload panel (loadedNote.ts).
 */
import { describe, expect, it } from 'vitest'

import { collectionChoices } from '../../src/app/airdrop/holders/collectionChoices.ts'
import { loadedNote } from '../../src/app/airdrop/loadedNote.ts'
import type { DistributionFile, SnapshotDistribution } from '../../src/worker/api.ts'
import { ISSUER_A, ISSUER_B, mapOf, nft, row } from './nftsFixtures.ts'

describe('collectionChoices', () => {
  const cats = [1, 2, 3].map((n) => nft(n, { taxon: 2 }))
  const relics = [4, 5].map((n) => nft(n, { issuer: ISSUER_B, taxon: 7 }))
  const unnamed = nft(6, { taxon: 9 })

  it('names each collection by its metadata, the most held first; the issuer and taxon kept', () => {
    const metadata = mapOf([
      row(cats[0]!, { collection: 'Pixel Cats' }),
      row(cats[1]!, { collection: 'Pixel Cats' }),
      // One NFT's metadata says otherwise: the name most of them give wins.
      row(cats[2]!, { collection: 'Pixel Dogs' }),
      row(relics[0]!, { collection: 'Ancient Relics' }),
    ])
    const choices = collectionChoices([...relics, unnamed, ...cats], metadata)
    expect(choices.map((c) => [c.label, c.count, c.detail])).toEqual([
      ['Pixel Cats', 3, `Issuer ${ISSUER_A} · taxon 2`],
      ['Ancient Relics', 2, `Issuer ${ISSUER_B} · taxon 7`],
      // No metadata names it (yet): the issuer and taxon.
      ['rAAAAA...AAAA · taxon 9', 1, `Issuer ${ISSUER_A} · taxon 9`],
    ])
    expect(choices[2]!.name).toBeNull()
  })

  it('tells two collections of the same name apart by their issuer and taxon', () => {
    const fake = nft(7, { issuer: ISSUER_B, taxon: 2 })
    const metadata = mapOf([
      row(cats[0]!, { collection: 'Pixel Cats' }),
      row(fake, { collection: 'Pixel Cats' }),
    ])
    expect(collectionChoices([cats[0]!, fake], metadata).map((c) => c.label)).toEqual([
      'Pixel Cats (rAAAAA...AAAA · taxon 2)',
      'Pixel Cats (rBBBBB...BBBB · taxon 2)',
    ])
  })

  it('cuts a very long name short', () => {
    const metadata = mapOf([row(cats[0]!, { collection: 'x'.repeat(300) })])
    expect(collectionChoices([cats[0]!], metadata)[0]!.label).toBe(`${'x'.repeat(40)}...`)
  })
})

describe('loadedNote', () => {
  const file = (rows: number, nfts: number, fileName = 'recipients.csv') =>
    ({
      fileName,
      rows: Array.from({ length: rows }, () => ({ address: 'r', count: 1 })),
      nftsRequested: nfts,
    }) as unknown as DistributionFile
  const snapshot = (rows: number, nfts: number) =>
    ({ ...file(rows, nfts, 'holders'), snapshot: { ledgerIndex: 812 } }) as SnapshotDistribution

  it('says what is loaded, and what it replaces', () => {
    const next = snapshot(3, 3)
    expect(loadedNote(next, null)).toBe(
      'Now loaded from the holder snapshot at ledger 812: 3 recipients and 3 NFTs.',
    )
    expect(loadedNote(next, file(10, 12))).toBe(
      'Now loaded from the holder snapshot at ledger 812: 3 recipients and 3 NFTs, in place of recipients.csv (10 recipients and 12 NFTs).',
    )
    expect(loadedNote(next, snapshot(1, 1))).toBe(
      'Now loaded from the holder snapshot at ledger 812: 3 recipients and 3 NFTs, in place of the distribution loaded before (1 recipient and 1 NFT).',
    )
    expect(loadedNote(next, next)).toBe(
      'Already loaded from the holder snapshot at ledger 812: 3 recipients and 3 NFTs.',
    )
  })
})
