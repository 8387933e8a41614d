import { describe, expect, it } from 'vitest'

import { metadataFilterClass } from '../../src/db/queries/metadata.ts'
import {
  filterNfts,
  filterOptions,
  hasActiveFilters,
  matchNameList,
  NO_FILTERS,
  truncateOption,
} from '../../src/app/collection/nftFilters.ts'
import { safeImageUrl, placeholderLabel } from '../../src/app/collection/imageUrl.ts'
import { ISSUER_A, ISSUER_B, mapOf, nft, row } from './nftsFixtures.ts'

const cat1 = nft(1, { taxon: 2 })
const cat2 = nft(2, { taxon: 2, issuer: ISSUER_B })
const relic = nft(3, { taxon: 7, issuer: ISSUER_B })
const bare = nft(4)
const nfts = [cat1, cat2, relic, bare]
const metadata = mapOf([
  row(cat1, { name: 'Pixel Cat #1', image: 'https://x/1.png', collection: 'Pixel Cats' }),
  row(cat2, { name: 'Pixel Cat #2', collection: 'Pixel Cats' }),
  row(relic, { name: 'Relic #12', image: 'https://x/3.png', collection: 'Relics' }),
  // bare: no row at all (never loaded, or still loading).
])
const ids = (list: { serial: number }[]) => list.map((n) => n.serial)

describe('filterNfts', () => {
  it('keeps everything without filters', () => {
    expect(ids(filterNfts(nfts, metadata, NO_FILTERS))).toEqual([1, 2, 3, 4])
    expect(hasActiveFilters(NO_FILTERS)).toBe(false)
  })

  it('filters issuer, collection and taxon by equality, combined', () => {
    expect(ids(filterNfts(nfts, metadata, { ...NO_FILTERS, issuer: ISSUER_B }))).toEqual([2, 3])
    expect(ids(filterNfts(nfts, metadata, { ...NO_FILTERS, collection: 'Pixel Cats' }))).toEqual([
      1, 2,
    ])
    expect(ids(filterNfts(nfts, metadata, { ...NO_FILTERS, collection: 'Pixel' }))).toEqual([])
    expect(ids(filterNfts(nfts, metadata, { ...NO_FILTERS, taxon: '7' }))).toEqual([3])
    const both = { ...NO_FILTERS, issuer: ISSUER_B, collection: 'Pixel Cats' }
    expect(ids(filterNfts(nfts, metadata, both))).toEqual([2])
    expect(hasActiveFilters(both)).toBe(true)
  })

  it("Metadata Status: 'loaded' needs a name and an image, 'basic' has neither", () => {
    expect(ids(filterNfts(nfts, metadata, { ...NO_FILTERS, metadata: 'loaded' }))).toEqual([1, 3])
    // cat2 has a name but no image: only under 'all'.
    expect(ids(filterNfts(nfts, metadata, { ...NO_FILTERS, metadata: 'basic' }))).toEqual([4])
    expect(metadataFilterClass(metadata.get(cat2.nftId))).toBe('partial')
    expect(metadataFilterClass(row(bare, { status: 'failed' }))).toBe('basic')
  })

  it('name search: comma-separated terms against the shown name (fallback NFT #serial)', () => {
    const search = (nameSearch: string) =>
      ids(filterNfts(nfts, metadata, { ...NO_FILTERS, nameSearch }))
    expect(search('pixel cat')).toEqual([1, 2])
    expect(search('relic, #2')).toEqual([2, 3])
    expect(search('NFT #4')).toEqual([4])
    expect(search(' , ')).toEqual([1, 2, 3, 4])
    expect(search('dragon')).toEqual([])
  })
})

describe('matchNameList', () => {
  it('matches across the whole list, whatever the other filters', () => {
    expect(ids(matchNameList(nfts, metadata, 'Pixel Cat #1, relic'))).toEqual([1, 3])
    expect(ids(matchNameList(nfts, metadata, '1'))).toEqual([1, 3])
    expect(matchNameList(nfts, metadata, '')).toEqual([])
  })
})

describe('filterOptions', () => {
  it('lists distinct, sorted issuers, collections and taxons', () => {
    expect(filterOptions(nfts, metadata)).toEqual({
      issuers: [ISSUER_A, ISSUER_B],
      collections: ['Pixel Cats', 'Relics'],
      taxons: [1, 2, 7],
    })
  })
})

describe('truncateOption', () => {
  it('cuts to the limit with an ellipsis, and leaves short values alone', () => {
    expect(truncateOption('A'.repeat(20), 20)).toBe('A'.repeat(20))
    expect(truncateOption('A'.repeat(21), 20)).toBe(`${'A'.repeat(20)}...`)
    expect(truncateOption(ISSUER_A, 30)).toBe(`${ISSUER_A.slice(0, 30)}...`)
  })
})

describe('safeImageUrl', () => {
  it('lets through only http(s) and data:image URLs', () => {
    expect(safeImageUrl('https://x/1.png')).toBe('https://x/1.png')
    expect(safeImageUrl('http://x/1.png')).toBe('http://x/1.png')
    expect(safeImageUrl('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA')
    expect(safeImageUrl('javascript:alert(1)')).toBeNull()
    expect(safeImageUrl('data:text/html,<b>x</b>')).toBeNull()
    expect(safeImageUrl('ipfs://cid/1.png')).toBeNull()
    expect(safeImageUrl(null)).toBeNull()
  })

  it('labels the placeholder with the first 4 characters of the id', () => {
    expect(placeholderLabel('000827100A1B')).toBe('0008')
  })
})
