/**
 * Recognises content-addressed references (IPFS, IPNS, Arweave) in the spellings XRPL NFTs use, and
 * turns them into gateway URLs.
 */

/** A reference to content on IPFS (or a mutable IPNS name), independent of any gateway. */
export interface IpfsRef {
  namespace: 'ipfs' | 'ipns'
  /** A CID (ipfs) or a name (ipns). */
  root: string
  /** The path inside it, without leading slash; '' for the root itself. */
  path: string
}

/** A reference to an Arweave transaction (optionally a path inside a path manifest). */
export interface ArweaveRef {
  id: string
  path: string
}

/** CIDv0: base58btc sha2-256 multihash, always 46 characters starting 'Qm'. */
const CID_V0 = /^Qm[1-9A-HJ-NP-Za-km-z]{44}$/
/** CIDv1 in base32 (multibase 'b'), the form gateways and tools print. */
const CID_V1 = /^b[a-z2-7]{50,}$/
/** Any multibase CID or IPNS name inside an `ipfs://`/`ipns://` URI: letters, digits, '-', '.'. */
const ROOT = /^[A-Za-z0-9][A-Za-z0-9.-]*$/
/** Arweave transaction ids: 32 bytes in base64url, 43 characters. */
const ARWEAVE_ID = /^[A-Za-z0-9_-]{43}$/

/** Whether `text` is a bare CID (v0 `Qm…` or v1 `b…`). */
export function isBareCid(text: string): boolean {
  return CID_V0.test(text) || CID_V1.test(text)
}

/**
 * A path of `/`-separated segments made safe to append to a gateway URL: no `.`/`..` segments (the
 * URL parser would climb out of the content root) and every segment percent-encoded once.
 * Null when the path tries to climb.
 */
export function safePath(path: string): string | null {
  const segments = path
    .split('/')
    .filter((s) => s !== '')
    .map(safeDecode)
  // Checked decoded: `.%2e` and `%2E.` are `..` too once a gateway decodes them.
  if (segments.some((s) => s === '.' || s === '..')) return null
  return segments.map((s) => encodeURIComponent(s)).join('/')
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment)
  } catch {
    return segment
  }
}

/** Splits `root/rest…` into a reference when the root looks valid. */
function splitRef(namespace: IpfsRef['namespace'], rest: string): IpfsRef | null {
  const [root = '', ...segments] = rest.split('/')
  const path = safePath(segments.join('/'))
  if (!ROOT.test(root) || path === null) return null
  return { namespace, root, path }
}

/**
 * The part of a content-addressed reference that names content: everything before a query. A `#` is
 * part of the name, not a fragment: content addressing has no fragments, and real collections name
 * files `LHS #1044.json` or `fuzzybear-#168.png` (cutting at the `#` fetched `…/LHS%20`, a 404).
 */
function withoutQuery(text: string): string {
  return text.split('?', 1)[0] ?? ''
}

/**
 * The IPFS reference in `uri`, or null. Accepts `ipfs://CID/path`, the redundant
 * `ipfs://ipfs/CID/path`, `ipns://name/path`, `/ipfs/CID/path` and a bare CID with or without a
 * path (`Qm…/1.json`). The query is dropped (content addressing ignores it); see {@link withoutQuery}
 * for `#`. Web addresses on a gateway are {@link parseGatewayUrl}'s.
 */
export function parseIpfs(uri: string): IpfsRef | null {
  const text = withoutQuery(uri)
  const scheme = /^(ipfs|ipns):\/\/(.*)$/i.exec(text)
  if (scheme) {
    // `ipfs://ipfs/CID` repeats the namespace (a common minting mistake): the inner one counts.
    const inner = /^(ipfs|ipns)\/(.*)$/i.exec(scheme[2] ?? '')
    const namespace = (inner?.[1] ?? scheme[1] ?? '').toLowerCase() as IpfsRef['namespace']
    return splitRef(namespace, inner?.[2] ?? scheme[2] ?? '')
  }
  const gatewayPath = /^\/(ipfs|ipns)\/(.*)$/.exec(text)
  if (gatewayPath) return splitRef(gatewayPath[1] as IpfsRef['namespace'], gatewayPath[2] ?? '')
  const root = text.split('/', 1)[0] ?? ''
  return isBareCid(root) ? splitRef('ipfs', text) : null
}

/** A CID as gateways print it in a URL: v0, or v1 in base32 (paths) or base36 (`k…`, IPNS keys). */
const URL_CID = /^(Qm[1-9A-HJ-NP-Za-km-z]{44}|b[a-z2-7]{50,}|k[0-9a-z]{50,})$/
/** Hosts that serve Arweave content by transaction id (`https://arweave.net/ID/path`). */
const ARWEAVE_HOSTS = /(^|\.)(arweave\.net|arweave\.dev|ar-io\.net|g8way\.io)$/i

