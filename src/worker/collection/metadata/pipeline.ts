/**
 * One NFT's way from its URI to a cache row: resolve, fetch through the gateway pool (or decode
 * inline), parse, normalise. An NFT without a URI is read at its issuer's domain (XLS-20). Never
 * throws: a failure is a row with status 'failed' and its problem, which is cached too (see
 * metadataCache.ts for how long each kind of failure is trusted).
 */
import type { MetadataOrigin, MetadataProblem, MetadataRow } from '../../../db/types/metadata.ts'
import type { NftItem } from '../../../db/types/nfts.ts'
import { documentFromText, fetchDocument } from './fetchDocument.ts'
import type { DocumentOutcome } from './fetchDocument.ts'
import type { FetchLimits } from './fetchText.ts'
import { GatewayPool } from './gatewayPool.ts'
import type { GatewaySet } from './gateways.ts'
import { domainMetadataUrl } from './issuerDomain.ts'
import { normalizeDocument } from './normalize.ts'
import type { NormalizedMetadata } from './normalize.ts'
import { onlyReachable, resolveMediaUrls, resolveMetadataUri } from './resolveUri.ts'

/** What the pipeline needs besides the NFT. */
export interface PipelineContext {
  gateways: GatewaySet
  limits: FetchLimits
  /** The engine's gateway pool; a fresh one (no health known) when absent. */
  pool?: GatewayPool
  fetchFn?: typeof fetch
  /** The domain an issuer's account names (XLS-20's home of URI-less NFTs' metadata), or null. */
  issuerDomain?: (issuer: string) => Promise<string | null>
  /** Clock for `fetchedAt`. */
  now: () => number
}

const EMPTY: NormalizedMetadata = {
  name: null,
  description: null,
  collection: null,
  image: null,
  imageUrls: [],
  animation: null,
  attributes: [],
}

/** A row with its approximate stored size filled in. */
function sized(row: MetadataRow): MetadataRow {
  row.sizeBytes = JSON.stringify(row).length
  return row
}

/** The cache row of an NFT whose metadata could not be used. */
export function failedRow(nftId: string, problem: MetadataProblem, fetchedAt: number): MetadataRow {
  return sized({ nftId, status: 'failed', problem, ...EMPTY, fetchedAt, sizeBytes: 0 })
}

/** The cache row of a usable document. */
export function loadedRow(
  nftId: string,
  fields: NormalizedMetadata,
  fetchedAt: number,
  origin?: MetadataOrigin,
): MetadataRow {
  const row: MetadataRow = { nftId, status: 'loaded', ...fields, fetchedAt, sizeBytes: 0 }
  if (origin) row.origin = origin
  return sized(row)
}

type Item = Pick<NftItem, 'nftId' | 'uri'> & Partial<Pick<NftItem, 'issuer'>>

async function documentOf(
  item: Item,
  ctx: PipelineContext,
  pool: GatewayPool,
): Promise<{ outcome: DocumentOutcome; origin?: MetadataOrigin }> {
  const resolution = resolveMetadataUri(item.uri, ctx.gateways, ctx.limits.maxBytes)
  switch (resolution.kind) {
    case 'failed': {
      const domain =
        resolution.problem === 'no-uri' && item.issuer && ctx.issuerDomain
          ? await ctx.issuerDomain(item.issuer)
          : null
      if (!domain) return { outcome: { problem: resolution.problem } }
      // A domain on this device or the local network is asked only where a gateway is configured.
      const urls = onlyReachable([domainMetadataUrl(domain, item.nftId)], ctx.gateways)
      if (urls.length === 0) return { outcome: { problem: 'unsupported-uri' } }
      const outcome = await fetchDocument(urls, ctx.limits, pool, ctx.fetchFn)
      return { outcome, origin: { kind: 'issuer-domain', domain } }
    }
    case 'inline':
      return { outcome: documentFromText(resolution.text) }
    case 'fetch':
      return { outcome: await fetchDocument(resolution.urls, ctx.limits, pool, ctx.fetchFn) }
  }
}

/** The fields of an NFT whose URI is itself a picture, a video or a sound. */
function mediaFields(kind: 'image' | 'video' | 'audio', urls: string[]): NormalizedMetadata {
  if (kind === 'image') return { ...EMPTY, image: urls[0] ?? null, imageUrls: urls }
  return { ...EMPTY, animation: { kind, urls } }
}

/**
 * Fetches and normalises one NFT's metadata.
 *
 * @param item - the NFT's id, URI (as decoded from the ledger) and issuer (for URI-less NFTs).
 * @param ctx - gateways, pool, limits, fetch, issuer domains and clock.
 * @returns the row to cache; `status` tells whether it is usable.
 */
export async function fetchMetadataRow(item: Item, ctx: PipelineContext): Promise<MetadataRow> {
  const pool = ctx.pool ?? new GatewayPool(ctx.now)
  const { outcome, origin } = await documentOf(item, ctx, pool)
  const fetchedAt = ctx.now()
  if ('problem' in outcome) return failedRow(item.nftId, outcome.problem, fetchedAt)
  if ('media' in outcome) {
    return loadedRow(item.nftId, mediaFields(outcome.media, outcome.urls), fetchedAt, origin)
  }
  const fields = normalizeDocument(outcome.doc, (ref) =>
    pool.order(resolveMediaUrls(ref, ctx.gateways)),
  )
  return loadedRow(item.nftId, fields, fetchedAt, origin)
}
