/** Minting: a collection's terms, permanent once minted, and one row per NFT. */

/**
 * What every NFT of a mint is made with, and can never change: the ledger writes the flags, the
 * transfer fee, the issuer and the taxon into each NFT's id.
 */
export interface MintTerms {
  /** The collection's number among the issuer's (0 to 4294967295). */
  taxon: number
  /** What the issuer earns of each resale, in 1/100000 (0 to 50000, that is 0 to 50 %). */
  transferFee: number
  /** The issuer may burn the NFT wherever it is. */
  burnable: boolean
  /** The NFT can be sold for XRP only, never for a token. */
  onlyXrp: boolean
  /** Holders may sell or give the NFT on; without it only the issuer can take it back or sell it. */
  transferable: boolean
  /** The issuer (or its authorized minter) may change the NFT's URI later (XLS-46). */
  mutable: boolean
  /**
   * Mint for this issuer as its authorized minter (the issuer's NFTokenMinter); absent, the
   * connected account is the issuer.
   */
  issuer?: string
}

/** One NFT to mint: its URI, and the offer the mint makes it with, if any. */
export interface MintRow {
  /** At most 256 bytes (ipfs://…, https://…). */
  uri: string
  /** The one account that may take the NFT: its offer goes to it (at `amountDrops`, 0 by default). */
  recipient?: string
  /** A price in drops: the mint puts the NFT on sale (to `recipient` only, when given). */
  amountDrops?: string
  /** Until when the offer stands, in Ripple-epoch seconds. */
  expiration?: number
}

/** The Mint tab's job: the rows, each minted once with the same terms. */
export interface MintRequest {
  kind: 'mint'
  terms: MintTerms
  rows: MintRow[]
}
