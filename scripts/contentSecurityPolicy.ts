/**
 * The app's Content-Security-Policy (docs/architecture.md §3.1), built from the networks a build offers: scripts
 * from the app's own origin only, ledger connections to the configured endpoints only, metadata over
 * https (any host: NFT metadata lives anywhere), the user's own ledger servers (wss: anywhere, ws: on
 * this device) plus the sandbox gateway where the sandbox is offered, the user's own IPFS gateway on
 * this device (plain http on loopback), images from https and data URIs, NFT videos and sounds from
 * https, no plugins, no <base>. vite.config.ts puts it in the production
 * build's index.html (meta tag), in `_headers` beside it for hosts that read one, and in the preview
 * server's headers (so the worker, which a meta tag does not cover, runs under it in e2e too).
 */
import { buildNetworks, offeredNetworkIds } from '../src/shared/networks.ts'
import type { NetworkEnv } from '../src/shared/networks.ts'

/** Plain WebSocket only to a node on this device (anywhere else a user's node must use wss://); CSP has no source for an IPv6 literal. */
const OWN_NODE_WS = ['ws://127.0.0.1:*', 'ws://localhost:*']

/** A gateway on this device (an IPFS daemon's, at http://127.0.0.1:8080): plain http on loopback only. */
const OWN_GATEWAY = ['http://127.0.0.1:*', 'http://localhost:*']

/** Directives a meta tag cannot carry (browsers ignore them there); sent as a header only. */
const HEADER_ONLY = ['frame-ancestors']

/** The origin (scheme, host, port) of a URL, as CSP source expressions name it. */
function origin(url: string): string {
  const u = new URL(url)
  return `${u.protocol}//${u.host}`
}

/**
 * The policy's directives for a build environment.
 *
 * @param env - the build-time settings (as vite's loadEnv gives them, with MODE and DEV).
 */
export function cspDirectives(env: NetworkEnv): [string, string[]][] {
  const networks = buildNetworks(env)
  const offered = offeredNetworkIds(env).map((id) => networks[id])
  const ledger = new Set(offered.flatMap((n) => [...n.endpoints, ...n.clioEndpoints]).map(origin))
  const gateways = new Set(
    offered.flatMap((n) => (n.metadataGateway ? [origin(n.metadataGateway)] : [])),
  )
  return [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    ['worker-src', ["'self'"]],
    ['style-src', ["'self'"]],
    ['img-src', ["'self'", 'https:', 'data:', ...gateways, ...OWN_GATEWAY]],
    // NFT videos (XLS-24 `video`, `animation_url`) from the same gateways as pictures.
    ['media-src', ["'self'", 'https:', ...gateways, ...OWN_GATEWAY]],
    ['font-src', ["'self'"]],
    // wss: any host, and ws: on this device: the user's own servers (checked by the engine before use).
    [
      'connect-src',
      ["'self'", ...ledger, 'wss:', ...OWN_NODE_WS, 'https:', ...gateways, ...OWN_GATEWAY],
    ],
    ['manifest-src', ["'self'"]],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['form-action', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
  ]
}

/** The policy as a header value (`meta`: without the directives a meta tag cannot carry). */
export function contentSecurityPolicy(env: NetworkEnv, meta = false): string {
  return cspDirectives(env)
    .filter(([name]) => !meta || !HEADER_ONLY.includes(name))
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ')
}

/** The headers a host should send with every file of the app (written to dist/_headers). */
export function securityHeaders(env: NetworkEnv): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(env),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  }
}
