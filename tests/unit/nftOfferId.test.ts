import { expect, it } from 'vitest'
import { Wallet } from 'xrpl'

import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { nftOfferId } from '../../src/worker/ledger/nftOfferId.ts'

it("an NFT offer's id is rippled's keylet of its owner and Sequence (the sandbox's, which follows rippled)", () => {
  const owner = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2').address
  for (const sequence of [1, 255, 65_536, 4_294_967_295]) {
    expect(nftOfferId(owner, sequence)).toBe(keylet.nftOffer(owner, sequence).toUpperCase())
  }
  expect(nftOfferId(owner, 2)).not.toBe(nftOfferId(owner, 3))
})
