/**
 * From a parsed metadata document to the fields the app shows (spec part 1 §3): object-valued fields
 * flattened (name and collection through their `name` or `value` member, description through
 * `description` or `value`), every string cleaned and capped, media found in the precedence order of
 * mediaFields.ts and limited to safe addresses, attributes reduced to `{trait_type, value}` strings.
 *
 * Each field is read from the first place that has it, in this order (XLS-24 first, then the common
 * non-standard spellings real collections use):
 * - name: `name`, `title`, `properties.name`;
 * - description: `description`, `properties.description`;
 * - collection: `collection` (a string, XLS-24's `{name, family}`, or a list whose first entry
 *   counts), `collection_name`, `properties.collection`;
 * - attributes: `attributes`, `properties.attributes`, `traits` (each a list or a `{type: value}` map);
 * - media: see mediaFields.ts.
 */
import type { NftAttribute, NftMedia } from '../../../db/types/metadata.ts'
import { own } from './parseDocument.ts'
import type { MetadataDocument } from './parseDocument.ts'
import { mediaOf } from './mediaFields.ts'
import type { MediaResolver } from './mediaFields.ts'
import { MAX_DESCRIPTION_LENGTH, MAX_NAME_LENGTH, MAX_TRAIT_LENGTH, cleanText } from './sanitize.ts'
import { isRecord } from '../../../shared/isRecord.ts'

export type { MediaResolver } from './mediaFields.ts'

/** Attributes kept per NFT: a card shows a handful; thousands are an attack, not art. */
export const MAX_ATTRIBUTES = 100

/** The shown fields of one NFT's metadata. */
export interface NormalizedMetadata {
  name: string | null
  description: string | null
  collection: string | null
  image: string | null
  /** Every address of the picture, `image` first. */
  imageUrls: string[]
  animation: NftMedia | null
  attributes: NftAttribute[]
}

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

/** The first of `values` that gives text. */
function firstText(
  values: readonly unknown[],
  members: readonly string[],
  max: number,
  multiline = false,
): string | null {
  for (const value of values) {
    const found = text(value, members, max, multiline)
    if (found !== null) return found
  }
  return null
}

/** A collection given as a list (`["XFLOKI"]`, `[{name}]`): its first entry that has a name. */
function firstOfList(value: unknown): unknown {
  return Array.isArray(value) ? value.slice(0, 10) : [value]
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
  const properties = isRecord(own(doc, 'properties'))
    ? (own(doc, 'properties') as Record<string, unknown>)
    : {}
  const media = mediaOf(doc, resolveMedia)
  const attributes = [own(doc, 'attributes'), own(properties, 'attributes'), own(doc, 'traits')]
    .map(normalizeAttributes)
    .find((list) => list.length > 0)
  return {
    name: firstText(
      [own(doc, 'name'), own(doc, 'title'), own(properties, 'name')],
      ['name', 'value'],
      MAX_NAME_LENGTH,
    ),
    description: firstText(
      [own(doc, 'description'), own(properties, 'description')],
      ['description', 'value'],
      MAX_DESCRIPTION_LENGTH,
      true,
    ),
    collection: firstText(
      [
        ...(firstOfList(own(doc, 'collection')) as unknown[]),
        own(doc, 'collection_name'),
        ...(firstOfList(own(properties, 'collection')) as unknown[]),
      ],
      ['name', 'value'],
      MAX_NAME_LENGTH,
    ),
    image: media.picture[0] ?? null,
    imageUrls: media.picture,
    animation: media.animation,
    attributes: attributes ?? [],
  }
}
