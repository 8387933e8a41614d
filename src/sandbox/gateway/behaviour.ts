/**
 * What a sandbox gateway can be made to do besides serving the catalogue, each a way public gateways
 * behave: answer 429 with `Retry-After` above a request rate (as public gateways throttle heavy
 * users), hang (accept and never answer), serve subdomain-style requests (`CID.ipfs.host`), and serve
 * XLS-20 issuer-domain documents (`/.well-known/xrpl-nft/{NFTokenID}`) for NFTs minted without a URI.
 */
import type { GatewayAnswer } from '../demo/catalogTypes.ts'
import { jsonAnswer } from '../demo/catalogBroken.ts'

/** A request rate above which the gateway answers 429. */
export interface RateLimit {
  /** Requests answered per second (a fixed one-second window). */
  perSecond: number
  /** The `Retry-After` sent with a 429, in seconds. */
  retryAfterS: number
}

/** Counts requests per one-second window; says whether one more is over the limit. */
export class RateWindow {
  private windowStart = 0
  private count = 0

  constructor(private readonly limit: RateLimit) {}

  /** Whether a request at `now` is over the limit (it is counted either way). */
  over(now: number): boolean {
    if (now - this.windowStart >= 1000) {
      this.windowStart = now
      this.count = 0
    }
    this.count++
    return this.count > this.limit.perSecond
  }
}

/** The 429 of a rate-limited gateway. */
export function tooManyRequests(limit: RateLimit): GatewayAnswer {
  return {
    status: 429,
    contentType: 'text/plain; charset=utf-8',
    body: 'Too Many Requests\n',
    retryAfterS: limit.retryAfterS,
  }
}

/**
 * The path a subdomain-style request means: `Host: CID.ipfs.localhost:6007` with path `/1.json` is
 * `/ipfs/CID/1.json`. Other hosts keep their path.
 */
export function subdomainPath(host: string | undefined, path: string): string {
  const match = /^([a-z0-9]+)\.(ipfs|ipns)\./i.exec(host ?? '')
  if (!match) return path
  return `/${(match[2] ?? '').toLowerCase()}/${match[1] ?? ''}${path === '/' ? '' : path}`
}

const WELL_KNOWN = /^\/\.well-known\/xrpl-nft\/([0-9A-Fa-f]{64})$/

/**
 * XLS-20's metadata of an NFT without a URI, as an issuer's domain serves it: a document named after
 * the NFT, with a picture from the catalogue's media. Undefined for other paths.
 */
export function issuerDomainAnswer(path: string): GatewayAnswer | undefined {
  const id = WELL_KNOWN.exec(path)?.[1]?.toUpperCase()
  if (!id) return undefined
  const serial = parseInt(id.slice(56), 16)
  return jsonAnswer(
    JSON.stringify({
      name: `Domain NFT #${serial}`,
      description:
        "Metadata served at the issuer's domain (XLS-20), for an NFT minted without a URI.",
      collection: { name: 'Domain Collection', family: 'Sandbox' },
      image: `{gateway}/domain-media/${id}.svg`,
    }),
  )
}

/** The picture of an issuer-domain NFT: a small SVG naming it. */
export function issuerDomainMedia(path: string): GatewayAnswer | undefined {
  const id = /^\/domain-media\/([0-9A-F]{64})\.svg$/.exec(path)?.[1]
  if (!id) return undefined
  const body =
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300">' +
    `<rect width="400" height="300" fill="#2b6cb0"/><text x="200" y="160" font-size="28" ` +
    `text-anchor="middle" fill="#fff">${id.slice(0, 8)}</text></svg>`
  return { status: 200, contentType: 'image/svg+xml', body }
}
