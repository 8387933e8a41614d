/**
 * Fetches a metadata document from the gateway pool: the healthiest gateway first, transient
 * failures (network, timeout, 5xx, 429) moving on to the next, definite answers (404, not JSON, too
 * large) ending the search, since every gateway would give the same for content-addressed data. An
 * address that answers with a picture, a video or a sound is that media, not a failure.
 */
import type { MetadataProblem } from '../../../db/types/metadata.ts'
import { fetchText } from './fetchText.ts'
import type { FetchLimits, FetchOutcome, MediaKind } from './fetchText.ts'
import { GatewayPool } from './gatewayPool.ts'
import type { AttemptVerdict } from './gatewayPool.ts'
import { parseDocument } from './parseDocument.ts'
import type { MetadataDocument } from './parseDocument.ts'

/** A document; the URI being the media itself (at these addresses, best first); or a problem. */
export type DocumentOutcome =
  { doc: MetadataDocument } | { media: MediaKind; urls: string[] } | { problem: MetadataProblem }

/**
 * Parses text that is supposed to hold a metadata document.
 *
 * @returns the document, or 'not-json' when it is not a JSON object.
 */
export function documentFromText(text: string): DocumentOutcome {
  const doc = parseDocument(text)
  return doc ? { doc } : { problem: 'not-json' }
}

/** What an outcome means for the pool's search. */
export function verdictOf(outcome: FetchOutcome): AttemptVerdict {
  if (outcome.ok || !outcome.retryable) return { kind: 'final' }
  const { status, retryAfterMs } = outcome
  if (status === 429 || (status === 503 && retryAfterMs !== undefined)) {
    return retryAfterMs === undefined ? { kind: 'limited' } : { kind: 'limited', retryAfterMs }
  }
  // No status: no connection or no answer in time. A 4xx (403, 451…) or a page where a document
  // was expected: the gateway's policy. A 5xx: most often this content there (a CID the gateway
  // could not find on the network).
  if (status === undefined) return { kind: 'failed', blame: 'silence' }
  return {
    kind: 'failed',
    blame: status < 500 || outcome.problem === 'not-json' ? 'gateway' : 'content',
  }
}

/**
 * Fetches the document at `urls` through the pool, then parses it.
 *
 * @param urls - the same document on successive gateways (at least one), in preference order.
 * @param limits - per-request deadline and size cap.
 * @param pool - the engine's gateway pool (health, pacing, failover).
 * @param fetchFn - the fetch to use.
 */
export async function fetchDocument(
  urls: readonly string[],
  limits: FetchLimits,
  pool: GatewayPool = new GatewayPool(),
  fetchFn?: typeof fetch,
): Promise<DocumentOutcome> {
  const order = pool.order(urls)
  const outcome = await pool.fetch(
    order,
    (url, signal) => fetchText(url, limits, fetchFn, signal),
    verdictOf,
  )
  // No attempt made: every gateway rests longer than is worth waiting, for rate limits (a gateway
  // error) or for failing (out of reach, as the reach banner must know).
  if (!outcome) return { problem: pool.restingFor(order) === 'limited' ? 'http-error' : 'network' }
  if (!outcome.ok) return { problem: outcome.problem }
  if ('media' in outcome) {
    // The answering gateway first, then the others: the card's picture fails over like a document.
    return { media: outcome.media, urls: [outcome.url, ...order.filter((u) => u !== outcome.url)] }
  }
  return documentFromText(outcome.text)
}
