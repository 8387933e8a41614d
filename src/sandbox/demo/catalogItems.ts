/**
 * From a collection spec to what is minted (DemoNft: URI and expected name) and what is served
 * (GatewayAnswer for the item's document and media). Both sides derive from the same plan, so a URI
 * always resolves to the behaviour its kind promises.
 */
import { plainAnswer } from '../gateway/responses.ts'
import {
  hostileDocument,
  htmlAnswer,
  jsonAnswer,
  malformedAnswer,
  oversizedAnswer,
} from './catalogBroken.ts'
import type { CollectionSpec, ItemPlan } from './catalogCollections.ts'
import { compactDocument, mediaUri } from './catalogDocuments.ts'
import type { DocumentContext } from './catalogDocuments.ts'
import { CODEC_DAG_PB, CODEC_RAW, arweaveId, cidV0, cidV1 } from './catalogEncoding.ts'
import { animatedSvg, hostileSvg, pngImage, svgImage } from './catalogMedia.ts'
import { GATEWAY_PLACEHOLDER, SLOW_DELAY_MS } from './catalogTypes.ts'
import type { DemoNft, GatewayAnswer } from './catalogTypes.ts'

const SEED_PREFIX = 'xrpl-nft-manager:demo'

/** The CID of a collection's IPFS directory. */
export function dirCidOf(spec: CollectionSpec): string {
  const seed = `${SEED_PREFIX}:dir:${spec.key}`
  return spec.cidVersion === 0 ? cidV0(seed) : cidV1(seed, CODEC_DAG_PB)
}

/** The CID of an item's own JSON document (bare-CID URIs): raw codec for v1, as single uploads are. */
export function itemCidOf(spec: CollectionSpec, index: number): string {
  const seed = `${SEED_PREFIX}:item:${spec.key}:${index}`
  return spec.cidVersion === 0 ? cidV0(seed) : cidV1(seed, CODEC_RAW)
}

/** The Arweave transaction id of an item's document. */
export function arIdOf(spec: CollectionSpec, index: number): string {
  return arweaveId(`${SEED_PREFIX}:ar:${spec.key}:${index}`)
}

function contextOf(spec: CollectionSpec, dirCid: string, index: number): DocumentContext {
  return { key: spec.key, name: spec.name, dirCid, index }
}

function flattenName(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (value !== null && typeof value === 'object') {
    const { name, value: inner } = value as { name?: unknown; value?: unknown }
    if (typeof name === 'string') return name
    if (typeof inner === 'string') return inner
  }
  return null
}

/** A served document's text and the name a correct client derives from it. */
interface ItemDocument {
  text: string
  name: string
}

/** The document of an item that has a usable one (undefined for the broken kinds). */
function usableDocument(
  ctx: DocumentContext,
  spec: CollectionSpec,
  plan: ItemPlan,
): ItemDocument | undefined {
  switch (plan.kind) {
    case 'failing':
    case 'not-found':
    case 'malformed':
    case 'oversized':
    case 'html':
    case 'no-uri':
      return undefined
    case 'hostile':
      return hostileDocument(ctx, plan.variant)
    case 'data':
      return documentOf(compactDocument(ctx))
    case 'broken-image':
      return documentOf({ ...spec.document(ctx), image: brokenImage(ctx) })
    default:
      return documentOf(spec.document(ctx))
  }
}

function brokenImage(ctx: DocumentContext): string {
  return mediaUri(ctx, 'ipfs', `img/missing-${ctx.index}.svg`)
}

function documentOf(document: Record<string, unknown>): ItemDocument {
  return { text: JSON.stringify(document), name: flattenName(document.name) ?? '' }
}

function uriOf(ctx: DocumentContext, spec: CollectionSpec, plan: ItemPlan, text: string) {
  const n = ctx.index
  switch (plan.uriStyle) {
    case 'ipfs':
      return `ipfs://${ctx.dirCid}/${n}.json`
    case 'ipfs-ipfs':
      return `ipfs://ipfs/${ctx.dirCid}/${n}.json`
    case 'cid':
      return itemCidOf(spec, n)
    case 'https':
      return `${GATEWAY_PLACEHOLDER}/meta/${spec.key}/${n}.json`
    case 'ar':
      return `ar://${arIdOf(spec, n)}`
    case 'data':
      // One percent-encoded variant: clients must handle both data: encodings.
      return plan.variant % 6 === 5
        ? `data:application/json;charset=utf-8,${encodeURIComponent(text)}`
        : `data:application/json;base64,${Buffer.from(text, 'utf8').toString('base64')}`
    case 'none':
      return null
  }
}

/** The DemoNft minted for item `index` of `spec`. */
export function buildItem(spec: CollectionSpec, dirCid: string, index: number): DemoNft {
  const plan = spec.planAt(index)
  if (!plan) throw new RangeError(`${spec.key}: no item ${index}`)
  const ctx = contextOf(spec, dirCid, index)
  const document = usableDocument(ctx, spec, plan)
  return {
    index,
    uri: uriOf(ctx, spec, plan, document?.text ?? ''),
    kind: plan.kind,
    uriStyle: plan.uriStyle,
    name: document?.name ?? null,
  }
}

/** What the gateway answers for item `index`'s metadata document. */
export function documentAnswer(spec: CollectionSpec, dirCid: string, index: number) {
  const plan = spec.planAt(index)
  if (!plan) return undefined
  const ctx = contextOf(spec, dirCid, index)
  switch (plan.kind) {
    case 'failing':
      return plainAnswer(500, 'Internal Server Error')
    case 'not-found':
      return plainAnswer(404, 'Not Found')
    case 'malformed':
      return malformedAnswer(ctx, plan.variant)
    case 'oversized':
      return oversizedAnswer(ctx)
    case 'html':
      return htmlAnswer()
    default: {
      // no-uri items are never referenced, but serving their would-be document keeps routes uniform.
      const text = usableDocument(ctx, spec, plan)?.text ?? JSON.stringify(spec.document(ctx))
      return jsonAnswer(text, plan.kind === 'slow' ? SLOW_DELAY_MS : undefined)
    }
  }
}

/** What the gateway answers for `<folder>/<index>.<ext>` of a collection (img or anim). */
export function mediaAnswer(
  spec: CollectionSpec,
  index: number,
  folder: string,
  ext: string,
): GatewayAnswer | undefined {
  const plan = spec.planAt(index)
  if (!plan) return undefined
  const seedKey = `${spec.key}/${index}`
  if (folder === 'img' && ext === 'png') return pngImage(seedKey)
  if (folder === 'img' && ext === 'svg') {
    return plan.kind === 'hostile' ? hostileSvg() : svgImage(seedKey, `#${index}`)
  }
  if (folder === 'anim' && ext === 'svg') return animatedSvg(seedKey, `#${index}`)
  return undefined
}
