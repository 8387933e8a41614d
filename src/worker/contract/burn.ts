/** Burning NFTs: the request and what a burn deletes besides the NFTs. */

/** The Burn tab's job: each NFT destroyed for good. */
export interface BurnRequest {
  kind: 'burn'
  nftIds: string[]
}

/** What burning NFTs deletes besides them, read from the validated ledger when the burn is planned. */
export interface BurnEffects {
  /**
   * The account's sell offers on the NFTs (the ledger deletes up to 500 offers with each NFT, sell
   * offers first); each frees one of its owner reserves.
   */
  ownOffers: number
  /** Other accounts' offers on the NFTs (bids, mostly): their owners get their reserve back. */
  otherOffers: number
  /** The account's NFT pages (up to 32 NFTs each) that empty or merge away; each frees one reserve. */
  pagesFreed: number
}
