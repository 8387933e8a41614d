/**
 * The Airdrop Manager's Distribution Summary, shared by the UI (shown before planning) and the worker
 * (its tests compare it with the plan): pure arithmetic, no ledger.
 */

/** The spec's Distribution Summary of an airdrop. */
export interface AirdropSummary {
  /** Rows of the distribution list. */
  recipients: number
  /** Selected NFTs. */
  nfts: number
  /** Offers the airdrop will make: the smaller of recipient slots and selected NFTs. */
  transactions: number
  /** Recipient slots (a row of nft_amount n counts n) that get no NFT. */
  unserved: number
}

/**
 * The Distribution Summary: the spec's estimated transactions (the smaller of recipients and
 * selected NFTs, recipients counted by nft_amount) and how many would get nothing.
 *
 * @param distribution - the rows of the distribution list (their `count` is nft_amount).
 * @param nfts - how many NFTs are selected.
 */
export function airdropSummary(
  distribution: readonly { count: number }[],
  nfts: number,
): AirdropSummary {
  const slots = distribution.reduce((sum, row) => sum + row.count, 0)
  return {
    recipients: distribution.length,
    nfts,
    transactions: Math.min(slots, nfts),
    unserved: Math.max(0, slots - nfts),
  }
}
