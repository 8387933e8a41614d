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
  /** Recipients (rows) that get no NFT at all: their first slot lies past the selected NFTs. */
  unserved: number
}

/**
 * The Distribution Summary: the spec's estimated transactions (the smaller of recipients and
 * selected NFTs, recipients counted by nft_amount) and how many recipients would get nothing (the
 * spec's 'N recipients will not receive NFTs'; one who gets fewer than asked still receives some).
 *
 * @param distribution - the rows of the distribution list (their `count` is nft_amount).
 * @param nfts - how many NFTs are selected.
 */
export function airdropSummary(
  distribution: readonly { count: number }[],
  nfts: number,
): AirdropSummary {
  let slots = 0
  let unserved = 0
  for (const row of distribution) {
    // Slots are filled in CSV order: a row whose first slot is past the NFTs gets nothing.
    if (slots >= nfts) unserved += 1
    slots += row.count
  }
  return {
    recipients: distribution.length,
    nfts,
    transactions: Math.min(slots, nfts),
    unserved,
  }
}
