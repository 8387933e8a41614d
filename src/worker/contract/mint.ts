/** Minting: a collection's terms, permanent once minted, and one row per NFT. */
import { method } from './method.ts'

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

/** A row of a manifest that was left out, or a warning about the manifest. */
export interface ManifestProblem {
  /** The file line it is on (the header is line 1; a JSON manifest's item number). */
  line: number
  severity: 'error' | 'warning'
  message: string
}

/** A manifest read: the rows to mint, what was left out and why, and where each field came from. */
export interface MintManifest {
  fileName: string
  rows: MintRow[]
  problems: ManifestProblem[]
  /** The columns (or JSON keys) each field was read from; null where the manifest has none. */
  columns: {
    uri: string
    recipient: string | null
    price: string | null
    expiration: string | null
  }
  /**
   * The numbers a numbered set of URIs skips (`…/1.json` … `…/30.json` without `…/17.json`), in
   * order: an NFT of the collection would never be minted.
   */
  gaps: number[]
}

/** Reading manifests: the rows to mint, from a file or from a numbered base URI. */
export const mintContract = {
  /**
   * Reads a mint manifest: a CSV (a header with a URI column, and optionally a recipient, a price in
   * XRP and an expiration; other tools' names read too) or JSON (a list of objects with those keys,
   * or `{ "nfts": [...] }`). A bad row is left out with its line and why; the file fails only as a
   * whole (no URI column, nothing to mint, over 100,000 rows).
   *
   * @throws EngineError `VALIDATION` with a message fit to show.
   */
  parseMintManifest: method<(text: string, fileName: string) => Promise<MintManifest>>(),

  /**
   * The rows of a numbered collection: `ipfs://CID/{n}.json` from `from` to `to`, `{n}` replaced by
   * each number.
   *
   * @throws EngineError `VALIDATION` for a template without `{n}`, a range that is empty or over
   *   100,000, or a URI over 256 bytes.
   */
  expandMintRange: method<(template: string, from: number, to: number) => Promise<MintManifest>>(),
}
