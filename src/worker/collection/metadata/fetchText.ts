/**
 * One bounded HTTP GET of a metadata document: a deadline that covers headers and body, a size cap
 * enforced on the bytes actually received (Content-Length is only used to refuse early), JSON-ish
 * content types only, no cookies or referrer, redirects only to http(s).
 */
import type { MetadataProblem } from '../../../db/types/metadata.ts'

/** Limits of one request. */
export interface FetchLimits {
  /** Deadline for the whole exchange (connect, headers, body), in ms. */
  timeoutMs: number
  /** Largest body accepted, in bytes. */
  maxBytes: number
}

/** What a response that is itself media holds (its body is not read). */
export type MediaKind = 'image' | 'video' | 'audio'

/**
 * The body text; or, when the address answers with a picture, a video or a sound, that the address
 * is the media itself; or why there is nothing and whether another gateway might do better
 * (`retryAfterMs`: what a 429 or 503 asked for).
 */
export type FetchOutcome =
  | { ok: true; text: string }
  | { ok: true; media: MediaKind; url: string }
  | {
      ok: false
      problem: MetadataProblem
      retryable: boolean
      status?: number
      retryAfterMs?: number
    }

/**
 * JSON under any of its names, text/plain (what gateways sniff JSON files as), octet-stream (how
 * some gateways serve raw IPFS blocks), or no type at all; the body must still parse as an object.
 * HTML, images and the rest are refused unread.
 */
const ACCEPTED_TYPE =
  /^(application\/([a-z0-9.+-]*\+)?json|text\/(plain|json)|application\/octet-stream)$/

function typeAccepted(header: string | null): boolean {
  const type = (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''
  return type === '' || ACCEPTED_TYPE.test(type)
}

/**
 * Answers worth asking another gateway for: every error but 404 and 410. Content addressing makes
 * "this path is not in this CID" the same answer everywhere, and asking every gateway would multiply
 * the wait for each broken NFT; but a 401, 403 or 451 is one gateway's policy (a denylist, a bot
 * check, a paid-only gateway), and server errors and rate limits pass.
 */
function retryableStatus(status: number): boolean {
  return status !== 404 && status !== 410
}

/** `Retry-After` in ms (seconds or an HTTP date), or undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now = Date.now()): number | undefined {
  const text = (header ?? '').trim()
  if (!text) return undefined
  if (/^\d+$/.test(text)) return Number(text) * 1000
  const at = Date.parse(text)
  return Number.isNaN(at) ? undefined : Math.max(0, at - now)
}

/** The kind of media a content type names, or null. */
function mediaKindOf(header: string | null): MediaKind | null {
  const type = (header ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? ''
  const kind = /^(image|video|audio)\//.exec(type)?.[1]
  // SVG can carry script; as an <img> it cannot run, but it is not worth the doubt.
  if (!kind || type === 'image/svg+xml') return null
  return kind as MediaKind
}

function failure(problem: MetadataProblem, retryable: boolean, status?: number): FetchOutcome {
  return status === undefined
    ? { ok: false, problem, retryable }
    : { ok: false, problem, retryable, status }
}

/**
 * Why a response is refused before its body is read, or that it is media; undefined when it may be
 * read.
 */
function refuse(response: Response, url: string, maxBytes: number): FetchOutcome | undefined {
  // fetch refuses redirects to other schemes itself; this guards fetch stand-ins too.
  if (response.url && !/^https?:/i.test(response.url)) return failure('network', false)
  if (!response.ok) {
    const outcome = failure('http-error', retryableStatus(response.status), response.status)
    const after = retryAfterMs(response.headers.get('retry-after'))
    if (!outcome.ok && after !== undefined) outcome.retryAfterMs = after
    return outcome
  }
  const type = response.headers.get('content-type')
  const media = mediaKindOf(type)
  if (media) return { ok: true, media, url }
  // An HTML page where a document was expected is the gateway's (a landing page, a bot check): the
  // content may be on another one. Other types are the content's own answer.
  if (!typeAccepted(type)) return failure('not-json', /^\s*text\/html/i.test(type ?? ''))
  // Only to refuse early: the cap itself is enforced on the bytes received.
  const declared = Number(response.headers.get('content-length'))
  return declared > maxBytes ? failure('too-large', false) : undefined
}

/** Reads the body up to `maxBytes`; null when it is bigger (the stream is cancelled). */
async function readCapped(response: Response, maxBytes: number): Promise<Uint8Array | null> {
  if (!response.body) return new Uint8Array(0)
  const reader = response.body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined)
      return null
    }
    chunks.push(value)
  }
  const body = new Uint8Array(size)
  let offset = 0
  for (const chunk of chunks) {
    body.set(chunk, offset)
    offset += chunk.byteLength
  }
  return body
}

async function exchange(
  fetchFn: typeof fetch,
  url: string,
  limits: FetchLimits,
  signal: AbortSignal,
): Promise<FetchOutcome> {
  const response = await fetchFn(url, {
    method: 'GET',
    credentials: 'omit',
    redirect: 'follow',
    referrerPolicy: 'no-referrer',
    headers: { Accept: 'application/json, text/plain;q=0.9, */*;q=0.1' },
    signal,
  })
  const refusal = refuse(response, url, limits.maxBytes)
  if (refusal) {
    // Release the connection rather than download a body that will not be used.
    await response.body?.cancel().catch(() => undefined)
    return refusal
  }
  const body = await readCapped(response, limits.maxBytes)
  if (!body) return failure('too-large', false)
  // Raw IPFS blocks come as octet-stream or untyped: a picture is told by its first bytes.
  if (isRasterImage(body)) return { ok: true, media: 'image', url }
  return { ok: true, text: new TextDecoder().decode(body) }
}

/** Signatures of the raster formats a card shows: PNG, GIF, JPEG, WebP. */
function isRasterImage(body: Uint8Array): boolean {
  const starts = (...bytes: number[]) => bytes.every((b, i) => body[i] === b)
  return (
    starts(0x89, 0x50, 0x4e, 0x47) ||
    starts(0x47, 0x49, 0x46, 0x38) ||
    starts(0xff, 0xd8, 0xff) ||
    (starts(0x52, 0x49, 0x46, 0x46) && body[8] === 0x57 && body[9] === 0x45 && body[10] === 0x42)
  )
}

/**
 * GETs `url` within the limits. Never throws: every failure becomes an outcome ('timeout',
 * 'network', 'http-error', 'not-json', 'too-large').
 *
 * @param fetchFn - the fetch to use (the global one by default; tests inject their own).
 * @param cancel - aborts the request (another gateway answered first).
 */
export async function fetchText(
  url: string,
  limits: FetchLimits,
  fetchFn: typeof fetch = fetch,
  cancel?: AbortSignal,
): Promise<FetchOutcome> {
  const controller = new AbortController()
  const onCancel = () => controller.abort()
  cancel?.addEventListener('abort', onCancel)
  if (cancel?.aborted) controller.abort()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    controller.abort()
  }, limits.timeoutMs)
  try {
    return await exchange(fetchFn, url, limits, controller.signal)
  } catch {
    // A refused connection, a reset, a DNS failure, or our own abort at the deadline.
    return timedOut ? failure('timeout', true) : failure('network', true)
  } finally {
    clearTimeout(timer)
    cancel?.removeEventListener('abort', onCancel)
  }
}
