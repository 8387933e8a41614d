/**
 * Where an NFT's media is in its metadata document, and what kind it is. One precedence order,
 * written down here and applied by {@link mediaOf}:
 *
 * | order | field                         | kind when the address does not say      |
 * |-------|-------------------------------|-----------------------------------------|
 * | 1     | `image`                       | picture                                 |
 * | 2     | `image_url`, `imageUrl`       | picture                                 |
 * | 3     | `properties.image`            | picture                                 |
 * | 4     | `animation` (XLS-24)          | picture (XLS-24's animated image, a GIF)|
 * | 5     | `animation_url`               | video                                   |
 * | 6     | `video` (XLS-24)              | video                                   |
 * | 7     | `properties.animation_url`    | video                                   |
 * | 8     | `file` (XLS-24)               | only by its extension                   |
 * | 9     | `properties.files[]`          | by its `type` (a MIME type), else extension |
 * | 10    | `audio` (XLS-24)              | sound                                   |
 *
 * The kind comes first from what the address itself says (a file extension: `.mp4` in `image` is a
 * video), then from the field. The picture is the first picture found; the moving media is the first
 * video, else the first sound. A card shows the picture; only when there is none, the video (or a
 * sound beside the placeholder). A field that resolves to no safe address is skipped, so `image: ""`
 * (RipplePunks Rewind) falls through to the GIF in `animation`.
 */
import type { NftMedia } from '../../../db/types/metadata.ts'
import { isRecord } from '../../../shared/isRecord.ts'
import type { MediaKind } from './fetchText.ts'
import { own } from './parseDocument.ts'
import type { MetadataDocument } from './parseDocument.ts'

/** Safe addresses of a media reference, best first (empty when none is safe). */
export type MediaResolver = (reference: string) => string[]

/** The media of a document. */
export interface DocumentMedia {
  /** Addresses of the picture, best first; empty when there is none. */
  picture: string[]
  /** A video or a sound, or null. */
  animation: NftMedia | null
}

/** Extensions that say what a file is. Formats a browser cannot show (.glb, .html) say 'other'. */
const EXTENSIONS: Readonly<Record<string, MediaKind | 'other'>> = {
  png: 'image',
  jpg: 'image',
  jpeg: 'image',
  gif: 'image',
  webp: 'image',
  avif: 'image',
  apng: 'image',
  bmp: 'image',
  svg: 'image',
  mp4: 'video',
  m4v: 'video',
  webm: 'video',
  mov: 'video',
  ogv: 'video',
  mp3: 'audio',
  wav: 'audio',
  ogg: 'audio',
  oga: 'audio',
  flac: 'audio',
  m4a: 'audio',
  aac: 'audio',
  glb: 'other',
  gltf: 'other',
  html: 'other',
  htm: 'other',
  pdf: 'other',
  zip: 'other',
}

/** What an address's extension says, if anything. */
function kindByExtension(reference: string): MediaKind | 'other' | null {
  const path = reference.split('?', 1)[0] ?? ''
  const ext = /\.([a-z0-9]{2,5})$/i.exec(path)?.[1]?.toLowerCase()
  return ext ? (EXTENSIONS[ext] ?? null) : null
}

/** What a MIME type says, if anything. */
function kindByType(type: unknown): MediaKind | 'other' | null {
  if (typeof type !== 'string' || !type.includes('/')) return null
  const major = type.split('/', 1)[0]?.trim().toLowerCase()
  return major === 'image' || major === 'video' || major === 'audio' ? major : 'other'
}

/** A candidate: a reference, and its kind when nothing else says. */
interface Candidate {
  reference: unknown
  fallback: MediaKind | null
  type?: unknown
}

/** A reference that may arrive as `{url}`/`{uri}`/`{src}`/`{value}`. */
function referenceText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (!isRecord(value)) return null
  for (const key of ['url', 'uri', 'src', 'value']) {
    const inner = own(value, key)
    if (typeof inner === 'string') return inner
  }
  return null
}

/** Files listed under `properties.files` (at most 20: a card needs one). */
function listedFiles(properties: Record<string, unknown> | null): Candidate[] {
  const files = properties ? own(properties, 'files') : undefined
  if (!Array.isArray(files)) return []
  return (files as unknown[]).slice(0, 20).map((file) => ({
    reference: file,
    fallback: null,
    type: isRecord(file) ? (own(file, 'type') ?? own(file, 'mime')) : undefined,
  }))
}

function candidates(doc: MetadataDocument): Candidate[] {
  const properties = isRecord(own(doc, 'properties'))
    ? (own(doc, 'properties') as Record<string, unknown>)
    : null
  const prop = (key: string) => (properties ? own(properties, key) : undefined)
  return [
    { reference: own(doc, 'image'), fallback: 'image' },
    { reference: own(doc, 'image_url'), fallback: 'image' },
    { reference: own(doc, 'imageUrl'), fallback: 'image' },
    { reference: prop('image'), fallback: 'image' },
    { reference: own(doc, 'animation'), fallback: 'image' },
    { reference: own(doc, 'animation_url'), fallback: 'video' },
    { reference: own(doc, 'video'), fallback: 'video' },
    { reference: prop('animation_url'), fallback: 'video' },
    { reference: own(doc, 'file'), fallback: null },
    ...listedFiles(properties),
    { reference: own(doc, 'audio'), fallback: 'audio' },
  ]
}

/**
 * The picture and the moving media of a document, in the precedence order above.
 *
 * @param resolve - turns a reference into safe addresses (gateways for IPFS and Arweave).
 */
export function mediaOf(doc: MetadataDocument, resolve: MediaResolver): DocumentMedia {
  let picture: string[] = []
  let video: string[] = []
  let audio: string[] = []
  for (const candidate of candidates(doc)) {
    const reference = referenceText(candidate.reference)
    if (!reference?.trim()) continue
    const kind =
      kindByType(candidate.type) ?? kindByExtension(reference) ?? candidate.fallback ?? null
    if (kind === null || kind === 'other') continue
    const taken = kind === 'image' ? picture : kind === 'video' ? video : audio
    if (taken.length > 0) continue
    // Inline media other than raster images (data:video/…) is not kept: rows stay small.
    const urls = resolve(reference).filter((url) => kind === 'image' || /^https?:/i.test(url))
    if (urls.length === 0) continue
    if (kind === 'image') picture = urls
    else if (kind === 'video') video = urls
    else audio = urls
  }
  const animation: NftMedia | null =
    video.length > 0
      ? { kind: 'video', urls: video }
      : audio.length > 0
        ? { kind: 'audio', urls: audio }
        : null
  return { picture, animation }
}
