/**
 * Text and URL hygiene for untrusted metadata (docs/architecture.md §3.5). The UI renders every
 * string as text, so this is defence in depth: what reaches IndexedDB is already plain, bounded text
 * and URLs of a few safe schemes, whatever renders it later (a title attribute, a CSV export, a
 * notification).
 */

/** Longest name kept, in UTF-16 code units. */
export const MAX_NAME_LENGTH = 200
/** Longest description kept. */
export const MAX_DESCRIPTION_LENGTH = 2000
/** Longest trait type or trait value kept. */
export const MAX_TRAIT_LENGTH = 100
/** Longest http(s) URL kept: beyond this it is a payload, not an address. */
export const MAX_HTTP_URL_LENGTH = 2048
/** Longest inline `data:image/…` URL kept (it is stored in every cache row that uses it). */
export const MAX_DATA_IMAGE_LENGTH = 256 * 1024

// Script and style elements go with their content: "alert(1)" is not part of anyone's name.
const SCRIPT_OR_STYLE = /<(script|style)\b[^>]*>[\s\S]*?(<\/\1\s*>|$)/gi
// Tags and comments, including one left open at the end of a truncated string.
const TAG = /<\/?[a-zA-Z!?][^>]*(>|$)/g
// C0/C1 controls except tab and newline; bidi embeddings, overrides and isolates (they can make text
// read differently from what it is: "evil\u202e" tricks); invisible zero-width space, word joiner
// and BOM. ZWJ/ZWNJ stay: emoji sequences and several scripts need them.
/* eslint-disable no-control-regex -- matching control characters is the point */
const INVISIBLE =
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u061C\u200B\u200E\u200F\u202A-\u202E\u2060\u2066-\u2069\uFEFF]/g
/* eslint-enable no-control-regex */

const SAFE_DATA_IMAGE = /^data:image\/(png|jpeg|gif|webp|avif)(;[a-z0-9=.+-]+)*,/i

/**
 * Cuts `text` to at most `max` code units, ending with '…' when it was cut, and never in the middle
 * of a surrogate pair.
 */
export function capLength(text: string, max: number): string {
  if (text.length <= max) return text
  let cut = text.slice(0, Math.max(0, max - 1))
  const last = cut.charCodeAt(cut.length - 1)
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1)
  return cut + '…'
}

/**
 * Plain text from an untrusted string: markup removed, invisible and direction-changing characters
 * removed, whitespace collapsed (newlines kept when `multiline`), trimmed and capped at `max`.
 * Null when nothing readable remains.
 */
export function cleanText(value: string, max: number, multiline = false): string | null {
  // Pre-cut so a 100 KB hostile string costs no more than a short one; the margin leaves room for
  // the markup that is about to be removed.
  const text = value
    .slice(0, max * 4)
    .replace(SCRIPT_OR_STYLE, ' ')
    .replace(TAG, ' ')
    .replace(INVISIBLE, '')
  const spaced = multiline
    ? text
        .replace(/[^\S\n]+/g, ' ')
        .replace(/ ?\n ?/g, '\n')
        .replace(/\n{3,}/g, '\n\n')
    : text.replace(/\s+/g, ' ')
  const trimmed = spaced.trim()
  return trimmed ? capLength(trimmed, max) : null
}

/**
 * The URL if it is safe to show as an image source: http(s) (normalised by the URL parser, so quotes
 * and spaces come out percent-encoded) or an inline raster image. `javascript:`, `vbscript:`,
 * `file:`, `data:text/html`, SVG data URIs (scriptable) and anything unparsable give null.
 */
export function safeImageUrl(value: string): string | null {
  const text = value.trim()
  if (/^data:/i.test(text)) {
    const ok = SAFE_DATA_IMAGE.test(text) && text.length <= MAX_DATA_IMAGE_LENGTH
    return ok && !/[\s"'<>]/.test(text) ? text : null
  }
  return safeHttpUrl(text)
}

/** The normalised URL when `value` is an http(s) URL of reasonable length, else null. */
export function safeHttpUrl(value: string): string | null {
  let url: URL
  try {
    url = new URL(value.trim())
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  // Credentials in a URL are a phishing device ("https://bank.com@evil.example"), never metadata.
  if (url.username || url.password) return null
  return url.href.length <= MAX_HTTP_URL_LENGTH ? url.href : null
}

/** Host names that are this device or a local network, never the public internet. */
const PRIVATE_NAME = /(^|\.)(localhost|local|lan|internal|home\.arpa|intranet)$/

/**
 * Whether a host is this device or a local network: loopback, private and link-local IPv4 ranges,
 * IPv6 literals (loopback, unique-local, link-local, or any: no public gateway is addressed so),
 * single-label names and local suffixes.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '')
  if (host.startsWith('[') || host.includes(':')) return true
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168)
    )
  }
  return !host.includes('.') || PRIVATE_NAME.test(host)
}

/** Whether an http(s) URL points at a private host (see {@link isPrivateHost}). */
export function isPrivateUrl(url: string): boolean {
  try {
    const parsed = new URL(url)
    return /^https?:$/.test(parsed.protocol) && isPrivateHost(parsed.hostname)
  } catch {
    return false
  }
}
