/**
 * The demo NFT catalogue: deterministic collections for the sandbox populator to mint, and the
 * content the metadata gateway serves for them. Nothing here is random at run time; a seeded PRNG
 * varies the data, so every run (tests, e2e, benchmarks) sees the same catalogue.
 *
 * URIs that point at the gateway's https-style paths carry the {@link GATEWAY_PLACEHOLDER} token
 * (`{gateway}/meta/badges/7.json`); the populator replaces it with the running gateway's base URL
 * before minting ({@link fillGateway}), and the gateway does the same in the documents it serves.
 */
import { DEMO_SPECS, LARGE_ROUTE_MAX, largeSpec } from './catalogCollections.ts'
import type { CollectionSpec } from './catalogCollections.ts'
import { buildItem, dirCidOf } from './catalogItems.ts'
import { GATEWAY_PLACEHOLDER } from './catalogTypes.ts'
import type { DemoCollection } from './catalogTypes.ts'

export type {
  DemoCollection,
  DemoIssuer,
  DemoNft,
  DemoNftKind,
  DemoUriStyle,
  GatewayAnswer,
} from './catalogTypes.ts'
export {
  GATEWAY_PLACEHOLDER,
  SLOW_DELAY_MS,
  TF_BURNABLE,
  TF_ONLY_XRP,
  TF_TRANSFERABLE,
} from './catalogTypes.ts'
export { OVERSIZED_BYTES } from './catalogBroken.ts'
export { resolveGatewayPath } from './catalogRoutes.ts'

/** Default size of {@link largeCollection}. */
export const LARGE_COLLECTION_SIZE = 5000

function buildCollection(spec: CollectionSpec): DemoCollection {
  const dirCid = dirCidOf(spec)
  const items = Array.from({ length: spec.count }, (_, i) => buildItem(spec, dirCid, i + 1))
  const { key, name, issuer, taxon, transferFee, flags, count } = spec
  return { key, name, issuer, taxon, transferFee, flags, count, dirCid, items }
}

/**
 * The demo collections (250 NFTs), in minting order. A fresh copy on every call, so callers may
 * mutate it.
 */
export function demoCollections(): DemoCollection[] {
  return DEMO_SPECS.map(buildCollection)
}

/**
 * The "large holder" collection ('horde', taxon 99, issued by the holder): `count` good items with
 * `ipfs://<dirCid>/<n>.json` URIs. Generated only when called; the gateway serves any index up to
 * 100,000 without building it.
 */
export function largeCollection(count: number = LARGE_COLLECTION_SIZE): DemoCollection {
  if (!Number.isInteger(count) || count < 1 || count > LARGE_ROUTE_MAX) {
    throw new RangeError(`largeCollection: count must be an integer in 1..${LARGE_ROUTE_MAX}`)
  }
  return buildCollection(largeSpec(count))
}

/** Replaces every {@link GATEWAY_PLACEHOLDER} in `text` with `baseUrl` (no trailing slash). */
export function fillGateway(text: string, baseUrl: string): string {
  return text.replaceAll(GATEWAY_PLACEHOLDER, baseUrl.replace(/\/+$/, ''))
}

/**
 * The gateway path a catalogue URI is served at (what a client's resolver should request), or
 * undefined for `data:` URIs, which carry their document inline. Accepts `ipfs://<cid>/…`,
 * `ipfs://ipfs/<cid>/…`, a bare CID, `ar://<id>`, and `{gateway}/…` or `http(s)://host/…` URLs.
 */
export function gatewayPathForUri(uri: string): string | undefined {
  if (uri.startsWith('data:')) return undefined
  if (uri.startsWith('ipfs://'))
    return '/ipfs/' + uri.slice('ipfs://'.length).replace(/^ipfs\//, '')
  if (uri.startsWith('ar://')) return '/ar/' + uri.slice('ar://'.length)
  if (uri.startsWith(GATEWAY_PLACEHOLDER)) return uri.slice(GATEWAY_PLACEHOLDER.length)
  if (/^https?:\/\//.test(uri)) return new URL(uri).pathname
  if (/^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{58})$/.test(uri)) return `/ipfs/${uri}`
  return undefined
}
