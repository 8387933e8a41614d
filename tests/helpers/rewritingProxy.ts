/**
 * A WebSocket proxy between an engine and the sandbox that lets a test rewrite requests and replies:
 * how tests play a server that is not to be trusted.
 */
import type { AddressInfo } from 'node:net'

import { WebSocket, WebSocketServer } from 'ws'

/** A JSON message. */
export type Json = Record<string, unknown>

export interface ProxyHooks {
  /** Rewrites a request before it goes to the sandbox. */
  request?: (request: Json) => Json
  /** Rewrites a reply; null swallows it. */
  reply?: (reply: Json, request: Json) => Json | null | Promise<Json | null>
  /** Rewrites a message that is not a response (a stream message); null swallows it. */
  stream?: (message: Json) => Json | null
}

export interface Proxy {
  url: string
  hooks: ProxyHooks
  /** Sends a message of the test's making (a made-up stream message) to every connected client. */
  inject(message: Json): void
  close(): Promise<void>
}

/** A WebSocket proxy to `target` that lets the test rewrite requests and replies. */
export async function startProxy(target: string): Promise<Proxy> {
  const wss = new WebSocketServer({ port: 0, host: '127.0.0.1' })
  await new Promise<void>((resolve) => wss.once('listening', resolve))
  const sockets = new Set<WebSocket>()
  const clients = new Set<WebSocket>()
  const proxy: Proxy = {
    url: `ws://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    hooks: {},
    inject: (message) => {
      for (const c of clients) if (c.readyState === WebSocket.OPEN) c.send(JSON.stringify(message))
    },
    close: async () => {
      for (const s of sockets) s.terminate()
      await new Promise((resolve) => wss.close(resolve))
    },
  }
  wss.on('connection', (client: WebSocket) => {
    const upstream = new WebSocket(target)
    const opened = new Promise((resolve) => upstream.once('open', resolve))
    const requests = new Map<unknown, Json>()
    sockets.add(client).add(upstream)
    clients.add(client)
    // A side closed while the other is still connecting aborts that handshake with an 'error' event:
    // the proxy is only closing, not failing.
    client.on('error', () => undefined)
    upstream.on('error', () => undefined)
    client.on('close', () => {
      clients.delete(client)
      upstream.close()
    })
    upstream.on('close', () => client.close())
    client.on('message', (data: Buffer) => {
      const parsed = JSON.parse(data.toString('utf8')) as Json
      const request = proxy.hooks.request?.(parsed) ?? parsed
      requests.set(request.id, request)
      void opened.then(() => upstream.send(JSON.stringify(request)))
    })
    upstream.on('message', (data: Buffer) => {
      const reply = JSON.parse(data.toString('utf8')) as Json
      const request = requests.get(reply.id)
      if (reply.type !== 'response' && proxy.hooks.stream) {
        const out = proxy.hooks.stream(reply)
        if (out) client.send(JSON.stringify(out))
        return
      }
      if (reply.type !== 'response' || !request || !proxy.hooks.reply) {
        client.send(JSON.stringify(reply))
        return
      }
      void Promise.resolve(proxy.hooks.reply(reply, request)).then((out) => {
        if (out) client.send(JSON.stringify(out))
      })
    })
  })
  return proxy
}

/** Two servers of one sandbox ledger, each behind its own rewriting proxy. */
export interface TwoServers {
  /** In front of the sandbox itself: the server the engine uses (listed first). */
  primary: Proxy
  /** In front of a second endpoint of the same ledger: the network's other server. */
  other: Proxy
  /** Both proxies' hooks cleared (honest again). */
  reset(): void
  close(): Promise<void>
}

/** A network of two servers of the sandbox's ledger, each behind a rewriting proxy. */
export async function startTwoServers(sb: {
  url: string
  addEndpoint(): Promise<{ url: string }>
}): Promise<TwoServers> {
  const honest = await sb.addEndpoint()
  const primary = await startProxy(sb.url)
  const other = await startProxy(honest.url)
  return {
    primary,
    other,
    reset: () => {
      primary.hooks = {}
      other.hooks = {}
    },
    close: async () => {
      await primary.close()
      await other.close()
    },
  }
}
