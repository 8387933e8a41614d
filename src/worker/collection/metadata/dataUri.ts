/**
 * Inline JSON metadata: `data:application/json[;charset=…][;base64],…` URIs carry their document, so
 * there is nothing to fetch, only a size bound to keep.
 */
import type { MetadataProblem } from '../../../db/types/metadata.ts'

/** The decoded text, or why there is none. */
export type DataUriResult = { text: string } | { problem: MetadataProblem }

const JSON_DATA_URI = /^data:application\/(?:[a-z0-9.+-]*\+)?json((?:;[^,;]*)*),/i

/** Whether `uri` is a data URI (of any type). */
export function isDataUri(uri: string): boolean {
  return /^data:/i.test(uri)
}

/**
 * Decodes a JSON data URI. Other media types give 'unsupported-uri'; a bad encoding 'not-json'; a
 * document over `maxBytes` 'too-large' (checked on the encoded length first, so a huge URI costs
 * nothing to refuse).
 */
export function decodeJsonDataUri(uri: string, maxBytes: number): DataUriResult {
  const header = JSON_DATA_URI.exec(uri)
  if (!header) return { problem: 'unsupported-uri' }
  const base64 = /;base64$/i.test(header[1] ?? '')
  const payload = uri.slice(header[0].length)
  // Base64 grows by 4/3 and percent-encoding by at most 3: beyond that the decoded text is too big.
  if (payload.length > maxBytes * (base64 ? 4 / 3 : 3) + 4) return { problem: 'too-large' }
  let bytes: Uint8Array
  try {
    bytes = base64 ? fromBase64(payload) : new TextEncoder().encode(decodeURIComponent(payload))
  } catch {
    return { problem: 'not-json' }
  }
  if (bytes.byteLength > maxBytes) return { problem: 'too-large' }
  return { text: new TextDecoder().decode(bytes) }
}

/** Standard or URL-safe base64, padding optional; throws on anything else. */
function fromBase64(text: string): Uint8Array {
  const standard = decodeURIComponent(text).replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '')
  const binary = atob(standard)
  return Uint8Array.from(binary, (c) => c.charCodeAt(0))
}
