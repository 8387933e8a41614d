/**
 * Good metadata documents, one builder per collection style. Together they cover the shapes real XRPL
 * collections publish (XLS-24 `nftType`, `image` vs `image_url` vs `animation_url`, `collection` as an
 * object or a string, attributes as `{trait_type, value}` or plain strings, object-valued fields that
 * clients must flatten), so the app's normaliser meets each of them.
 */
import { intBetween, pick, randomFor } from './catalogRandom.ts'
import { GATEWAY_PLACEHOLDER } from './catalogTypes.ts'

/** A metadata document before serialisation. */
export type MetadataDocument = Record<string, unknown>

/** Where a document is built for: its collection and its 1-based index. */
export interface DocumentContext {
  key: string
  name: string
  dirCid: string
  index: number
}

/** How an image reference is spelt inside a document. */
export type MediaForm = 'ipfs' | 'ipfs-ipfs' | 'gateway-ipfs' | 'meta'

/** The URL of an item's media file (`img/<n>.svg` by default) in the given spelling. */
export function mediaUri(ctx: DocumentContext, form: MediaForm, file?: string): string {
  const rest = file ?? `img/${ctx.index}.svg`
  switch (form) {
    case 'ipfs':
      return `ipfs://${ctx.dirCid}/${rest}`
    case 'ipfs-ipfs':
      return `ipfs://ipfs/${ctx.dirCid}/${rest}`
    case 'gateway-ipfs':
      return `${GATEWAY_PLACEHOLDER}/ipfs/${ctx.dirCid}/${rest}`
    case 'meta':
      return `${GATEWAY_PLACEHOLDER}/meta/${ctx.key}/${rest}`
  }
}

function title(ctx: DocumentContext): string {
  return `${ctx.name} #${ctx.index}`
}

/** Sandbox Badges: plain strings, a gateway-hosted image (PNG for the first four), numeric traits. */
export function badgeDocument(ctx: DocumentContext): MetadataDocument {
  const random = randomFor(`${ctx.key}/${ctx.index}`)
  const file = ctx.index <= 4 ? `img/${ctx.index}.png` : undefined
  return {
    name: title(ctx),
    description: `Awarded for completing sandbox quest ${ctx.index}.`,
    [ctx.index % 5 === 0 ? 'image_url' : 'image']: mediaUri(ctx, 'meta', file),
    collection: ctx.name,
    attributes: [
      { trait_type: 'Tier', value: pick(random, ['Bronze', 'Silver', 'Gold', 'Platinum']) },
      { trait_type: 'Level', value: intBetween(random, 1, 10) },
      { trait_type: 'Quest', value: `Q${ctx.index}` },
    ],
  }
}

/** Pixel Cats: XLS-24 style, `collection` as `{name, family}`, some attribute lists of strings. */
export function catDocument(ctx: DocumentContext): MetadataDocument {
  const random = randomFor(`${ctx.key}/${ctx.index}`)
  const fur = pick(random, ['Tabby', 'Calico', 'Tuxedo', 'Ginger', 'Void'])
  const eyes = pick(random, ['Green', 'Amber', 'Blue', 'Odd'])
  const forms: MediaForm[] = ['ipfs', 'ipfs', 'ipfs-ipfs', 'gateway-ipfs']
  const attributes =
    ctx.index % 7 === 0
      ? [fur, `${eyes} eyes`, 'Rare']
      : [
          { trait_type: 'Fur', value: fur },
          { trait_type: 'Eyes', value: eyes },
          { trait_type: 'Lives', value: 9 },
          { trait_type: 'Curious', value: random() < 0.5 },
          { trait_type: 'Rarity', value: 'Common', description: 'Most cats are common.' },
        ]
  return {
    nftType: 'art.v0',
    name: title(ctx),
    description: `A ${fur.toLowerCase()} pixel cat with ${eyes.toLowerCase()} eyes.`,
    image: mediaUri(ctx, forms[ctx.index % forms.length] ?? 'ipfs'),
    collection: { name: ctx.name, family: 'Pixel Zoo' },
    attributes,
  }
}

/** Ancient Relics: object-valued name, description, image, collection and trait values. */
export function relicDocument(ctx: DocumentContext): MetadataDocument {
  const random = randomFor(`${ctx.key}/${ctx.index}`)
  const material = pick(random, ['Bronze', 'Obsidian', 'Jade', 'Gold'])
  const description = `A ${material.toLowerCase()} relic recovered from site ${ctx.index}.`
  const image = mediaUri(ctx, 'ipfs-ipfs')
  return {
    name: ctx.index % 2 === 1 ? { value: title(ctx) } : title(ctx),
    description: [{ description }, { value: description }, description][ctx.index % 3],
    image: [{ url: image }, { value: image }, image][ctx.index % 3],
    collection: ctx.index % 4 === 0 ? ctx.name : { name: ctx.name, family: 'Relic Hunters' },
    attributes: [
      { trait_type: 'Material', value: { value: material } },
      { trait_type: 'Age', value: intBetween(random, 300, 4000) },
      { trait_type: 'Origin', value: { name: pick(random, ['Atlantis', 'Mu', 'Thule']) } },
    ],
  }
}

/** Voyagers: no `image` at all: `image_url` on odd items, only `animation_url` on even ones. */
export function voyagerDocument(ctx: DocumentContext): MetadataDocument {
  const random = randomFor(`${ctx.key}/${ctx.index}`)
  const media =
    ctx.index % 2 === 1
      ? { image_url: mediaUri(ctx, 'gateway-ipfs') }
      : { animation_url: mediaUri(ctx, 'ipfs', `anim/${ctx.index}.svg`) }
  return {
    name: title(ctx),
    description: `Voyage log ${ctx.index}.`,
    ...media,
    collection: ctx.name,
    attributes: [pick(random, ['Explorer', 'Navigator', 'Stowaway']), `Leg ${ctx.index}`],
    properties: { ship: { name: 'Sandbox Star', class: 'Clipper' } },
  }
}

/** Glitch Garden (good items): the plainest shape. */
export function glitchDocument(ctx: DocumentContext): MetadataDocument {
  const random = randomFor(`${ctx.key}/${ctx.index}`)
  return {
    name: title(ctx),
    description: 'A specimen from the garden where metadata goes wrong.',
    image: mediaUri(ctx, 'ipfs'),
    collection: ctx.name,
    attributes: [{ trait_type: 'Noise', value: intBetween(random, 1, 100) }],
  }
}

/** A document small enough to inline in a ≤ 256-byte `data:` URI. */
export function compactDocument(ctx: DocumentContext): MetadataDocument {
  return { name: title(ctx), image: mediaUri(ctx, 'ipfs') }
}

/** The Horde (large collection): cheap, uniform documents. */
export function hordeDocument(ctx: DocumentContext): MetadataDocument {
  const random = randomFor(`${ctx.key}/${ctx.index}`)
  return {
    name: title(ctx),
    description: `Member ${ctx.index} of a very large collection.`,
    image: mediaUri(ctx, 'ipfs'),
    collection: { name: ctx.name, family: 'Sandbox' },
    attributes: [
      { trait_type: 'Rank', value: pick(random, ['Private', 'Sergeant', 'Captain', 'General']) },
      { trait_type: 'Banner', value: pick(random, ['Red', 'Blue', 'Black', 'White']) },
    ],
  }
}
