/**
 * NFToken URIs as the ledger stores them: up to 256 bytes, shown in hex by the API. Decoded strictly:
 * odd-length or non-hex text, or bytes that are not valid UTF-8, give null rather than a string with
 * replacement characters (xrpl.js's `convertHexToString` decodes leniently, so it is not used).
 */

/** rippled's maxTokenURILength: a longer URI cannot be on the ledger. */
export const MAX_NFT_URI_BYTES = 256

const HEX = /^(?:[0-9a-fA-F]{2})+$/

// One decoder for every call: `fatal` makes invalid UTF-8 throw instead of becoming U+FFFD.
const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true })

/**
 * The URI of an account_nfts entry as text.
 *
 * @param hex - the entry's `URI` field: hex of UTF-8 bytes; anything else gives null.
 * @returns the decoded text, or null when there is none, it is not hex, longer than 256 bytes, or not
 *   valid UTF-8.
 */
export function decodeNftUri(hex: unknown): string | null {
  if (typeof hex !== 'string' || !HEX.test(hex)) return null
  if (hex.length / 2 > MAX_NFT_URI_BYTES) return null
  const bytes = new Uint8Array(hex.length / 2)
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  try {
    return utf8.decode(bytes)
  } catch {
    return null
  }
}
