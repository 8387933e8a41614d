import { describe, expect, it } from 'vitest'

import { counted, nounFor } from '../../src/shared/plural.ts'

describe('counted', () => {
  it.each<[number, string, string | undefined, string]>([
    [1, 'offer', undefined, '1 offer'],
    [0, 'offer', undefined, '0 offers'],
    [2, 'offer', undefined, '2 offers'],
    [1, 'NFT', undefined, '1 NFT'],
    [250, 'NFT', undefined, '250 NFTs'],
    [1, 'NFT is', 'NFTs are', '1 NFT is'],
    [3, 'NFT is', 'NFTs are', '3 NFTs are'],
    [10_000, 'recipient', undefined, '10,000 recipients'],
  ])('%d %s → %j', (count, one, other, text) => {
    expect(counted(count, one, other)).toBe(text)
  })

  it('gives the noun alone by the same rule', () => {
    expect(nounFor(1, 'bid')).toBe('bid')
    expect(nounFor(2, 'bid')).toBe('bids')
    expect(nounFor(0, 'price rests', 'prices rest')).toBe('prices rest')
  })
})
