/**
 * One NFT's way from its URI to a cache row: resolve, fetch (with gateway failover) or decode inline,
 * parse, normalise. Never throws: a failure is a row with status 'failed' and its problem, which is
 * cached too (see metadataCache.ts for how long each kind of failure is trusted).
 */
import type { MetadataProblem, MetadataRow } from '../../../db/types/metadata.ts'
import type { NftItem } from '../../../db/types/nfts.ts'
import { documentFromText, fetchDocument } from './fetchDocument.ts'
import type { DocumentOutcome } from './fetchDocument.ts'
import type { FetchLimits } from './fetchText.ts'
import type { GatewaySet } from './gateways.ts'
import { normalizeDocument } from './normalize.ts'
import type { NormalizedMetadata } from './normalize.ts'
import { resolveMediaUrl, resolveMetadataUri } from './resolveUri.ts'

/** What the pipeline needs besides the NFT. */
export interface PipelineContext {
  gateways: GatewaySet
  limits: FetchLimits
  fetchFn?: typeof fetch
  /** Clock for `fetchedAt`. */
  now: () => number
}

const EMPTY: NormalizedMetadata = {
  name: null,
  description: null,
  collection: null,
  image: null,
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
): MetadataRow {
  return sized({ nftId, status: 'loaded', ...fields, fetchedAt, sizeBytes: 0 })
}

async function documentOf(
  item: Pick<NftItem, 'uri'>,
  ctx: PipelineContext,
): Promise<DocumentOutcome> {
  const resolution = resolveMetadataUri(item.uri, ctx.gateways, ctx.limits.maxBytes)
  switch (resolution.kind) {
    case 'failed':
      return { problem: resolution.problem }
    case 'inline':
      return documentFromText(resolution.text)
    case 'fetch':
      return fetchDocument(resolution.urls, ctx.limits, ctx.fetchFn)
  }
}

/**
 * Fetches and normalises one NFT's metadata.
 *
 * @param item - the NFT's id and URI (as decoded from the ledger).
 * @param ctx - gateways, limits, fetch and clock.
 * @returns the row to cache; `status` tells whether it is usable.
 */
export async function fetchMetadataRow(
  item: Pick<NftItem, 'nftId' | 'uri'>,
  ctx: PipelineContext,
): Promise<MetadataRow> {
  const outcome = await documentOf(item, ctx)
  const fetchedAt = ctx.now()
  if ('problem' in outcome) return failedRow(item.nftId, outcome.problem, fetchedAt)
  const fields = normalizeDocument(outcome.doc, (ref) => resolveMediaUrl(ref, ctx.gateways))
  return loadedRow(item.nftId, fields, fetchedAt)
}
