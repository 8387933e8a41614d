/**
 * From a parsed metadata document to the fields the app shows (spec part 1 §3): object-valued fields
 * flattened (name and collection through their `name` or `value` member, image through `url` or
 * `value`, description through `description` or `value`), every string cleaned and capped, image URLs
 * resolved and limited to safe schemes, attributes reduced to `{trait_type, value}` strings.
 */
import type { NftAttribute } from '../../../db/types/metadata.ts'
import { own } from './parseDocument.ts'
import type { MetadataDocument } from './parseDocument.ts'
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_TRAIT_LENGTH, cleanText } from './sanitize.ts'
import { isRecord } from '../../../shared/isRecord.ts'

/** Attributes kept per NFT: a card shows a handful; thousands are an attack, not art. */
export const MAX_ATTRIBUTES = 100

/** The shown fields of one NFT's metadata. */
export interface NormalizedMetadata {
  name: string | null
  description: string | null
  collection: string | null
  image: string | null
  attributes: NftAttribute[]
}

/** Turns an image reference into a safe URL (or null); supplied by the caller's gateways. */
export type MediaResolver = (reference: string) => string | null

/** A scalar as text: strings as they are, finite numbers and booleans printed, others nothing. */
function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (typeof value === 'number' && Number.isFinite(value)) return String(value)
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value)
  return null
}

/**
 * The text of a field that may arrive as an object: the first of `members` that is a scalar.
 * One level only: a `{name: {name: …}}` chain a thousand deep is not worth following.
 */
function flatten(value: unknown, members: readonly string[]): string | null {
  if (!isRecord(value)) return scalarText(value)
  for (const member of members) {
    const text = scalarText(own(value, member))
    if (text !== null) return text
  }
  return null
}

function text(value: unknown, members: readonly string[], max: number, multiline = false) {
  const raw = flatten(value, members)
  return raw === null ? null : cleanText(raw, max, multiline)
}

/** The first of image, image_url, animation_url that resolves to a safe URL. */
function imageOf(doc: MetadataDocument, resolveMedia: MediaResolver): string | null {
  for (const key of ['image', 'image_url', 'animation_url']) {
    const reference = flatten(own(doc, key), ['url', 'value'])
    const url = typeof reference === 'string' ? resolveMedia(reference) : null
    if (url) return url
  }
  return null
}

/** A trait value as text: scalars printed, `{value}`/`{name}` objects flattened, lists joined. */
function traitValue(value: unknown): string | null {
  if (Array.isArray(value)) {
    const parts = value.slice(0, 10).map((v) => flatten(v, ['value', 'name']))
    return parts.filter((p) => p !== null).join(', ')
  }
  return flatten(value, ['value', 'name'])
}

function attribute(type: unknown, value: unknown): NftAttribute | null {
  const trait_type = text(type, ['name', 'value'], MAX_TRAIT_LENGTH) ?? ''
  const raw = traitValue(value)
  const shown = (raw === null ? null : cleanText(raw, MAX_TRAIT_LENGTH)) ?? ''
  return trait_type || shown ? { trait_type, value: shown } : null
}

/**
 * Attributes from the usual array (`{trait_type, value}` objects or plain strings, which become
 * value-only traits with an empty type) or from a `{type: value}` map; at most
 * {@link MAX_ATTRIBUTES}.
 */
export function normalizeAttributes(value: unknown): NftAttribute[] {
  const entries: [unknown, unknown][] = Array.isArray(value)
    ? value.slice(0, MAX_ATTRIBUTES * 2).map((entry) => {
        if (!isRecord(entry)) return ['', entry]
        return [own(entry, 'trait_type') ?? own(entry, 'type'), own(entry, 'value')]
      })
    : isRecord(value)
      ? Object.entries(value).slice(0, MAX_ATTRIBUTES * 2)
      : []
  const out: NftAttribute[] = []
  for (const [type, v] of entries) {
    const a = attribute(type, v)
    if (a) out.push(a)
    if (out.length === MAX_ATTRIBUTES) break
  }
  return out
}

/**
 * The shown fields of a parsed document.
 *
 * @param doc - a JSON object from an untrusted source.
 * @param resolveMedia - resolves and vets image references.
 */
export function normalizeDocument(
  doc: MetadataDocument,
  resolveMedia: MediaResolver,
): NormalizedMetadata {
  return {
    name: text(own(doc, 'name'), ['name', 'value'], MAX_NAME_LENGTH),
    description: text(
      own(doc, 'description'),
      ['description', 'value'],
      MAX_DESCRIPTION_LENGTH,
      true,
    ),
    collection: text(own(doc, 'collection'), ['name', 'value'], MAX_NAME_LENGTH),
    image: imageOf(doc, resolveMedia),
    attributes: normalizeAttributes(own(doc, 'attributes')),
  }
}
