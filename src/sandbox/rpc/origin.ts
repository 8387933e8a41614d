/**
 * Whether a WebSocket or HTTP client may connect: Node clients send no Origin; a browser page may
 * only when it is served from this machine over http (the app's dev and preview servers), so that a web page the
 * user happens to visit cannot drive the sandbox.
 */
export function isLocalOrigin(origin: string | undefined): boolean {
  if (origin === undefined) return true
  try {
    const url = new URL(origin)
    return url.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)
  } catch {
    return false
  }
}

/**
 * The client's IP, as a server's load limits count it: an IPv4 client seen through an IPv6 socket is
 * the same client (::ffff:127.0.0.1 is 127.0.0.1).
 */
export function clientIp(remoteAddress: string | undefined): string {
  const ip = remoteAddress ?? 'unknown'
  return ip.startsWith('::ffff:') ? ip.slice('::ffff:'.length) : ip
}
