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
  const segments = path.split('/').filter((s) => s !== '')
  if (segments.some((s) => s === '.' || s === '..' || /^%2e(%2e)?$/i.test(s))) return null
  return segments.map((s) => encodeURIComponent(safeDecode(s))).join('/')
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
 * The IPFS reference in `uri`, or null. Accepts `ipfs://CID/path`, the redundant
 * `ipfs://ipfs/CID/path`, `ipns://name/path`, `/ipfs/CID/path` and a bare CID with or without a
 * path (`Qm…/1.json`). Query and fragment are dropped: content addressing ignores them.
 */
export function parseIpfs(uri: string): IpfsRef | null {
  const text = uri.split(/[?#]/, 1)[0] ?? ''
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

/** The Arweave reference in an `ar://id[/path]` URI, or null. */
export function parseArweave(uri: string): ArweaveRef | null {
  const match = /^ar:\/\/([^/?#]+)\/?([^?#]*)/i.exec(uri)
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
