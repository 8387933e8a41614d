/**
 * Minting and modifying: a collection's terms, permanent once minted, one row per NFT, the check of
 * each row's metadata before anything is signed, and new URIs for NFTs minted mutable (XLS-46).
 */
import type { DistributionFile } from './airdrop.ts'
import { method } from './method.ts'
import type { ProgressListener } from './progress.ts'

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
  /**
   * Mint without reading each URI's document first (a team whose documents go up later, for a
   * reveal): the plan says so. By default pre-flight reads every URI as the collection would, and a
   * row whose URI nothing serves is left out.
   */
  skipMetadataCheck?: boolean
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

/** What the check of one URI found (see mintContract.checkMintMetadata). */
export interface MintUriCheck {
  uri: string
  /**
   * 'ok': served, with a name and a picture or media; 'incomplete': served, with something missing
   * (said in `problems`); 'unserved': no gateway or host serves a usable document (its row is
   * blocked: an NFT minted with it would show nothing, for good unless it is mutable).
   */
  verdict: 'ok' | 'incomplete' | 'unserved'
  /** What is wrong, in words fit to show; empty when ok. */
  problems: string[]
  name: string | null
  /** Where the card's picture is read from (a gateway URL), or null. */
  image: string | null
  /** How many attributes (traits) the document lists. */
  attributes: number
}

/** The check of a manifest's URIs, in the order asked. */
export interface MintMetadataReport {
  checks: MintUriCheck[]
  ok: number
  incomplete: number
  unserved: number
}

/** How far a check of URIs is. */
export interface MintCheckProgress {
  total: number
  checked: number
  unserved: number
}

/** One NFT to give a new URI (NFTokenModify: its issuer, or the issuer's authorized minter, signs). */
export interface ModifyRow {
  nftId: string
  /** The new URI, at most 256 bytes. */
  uri: string
  /**
   * Who holds the NFT, when not the account (the transaction's Owner). The plan reads it from the
   * ledger when it is absent, and refuses a row whose holder is not the one named.
   */
  owner?: string
  /**
   * The URI the NFT has now, when the change was made for it (a repair): pre-flight leaves the row
   * out unless the ledger still has it.
   */
  fromUri?: string
}

/**
 * The modify job: new URIs for NFTs minted mutable (a reveal, a repair). Each NFT's holder is read
 * from the ledger when the job is planned (the `Owner` field when it is not the account).
 */
export interface ModifyRequest {
  kind: 'modify'
  rows: ModifyRow[]
  /** Change without reading each new URI's document first (see MintRequest.skipMetadataCheck). */
  skipMetadataCheck?: boolean
}

/**
 * Names the account that may mint NFTs for the connected one as its issuer (its NFTokenMinter), or
 * with `minter` null takes that right back. One AccountSet, run as a job.
 */
export interface AuthorizeMinterRequest {
  kind: 'authorizeMinter'
  minter: string | null
}

/** A reveal's file read: the rows, what was left out and why. */
export interface ModifyManifest {
  fileName: string
  rows: ModifyRow[]
  problems: ManifestProblem[]
  columns: { nftId: string; uri: string }
}

/**
 * An NFT of the account's collections whose URI no longer serves, or is served only through a
 * gateway that closed, and the URI that would repair it: the gateway-independent `ipfs://` form.
 */
export interface RepairCandidate {
  nftId: string
  /** Who holds it now. */
  owner: string
  oldUri: string
  newUri: string
  /** 'closed-gateway': its URI names a gateway that shut down; 'unserved': nothing serves it now. */
  why: 'closed-gateway' | 'unserved'
  /** Whether it was minted mutable: only those can be repaired. */
  mutable: boolean
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

  /**
   * Gives a manifest's rows the recipients of a distribution list (a holder snapshot's, or any list
   * `parseDistributionCsv` read): rows without a recipient or a price take them in the list's order,
   * each recipient as many rows as its count. What does not fit is said as a warning.
   */
  mintToDistribution:
    method<(manifest: MintManifest, list: DistributionFile) => Promise<MintManifest>>(),

  /**
   * Reads every URI's document through the gateway pool, as the collection reads its NFTs' (the
   * same resolver, limits and normaliser), and says of each what a card would show and what is
   * missing. Results are kept with the metadata cache: the mint plan blocks a row whose URI was
   * found unserved, and checks the rows not checked yet.
   *
   * @throws EngineError `VALIDATION` for more than 100,000 URIs.
   */
  checkMintMetadata:
    method<
      (
        uris: string[],
        onProgress?: ProgressListener<MintCheckProgress>,
      ) => Promise<MintMetadataReport>
    >(),

  /**
   * Reads a reveal's file: a CSV with an NFT id column and a URI column (or JSON objects with
   * `nftId`/`NFTokenID` and `uri`). A bad row is left out with its line and why.
   *
   * @throws EngineError `VALIDATION` with a message fit to show.
   */
  parseModifyManifest: method<(text: string, fileName: string) => Promise<ModifyManifest>>(),

  /**
   * The NFTs the connected account issued whose URI points at a closed gateway or no longer serves
   * (from the metadata the collection read), each with its `ipfs://` repair; NFTs whose URI cannot
   * be put in a gateway-independent form are left out.
   *
   * @throws EngineError `NOT_CONNECTED` without a wallet.
   */
  repairCandidates: method<() => Promise<RepairCandidate[]>>(),
}
