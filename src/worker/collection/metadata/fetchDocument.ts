/**
 * Fetches a metadata document from the first gateway that answers: transient failures (network,
 * timeout, 5xx, 429) move on to the next URL; definite answers (404, not JSON, too large) end the
 * search, since every gateway would give the same for content-addressed data.
 */
import type { MetadataProblem } from '../../../db/types/metadata.ts'
import { fetchText } from './fetchText.ts'
import type { FetchLimits } from './fetchText.ts'
import { parseDocument } from './parseDocument.ts'
import type { MetadataDocument } from './parseDocument.ts'

/** A document, or the problem of the last attempt. */
export type DocumentOutcome = { doc: MetadataDocument } | { problem: MetadataProblem }

/**
 * Parses text that is supposed to hold a metadata document.
 *
 * @returns the document, or 'not-json' when it is not a JSON object.
 */
export function documentFromText(text: string): DocumentOutcome {
  const doc = parseDocument(text)
  return doc ? { doc } : { problem: 'not-json' }
}

/**
 * Tries `urls` in order until one gives a body, then parses it.
 *
 * @param urls - the same document on successive gateways (at least one).
 * @param limits - per-request deadline and size cap.
 * @param fetchFn - the fetch to use.
 */
export async function fetchDocument(
  urls: readonly string[],
  limits: FetchLimits,
  fetchFn?: typeof fetch,
): Promise<DocumentOutcome> {
  let problem: MetadataProblem = 'network'
  for (const url of urls) {
    const outcome = await fetchText(url, limits, fetchFn)
    if (outcome.ok) return documentFromText(outcome.text)
    problem = outcome.problem
    if (!outcome.retryable) break
  }
  return { problem }
}