/**
 * The host and the path (before the query, `#` kept as part of it) of an http(s) address, as the
 * browser's URL parser reads them (a `\\` is a `/` to it, so it must be to us), or null.
 */
function splitWebAddress(text: string): { host: string; path: string } | null {
  let url: URL
  try {
    url = new URL(text.replace(/#/g, '%23'))
  } catch {
    return null
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null
  if (url.username || url.password || !url.hostname) return null
  return { host: url.hostname.toLowerCase(), path: url.pathname }
}

/** Where a gateway address names its content. */
export type GatewayStyle = 'path' | 'subdomain' | 'arweave'

/** A gateway address's content and how the address names it. */
export type GatewayContent =
  | { ipfs: IpfsRef; host: string; style: GatewayStyle }
  | { arweave: ArweaveRef; host: string; style: GatewayStyle }

/**
 * The content behind a web address on an IPFS or Arweave gateway, whatever the gateway: path style
 * (`https://any.host/ipfs/CID/path`, `/ipns/name/path`: checked first, since a host may itself
 * contain `.ipfs.`), subdomain style (`https://CID.ipfs.w3s.link/path`,
 * `https://name.ipns.dweb.link/path`) and Arweave hosts (`https://arweave.net/ID/path`). Null for
 * any other address: its host is its only source. Content addressing makes the host irrelevant, so
 * a closed gateway's address still names content that any live gateway serves.
 */
export function parseGatewayUrl(text: string): GatewayContent | null {
  const web = splitWebAddress(text)
  if (!web) return null
  const { host, path } = web
  const pathStyle = /^\/(ipfs|ipns)\/([^/]+)(.*)$/.exec(path)
  if (pathStyle) {
    const namespace = pathStyle[1] as IpfsRef['namespace']
    const root = pathStyle[2] ?? ''
    const ref =
      namespace === 'ipfs' && !URL_CID.test(root)
        ? null
        : splitRef(namespace, `${root}${pathStyle[3] ?? ''}`)
    if (ref) return { ipfs: ref, host, style: 'path' }
  }
  const subdomain = /^([a-z0-9]+)\.(ipfs|ipns)\./.exec(host)
  if (subdomain) {
    const namespace = subdomain[2] as IpfsRef['namespace']
    const root = subdomain[1] ?? ''
    const ref =
      namespace === 'ipfs' && !URL_CID.test(root) ? null : splitRef(namespace, `${root}${path}`)
    if (ref) return { ipfs: ref, host, style: 'subdomain' }
  }
  if (ARWEAVE_HOSTS.test(host)) {
    const [id = '', ...rest] = path.replace(/^\//, '').split('/')
    const safe = safePath(rest.join('/'))
    if (ARWEAVE_ID.test(id) && safe !== null)
      return { arweave: { id, path: safe }, host, style: 'arweave' }
  }
  return null
}

/** The Arweave reference in an `ar://id[/path]` URI, or null. */
export function parseArweave(uri: string): ArweaveRef | null {
  const match = /^ar:\/\/([^/?#]+)\/?([^?]*)/i.exec(uri)
  const id = match?.[1] ?? ''
  const path = safePath(match?.[2] ?? '')
  return ARWEAVE_ID.test(id) && path !== null ? { id, path } : null
}

/** `${base}/ipfs/${cid}/${path}` (or `/ipns/`). */
export function ipfsUrl(base: string, ref: IpfsRef): string {
  const tail = ref.path ? `/${ref.path}` : ''
  return `${base}/${ref.namespace}/${ref.root}${tail}`
}

/** `${base}/${id}/${path}`. */
export function arweaveUrl(base: string, ref: ArweaveRef): string {
  return `${base}/${ref.id}${ref.path ? `/${ref.path}` : ''}`
}

/**
 * The gateway-independent form of a URI served through a gateway (`https://gw/ipfs/CID/1.json` →
 * `ipfs://CID/1.json`, an Arweave host's → `ar://…`), which any live gateway serves; null when it
 * names no content address (its host is its only source).
 */
export function independentUri(uri: string): string | null {
  const content = parseGatewayUrl(uri)
  if (!content) return null
  if ('arweave' in content) {
    const { id, path } = content.arweave
    return `ar://${id}${path ? `/${path}` : ''}`
  }
  const { namespace, root, path } = content.ipfs
  return `${namespace}://${root}${path ? `/${path}` : ''}`
}
