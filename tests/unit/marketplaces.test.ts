/**
 * Marketplaces that list through a broker: the facts in one place, what a buyer pays, and
 * pre-flight's verdict on offers a marketplace would ignore or its broker could take for free.
 */
import { describe, expect, it } from 'vitest'

import type { Intent } from '../../src/db/types/jobItems.ts'
import {
  MARKETPLACES,
  buyerPaysDrops,
  feeText,
  ignoredBy,
  marketplaceById,
  marketplaceOfBroker,
  marketplacesOn,
} from '../../src/shared/marketplaces.ts'
import { isValidClassicAddress } from 'xrpl'
import { marketplaceProblem } from '../../src/worker/jobs/plan/marketplaceProblem.ts'

const cafe = marketplaceById('xrpcafe')!
const bidds = marketplaceById('bidds')!
const NFT = '000800006203F49C21D5D6E022CB16DE3538F248662FC73C0000099B00000000'

const offer = (amountDrops: string, destination?: string): Intent => ({
  type: 'offer',
  nftId: NFT,
  amountDrops,
  ...(destination ? { destination } : {}),
})

describe('the marketplaces', () => {
  it('each names a valid broker, its fee, its source and when it was checked', () => {
    expect(MARKETPLACES.map((m) => m.name)).toEqual(['xrp.cafe', 'Bidds'])
    for (const m of MARKETPLACES) {
      expect(isValidClassicAddress(m.broker)).toBe(true)
      expect(m.source).not.toBe('')
      expect(m.checked).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    }
    expect(cafe.broker).toBe('rpx9JThQ2y37FaGeeJP7PXDUVEXY3PHZSC')
    expect(bidds.broker).toBe('rpZqTPC8GvrSvEfFsUuHkmPCg29GdQuXhC')
    expect(feeText(cafe)).toBe('1.589 %')
    expect(feeText(bidds)).toBe('1.5 %')
  })

  it('are found by their broker, and offered on Mainnet and the Sandbox only', () => {
    expect(marketplaceOfBroker(cafe.broker)).toBe(cafe)
    expect(marketplaceOfBroker('rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH')).toBeUndefined()
    expect(marketplaceOfBroker(null)).toBeUndefined()
    expect(marketplacesOn('mainnet')).toEqual([cafe, bidds])
    expect(marketplacesOn('sandbox')).toEqual([cafe, bidds])
    expect(marketplacesOn('testnet')).toEqual([])
  })

  it('a buyer pays the price plus the fee, rounded up to a whole drop', () => {
    expect(buyerPaysDrops(10_000_000n, cafe)).toBe(10_158_900n)
    expect(buyerPaysDrops(10_000_000n, bidds)).toBe(10_150_000n)
    // 1 drop × 1.589 % is a fraction of a drop: the broker's fee is at least one drop.
    expect(buyerPaysDrops(1n, cafe)).toBe(2n)
    expect(buyerPaysDrops(0n, cafe)).toBe(0n)
  })

  it('xrp.cafe ignores offers of 0.01 XRP or less', () => {
    expect(ignoredBy(10_000n, cafe)).toBe(true)
    expect(ignoredBy(10_001n, cafe)).toBe(false)
    expect(ignoredBy(1n, bidds)).toBe(false)
  })
})

describe("pre-flight's verdict on an offer to a broker", () => {
  it('skips an offer xrp.cafe would ignore, saying why', () => {
    expect(marketplaceProblem(offer('10000', cafe.broker), 3)).toEqual({
      code: 'MARKETPLACE_PRICE',
      itemIndex: 3,
      blocking: false,
      message:
        'NFT 00080000...00000000 at 0.01 XRP: xrp.cafe ignores offers of 0.01 XRP or less, so it would never be listed there: it will be skipped',
    })
  })

  it('skips a free offer to any broker: the broker could take the NFT for nothing', () => {
    for (const m of MARKETPLACES) {
      expect(marketplaceProblem(offer('0', m.broker), 0)?.message).toContain(
        `would be offered for free to ${m.name}'s broker, which could take it for nothing`,
      )
    }
  })

  it('passes a fit price, a public offer, a named buyer and other intents', () => {
    expect(marketplaceProblem(offer('10001', cafe.broker), 0)).toBeNull()
    expect(marketplaceProblem(offer('1', bidds.broker), 0)).toBeNull()
    expect(marketplaceProblem(offer('0'), 0)).toBeNull()
    expect(marketplaceProblem(offer('5', 'rN7n7otQDd6FczFgLdSqtcsAUxDkw6fzRH'), 0)).toBeNull()
    expect(marketplaceProblem({ type: 'burn', nftId: NFT }, 0)).toBeNull()
  })
})
