/**
 * Shapes of the demo NFT catalogue: what the sandbox populator mints and what the metadata gateway
 * serves for it.
 */

/**
 * How an item's metadata behaves when fetched.
 * - `ok`: a good document behind an `ipfs://` or bare-CID URI.
 * - `https`: a good document behind a `{gateway}/meta/…` URI (an ordinary web host).
 * - `data`: a good document inlined as a `data:application/json` URI; nothing to fetch.
 * - `arweave`: a good document behind an `ar://` URI (served at `/ar/<id>`).
 * - `slow`: a good document, answered after {@link SLOW_DELAY_MS}.
 * - `failing`: HTTP 500. `not-found`: HTTP 404.
 * - `malformed`: 200 but not a JSON object (truncated JSON, an array, `null`, empty body…).
 * - `oversized`: a valid JSON document larger than 2 MB.
 * - `html`: 200 with `text/html` (a gateway landing page instead of JSON).
 * - `hostile`: valid JSON built to attack a careless renderer: markup in text, `javascript:` and
 *   `data:text/html` image URLs, 100 KB strings, `__proto__` keys.
 * - `broken-image`: a good document whose image is a 404.
 * - `no-uri`: minted without a URI.
 */
export type DemoNftKind =
  | 'ok'
  | 'https'
  | 'data'
  | 'arweave'
  | 'slow'
  | 'failing'
  | 'not-found'
  | 'malformed'
  | 'oversized'
  | 'html'
  | 'hostile'
  | 'broken-image'
  | 'no-uri'

/** The URI style an item is minted with. */
export type DemoUriStyle =
  | 'ipfs' // ipfs://<dirCID>/<n>.json
  | 'ipfs-ipfs' // ipfs://ipfs/<dirCID>/<n>.json (a common, redundant variant)
  | 'cid' // <CID> alone, the document itself
  | 'https' // {gateway}/meta/<key>/<n>.json
  | 'data' // data:application/json;base64,… or data:application/json,<percent-encoded>
  | 'ar' // ar://<transaction id>
  | 'none'

/** One NFT of a demo collection. */
export interface DemoNft {
  /** 1-based position in its collection; also the `#n` of its name and the `<n>` of its paths. */
  index: number
  /**
   * The URI to mint, before hex encoding; null = mint without a URI. May contain
   * {@link GATEWAY_PLACEHOLDER}, which the populator replaces with the running gateway's base URL.
   */
  uri: string | null
  kind: DemoNftKind
  uriStyle: DemoUriStyle
  /**
   * The name in the item's metadata document, flattened when it is an object; null when no usable
   * document is served (errors, malformed, oversized, no URI). Hostile names are returned raw.
   */
  name: string | null
}

/** Who mints a collection: the demo holder itself, or an artist account that then transfers to it. */
export type DemoIssuer = 'holder' | 'artist'

/** A demo collection: one issuer + taxon, with the mint parameters shared by all its NFTs. */
export interface DemoCollection {
  key: string
  name: string
  issuer: DemoIssuer
  taxon: number
  /** Units of 1/100000 (2500 = 2.5 %). Non-zero only with tfTransferable, as rippled requires. */
  transferFee: number
  /** NFTokenMint flags: tfBurnable 1, tfOnlyXRP 2, tfTransferable 8. */
  flags: number
  count: number
  /** The CIDv1 of the collection's IPFS directory (`/ipfs/<dirCid>/<n>.json`, `…/img/<n>.svg`). */
  dirCid: string
  items: DemoNft[]
}

/** What the gateway answers for a path. `body` strings may contain {@link GATEWAY_PLACEHOLDER}. */
export interface GatewayAnswer {
  status: number
  contentType: string
  body: string | Uint8Array
  /** Extra delay before answering, added to the gateway's configured latency. */
  delayMs?: number
  /** Sent as `Retry-After` (seconds), with a 429. */
  retryAfterS?: number
}

/** Stands for the running gateway's base URL (`http://127.0.0.1:6007`) in URIs and documents. */
export const GATEWAY_PLACEHOLDER = '{gateway}'

/** How long a `slow` item takes to answer: longer than any sane client timeout. */
export const SLOW_DELAY_MS = 30_000

/** NFTokenMint flags. */
export const TF_BURNABLE = 0x0001
export const TF_ONLY_XRP = 0x0002
export const TF_TRANSFERABLE = 0x0008
