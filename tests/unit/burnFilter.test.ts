/** The Burn tab's filter: its issuer and collection choices, and what each lets through. */
import { describe, expect, it } from 'vitest'

import {
  collectionChoices,
  issuerChoices,
  passesBurnFilter,
} from '../../src/app/burn/burnFilter.ts'
import { collectionKey } from '../../src/shared/nftDisplay.ts'
import { ISSUER_A, ISSUER_B, mapOf, nft, row } from './nftsFixtures.ts'

const nfts = [
  nft(1),
  nft(2, { taxon: 2 }),
  nft(3, { taxon: 2 }),
  nft(4, { issuer: ISSUER_B, taxon: 2 }),
]

describe('burn filter', () => {
  it('offers the issuers, most NFTs first, with their counts', () => {
    expect(issuerChoices(nfts).map((c) => [c.value, c.count])).toEqual([
      [ISSUER_A, 3],
      [ISSUER_B, 1],
    ])
  })

  it("offers the collections (issuer and taxon), named by their metadata's collection when known", () => {
    const metadata = mapOf([row(nfts[2]!, { collection: 'Pixel Cats' })])
    const choices = collectionChoices(nfts, metadata)
    expect(choices.map((c) => [c.value, c.count])).toEqual([
      [`${ISSUER_A}:2`, 2],
      [`${ISSUER_A}:1`, 1],
      [`${ISSUER_B}:2`, 1],
    ])
    expect(choices[0]!.label).toMatch(/^Pixel Cats \(taxon 2 of rAAAAA\.\.\.AAAA\) · 2$/)
    expect(choices[1]!.label).toMatch(/^taxon 1 of rAAAAA\.\.\.AAAA · 1$/)
  })

  it('lets through what the mode and value say; a mode without a value lets all through', () => {
    const pass = (mode: 'all' | 'issuer' | 'collection', value: string) =>
      nfts.filter((n) => passesBurnFilter(n, mode, value)).map((n) => n.serial)
    expect(pass('all', '')).toEqual([1, 2, 3, 4])
    expect(pass('issuer', ISSUER_B)).toEqual([4])
    expect(pass('collection', collectionKey(nfts[1]!))).toEqual([2, 3])
    expect(pass('collection', '')).toEqual([1, 2, 3, 4])
  })
})
