/**
 * Marketplaces that list an NFT through a broker: a sell offer whose Destination is the marketplace's
 * broker account is listed there, and the broker sells it to a buyer's offer with its fee on top
 * (NFTokenAcceptOffer in brokered mode: the seller receives the sell offer's amount, the buyer pays it
 * plus the broker's fee). The facts below change when a marketplace changes its terms: each carries
 * where it comes from and when it was checked, and this is the only place they are kept — the List
 * tab's buyer/broker field, the review's figures, pre-flight and the holder snapshot's marks all read
 * them from here.
 */
import type { NetworkId } from './networks.ts'

/** One marketplace's brokered listing terms. */
export interface Marketplace {
  /** Stable id, for the form and stored requests. */
  readonly id: string
  /** Its name as users know it. */
  readonly name: string
  /** The broker account a sell offer must name as its Destination (mainnet). */
  readonly broker: string
  /**
   * The networks it is offered on: Mainnet, and the Sandbox, which funds the broker accounts so that
   * a brokered listing can be tried there (nobody brokers a sale on it).
   */
  readonly networks: readonly NetworkId[]
  /** The fee the buyer pays on top of the price, in parts per 100,000 (1,589 = 1.589 %). */
  readonly feePer100k: number
  /**
   * Offers of this many drops or fewer are ignored by the marketplace (never listed); 0 when it names
   * no minimum.
   */
  readonly ignoresAtOrBelowDrops: bigint
  /** Where the terms come from. */
  readonly source: string
  /** When they were last checked (ISO date). */
  readonly checked: string
}

/** The marketplaces the app knows, in the order the List tab offers them. */
export const MARKETPLACES: readonly Marketplace[] = [
  {
    id: 'xrpcafe',
    name: 'xrp.cafe',
    broker: 'rpx9JThQ2y37FaGeeJP7PXDUVEXY3PHZSC',
    networks: ['mainnet', 'sandbox'],
    feePer100k: 1589,
    ignoresAtOrBelowDrops: 10_000n,
    source:
      "xrp.cafe's brokered listing terms as the project's issue 31 states them (broker account, " +
      'buyer pays price + 1.589 %, offers of 0.01 XRP or less ignored); not re-read from xrp.cafe here',
    checked: '2026-11-26',
  },
  {
    id: 'bidds',
    name: 'Bidds',
    broker: 'rpZqTPC8GvrSvEfFsUuHkmPCg29GdQuXhC',
    networks: ['mainnet', 'sandbox'],
    feePer100k: 1500,
    ignoresAtOrBelowDrops: 0n,
    source:
      "Bidds' brokered listing terms as the project's issue 31 states them (broker account, buyer " +
      'pays price + 1.5 %; no minimum named); not re-read from Bidds here',
    checked: '2026-11-26',
  },
]

/** The marketplace whose broker is `address`, or undefined. */
export function marketplaceOfBroker(address: string | null | undefined): Marketplace | undefined {
  return address ? MARKETPLACES.find((m) => m.broker === address) : undefined
}

/** The marketplaces offered on `network`. */
export function marketplacesOn(network: NetworkId): Marketplace[] {
  return MARKETPLACES.filter((m) => m.networks.includes(network))
}

/** The marketplace with this id, or undefined. */
export function marketplaceById(id: string): Marketplace | undefined {
  return MARKETPLACES.find((m) => m.id === id)
}

/** The fee as people write it: '1.589 %'. */
export function feeText(marketplace: Marketplace): string {
  return `${marketplace.feePer100k / 1000} %`
}

/**
 * What a buyer pays for an NFT listed at `priceDrops` through the marketplace: the price plus its fee,
 * rounded up to a whole drop (the broker cannot take part of a drop).
 */
export function buyerPaysDrops(priceDrops: bigint, marketplace: Marketplace): bigint {
  const fee = (priceDrops * BigInt(marketplace.feePer100k) + 99_999n) / 100_000n
  return priceDrops + fee
}

/** Whether the marketplace ignores an offer at `priceDrops` (at or below its minimum). */
export function ignoredBy(priceDrops: bigint, marketplace: Marketplace): boolean {
  return priceDrops <= marketplace.ignoresAtOrBelowDrops
}
