/**
 * The catalogue's bad metadata: error statuses, bodies that are not a JSON object, an oversized
 * document, an HTML page, and hostile documents. They exist so the app proves invariant 5 (untrusted
 * metadata is bounded, rendered as text, and only safe URL schemes are followed) against real bytes.
 */
import { mediaUri } from './catalogDocuments.ts'
import type { DocumentContext } from './catalogDocuments.ts'
import { GATEWAY_PLACEHOLDER } from './catalogTypes.ts'
import type { GatewayAnswer } from './catalogTypes.ts'

/** JSON content type the gateway uses for every metadata document. */
export const JSON_TYPE = 'application/json; charset=utf-8'

/** Size of the oversized documents: beyond the 2 MB a client should accept. */
export const OVERSIZED_BYTES = 2.5 * 1024 * 1024
/** Length of the hostile long strings. */
export const HOSTILE_STRING_LENGTH = 100 * 1024

/** A 200 JSON answer. */
export function jsonAnswer(text: string, delayMs?: number): GatewayAnswer {
  const answer: GatewayAnswer = { status: 200, contentType: JSON_TYPE, body: text }
  if (delayMs !== undefined) answer.delayMs = delayMs
  return answer
}

/** Five ways of being "200 OK, JSON" without being a JSON object; `variant` picks one. */
export function malformedAnswer(ctx: DocumentContext, variant: number): GatewayAnswer {
  const name = `${ctx.name} #${ctx.index}`
  const bodies = [
    `{"name": "${name}", "image": "ipfs://`,
    `{name: '${name}', image: 'unquoted keys'}`,
    '[1, 2, 3]',
    'null',
    '',
  ]
  return jsonAnswer(bodies[variant % bodies.length] ?? '')
}

/** A valid JSON document of {@link OVERSIZED_BYTES}, mostly one long description. */
export function oversizedAnswer(ctx: DocumentContext): GatewayAnswer {
  const document = {
    name: `${ctx.name} #${ctx.index}`,
    image: mediaUri(ctx, 'ipfs'),
    description: 'x'.repeat(OVERSIZED_BYTES),
  }
  return jsonAnswer(JSON.stringify(document))
}

/** A gateway landing page where JSON was expected. */
export function htmlAnswer(): GatewayAnswer {
  const body =
    '<!DOCTYPE html><html><head><title>IPFS Gateway</title></head>' +
    '<body><h1>Welcome to the gateway</h1><p>Please enable JavaScript.</p></body></html>'
  return { status: 200, contentType: 'text/html; charset=utf-8', body }
}

/** A hostile document's text and the raw name it carries. */
export interface HostileDocument {
  text: string
  name: string
}

function deepCollection(depth: number): unknown {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = { name: value }
  return value
}

type HostileFields = (ctx: DocumentContext, n: number) => Record<string, unknown>

/** Built on demand: some variants are large, and a request needs only one. */
const HOSTILE_VARIANTS: HostileFields[] = [
  (_, n) => ({
    name: `<script>alert("name")</script>Hostile #${n}`,
    description: '<b onmouseover="alert(1)">hover me</b>',
    image: 'javascript:alert(document.cookie)',
  }),
  (_, n) => ({
    name: `<img src=x onerror="alert('xss')"> #${n}`,
    description: '<iframe src="javascript:alert(1)"></iframe>',
    image: 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  }),
  (ctx) => {
    const long = 'A'.repeat(HOSTILE_STRING_LENGTH)
    return { name: long, description: long, image: mediaUri(ctx, 'ipfs') }
  },
  (_, n) => ({
    name: `Scheme soup #${n}`,
    image: '  JaVaScRiPt:alert(1)',
    image_url: 'vbscript:msgbox(1)',
    animation_url: 'file:///etc/passwd',
  }),
  (ctx, n) => ({
    name: `Deep #${n}`,
    image: mediaUri(ctx, 'ipfs'),
    collection: deepCollection(1000),
    attributes: Array.from({ length: 5000 }, (_, i) => ({ trait_type: `t${i}`, value: i })),
  }),
  (ctx, n) => ({
    name: `\u202eevil\u202c\u200b #${n}`,
    description: '</textarea><script>alert(1)</script>',
    image: mediaUri(ctx, 'ipfs'), // hostile items' SVGs carry a script
  }),
  (ctx, n) => ({
    name: `Quote breaker #${n}`,
    image: `${GATEWAY_PLACEHOLDER}/ipfs/${ctx.dirCid}/img/${n}.svg" onerror="alert(1)`,
    collection: '"><script>alert(1)</script>',
    attributes: [{ trait_type: '<svg onload=alert(1)>', value: '<u>x</u>' }],
  }),
]

/**
 * Hostile documents; `variant` picks one of eight. Variant 7 is raw text because an object literal
 * cannot carry an own `__proto__` key through JSON.stringify.
 */
export function hostileDocument(ctx: DocumentContext, variant: number): HostileDocument {
  const which = variant % 8
  if (which === 7) {
    const name = `Proto #${ctx.index}`
    const text =
      `{"name":"${name}","__proto__":{"polluted":"yes","isAdmin":true},` +
      '"constructor":{"prototype":{"polluted":"yes"}},' +
      '"attributes":[{"trait_type":"__proto__","value":"x"},{"trait_type":"toString","value":1}]}'
    return { text, name }
  }
  const fields = HOSTILE_VARIANTS[which]?.(ctx, ctx.index) ?? {}
  return { text: JSON.stringify(fields), name: String(fields.name) }
}
