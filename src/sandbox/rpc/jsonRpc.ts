/**
 * rippled's JSON-RPC over HTTP: `POST /` with `{"method": …, "params": [{…}]}`, answered
 * `{"result": {…, "status": "success" | "error"}}`. Streams need a WebSocket, so subscribe and
 * unsubscribe are refused here.
 */
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { clientIp, isLocalOrigin } from './origin.ts'
import { isRecord } from '../../shared/isRecord.ts'

/**
 * Answers one request from a client IP: in the WebSocket envelope (id, status, type, result or error
 * fields, and any load warnings), or as a bare HTTP reply when the server's load limits refuse it.
 */
export type Answer = (request: Record<string, unknown>, ip: string) => HttpAnswer

export type HttpAnswer = { envelope: Record<string, unknown> } | HttpReply

interface HttpReply {
  status: number
  text: string
  contentType: string
}

const jsonReply = (body: Record<string, unknown>): HttpReply => ({
  status: 200,
  text: JSON.stringify(body),
  contentType: 'application/json',
})

/** Bodies larger than this are refused (rippled's own limit is larger; no real request comes near). */
const MAX_BODY_BYTES = 8 * 1024 * 1024

/** The HTTP reply to one JSON-RPC request: its JSON body, or the bare reply of a refusal. */
function reply(answer: Answer, body: unknown, ip: string): HttpReply {
  const method = isRecord(body) ? body.method : undefined
  const params = isRecord(body) && Array.isArray(body.params) ? (body.params[0] as unknown) : {}
  const request = { ...(isRecord(params) ? params : {}), command: method }
  if (method === 'subscribe' || method === 'unsubscribe') {
    return jsonReply({
      result: {
        error: 'notSupported',
        error_code: 75,
        error_message: 'The sandbox streams over WebSocket only.',
        request,
        status: 'error',
      },
    })
  }
  const answered = answer(request, ip)
  if (!('envelope' in answered)) return answered
  const { id: _id, type: _type, result, warning, warnings, ...rest } = answered.envelope
  const out = isRecord(result) ? { ...result, status: rest.status } : rest
  // rippled puts its load warning in the result; Clio's warnings (its load warning with them) beside it.
  if (warnings !== undefined)
    return jsonReply({ result: out, warnings, ...(warning ? { warning } : {}) })
  return jsonReply({ result: warning === undefined ? out : { ...out, warning } })
}

function onRequest(answer: Answer, req: IncomingMessage, res: ServerResponse): void {
  const send = (status: number, text: string, type = 'application/json') => {
    res.writeHead(status, { 'content-type': type })
    res.end(text)
  }
  if (!isLocalOrigin(req.headers.origin)) return send(403, 'Forbidden', 'text/plain')
  if (req.method !== 'POST') return send(405, 'Use POST with a JSON-RPC body.', 'text/plain')
  const chunks: Buffer[] = []
  let size = 0
  req.on('data', (chunk: Buffer) => {
    size += chunk.length
    if (size > MAX_BODY_BYTES) req.destroy()
    else chunks.push(chunk)
  })
  req.on('end', () => {
    let body: unknown
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'))
    } catch {
      return send(400, 'Unable to parse request: the body is not JSON.', 'text/plain')
    }
    const out = reply(answer, body, clientIp(req.socket.remoteAddress))
    send(out.status, out.text, out.contentType)
  })
}

/** Serves JSON-RPC on `port` (0: a free one); resolves to the port and a close function. */
export async function serveJsonRpc(
  answer: Answer,
  port: number,
  host: string,
): Promise<{ port: number; close: () => Promise<void> }> {
  const server = createServer((req, res) => onRequest(answer, req, res))
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, resolve)
  })
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
