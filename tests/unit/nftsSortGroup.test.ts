import { describe, expect, it } from 'vitest'

import { columnsFor, gridRows } from '../../src/app/collection/gridRows.ts'
import { groupNfts, NO_COLLECTION_LABEL, sortNfts } from '../../src/app/collection/sortGroup.ts'
import { ISSUER_A, ISSUER_B, mapOf, nft, row } from './nftsFixtures.ts'

const a = nft(5, { taxon: 10, issuer: ISSUER_B })
const b = nft(2, { taxon: 3 })
const c = nft(9, { taxon: 3, issuer: ISSUER_B })
const d = nft(1, { taxon: 10 })
const nfts = [a, b, c, d]
const metadata = mapOf([
  row(a, { name: 'Cat #10', collection: 'Cats' }),
  row(b, { name: 'Cat #2', collection: 'Cats' }),
  row(c, { name: 'ant', collection: 'Ants' }),
  // d: no metadata: 'NFT #1', no collection.
])
const serials = (list: { serial: number }[]) => list.map((n) => n.serial)

describe('sortNfts', () => {
  it('by serial, ascending', () => {
    expect(serials(sortNfts(nfts, metadata, 'serial'))).toEqual([1, 2, 5, 9])
  })

  it('by taxon, numerically, ties by serial', () => {
    expect(serials(sortNfts(nfts, metadata, 'taxon'))).toEqual([2, 9, 1, 5])
  })

  it('by issuer, ties by serial', () => {
    expect(serials(sortNfts(nfts, metadata, 'issuer'))).toEqual([1, 2, 5, 9])
  })

  it('by shown name, case-insensitive and numeric (#2 before #10)', () => {
    expect(serials(sortNfts(nfts, metadata, 'name'))).toEqual([9, 2, 5, 1])
  })

  it('by collection, NFTs without one last', () => {
    expect(serials(sortNfts(nfts, metadata, 'collection'))).toEqual([9, 2, 5, 1])
  })

  it('does not change its input', () => {
    const input = [...nfts]
    sortNfts(input, metadata, 'serial')
    expect(input).toEqual(nfts)
  })
})

describe('groupNfts', () => {
  const sorted = sortNfts(nfts, metadata, 'serial')

  it("'none' is one unlabelled group", () => {
    const groups = groupNfts(sorted, metadata, 'none')
    expect(groups).toHaveLength(1)
    expect(groups[0]?.label).toBe('')
    expect(serials(groups[0]?.nfts ?? [])).toEqual([1, 2, 5, 9])
  })

  it('by taxon, groups in numeric order, keeping the sort inside', () => {
    const groups = groupNfts(sorted, metadata, 'taxon')
    expect(groups.map((g) => g.label)).toEqual(['Taxon 3', 'Taxon 10'])
    expect(groups.map((g) => serials(g.nfts))).toEqual([
      [2, 9],
      [1, 5],
    ])
  })

  it("by issuer, labelled with the first 8 characters and '...'", () => {
    const groups = groupNfts(sorted, metadata, 'issuer')
    expect(groups.map((g) => g.label)).toEqual([
      `${ISSUER_A.slice(0, 8)}...`,
      `${ISSUER_B.slice(0, 8)}...`,
    ])
  })

  it('by collection, NFTs without one last', () => {
    const groups = groupNfts(sorted, metadata, 'collection')
    expect(groups.map((g) => g.label)).toEqual(['Ants', 'Cats', NO_COLLECTION_LABEL])
    expect(groups.map((g) => serials(g.nfts))).toEqual([[9], [2, 5], [1]])
  })
})

describe('gridRows', () => {
  it('cuts each group into rows of the column count, headers only when grouping', () => {
    const sorted = sortNfts(nfts, metadata, 'serial')
    const flat = gridRows(groupNfts(sorted, metadata, 'none'), 3)
    expect(flat.map((r) => r.kind)).toEqual(['cards', 'cards'])
    const grouped = gridRows(groupNfts(sorted, metadata, 'taxon'), 3)
    expect(grouped.map((r) => (r.kind === 'header' ? r.label : serials(r.nfts)))).toEqual([
      'Taxon 3',
      [2, 9],
      'Taxon 10',
      [1, 5],
    ])
    expect(new Set(grouped.map((r) => r.key)).size).toBe(grouped.length)
  })

  it('fits columns of at least 240 px with 16 px gaps, never fewer than one', () => {
    expect(columnsFor(343)).toBe(1)
    expect(columnsFor(496)).toBe(2)
    expect(columnsFor(1120)).toBe(4)
    expect(columnsFor(0)).toBe(1)
  })
})
