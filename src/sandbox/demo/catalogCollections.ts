/**
 * The demo collections: mint parameters plus, per item, how its metadata behaves (kind) and how its URI
 * is spelt (style). Everything is derived from the collection key and a seeded PRNG, so every run mints
 * and serves the same catalogue.
 */
import {
  badgeDocument,
  catDocument,
  glitchDocument,
  hordeDocument,
  relicDocument,
  voyagerDocument,
} from './catalogDocuments.ts'
import type { DocumentContext, MetadataDocument } from './catalogDocuments.ts'
import { randomFor } from './catalogRandom.ts'
import { TF_BURNABLE, TF_ONLY_XRP, TF_TRANSFERABLE } from './catalogTypes.ts'
import type { DemoCollection, DemoNftKind, DemoUriStyle } from './catalogTypes.ts'

/** How one item behaves; `variant` is its ordinal among items of the same kind. */
export interface ItemPlan {
  kind: DemoNftKind
  uriStyle: DemoUriStyle
  variant: number
}

/** A collection before its items are built: its mint parameters, and how to build each item. */
export interface CollectionSpec extends Pick<
  DemoCollection,
  'key' | 'name' | 'issuer' | 'taxon' | 'transferFee' | 'flags' | 'count'
> {
  /** CID version of the collection's directory and of its bare-CID items. */
  cidVersion: 0 | 1
  document: (ctx: DocumentContext) => MetadataDocument
  /** The plan of item `index` (1-based), undefined outside the collection. */
  planAt: (index: number) => ItemPlan | undefined
}

type PlanRun = [kind: DemoNftKind, count: number, style: DemoUriStyle]

/** Expands runs into plans, numbering variants per kind, then shuffles with a seeded PRNG. */
function plansFrom(key: string, runs: PlanRun[]): ItemPlan[] {
  const seen = new Map<DemoNftKind, number>()
  const plans: ItemPlan[] = []
  for (const [kind, count, uriStyle] of runs) {
    for (let i = 0; i < count; i++) {
      const variant = seen.get(kind) ?? 0
      seen.set(kind, variant + 1)
      plans.push({ kind, uriStyle, variant })
    }
  }
  // Interleave the bad items with the good so a first screenful already shows every failure mode.
  const random = randomFor(`${key}/plan`)
  for (let i = plans.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1))
    const swap = plans[i] as ItemPlan
    plans[i] = plans[j] as ItemPlan
    plans[j] = swap
  }
  return plans
}

function fromList(plans: ItemPlan[]): (index: number) => ItemPlan | undefined {
  return (index) => plans[index - 1]
}

function alternating(odd: PlanRun, even: PlanRun): (index: number) => ItemPlan | undefined {
  return (index) => {
    const [kind, , uriStyle] = index % 2 === 1 ? odd : even
    return { kind, uriStyle, variant: Math.floor((index - 1) / 2) }
  }
}

function uniform(kind: DemoNftKind, uriStyle: DemoUriStyle, count: number) {
  return (index: number): ItemPlan | undefined =>
    index >= 1 && index <= count ? { kind, uriStyle, variant: index - 1 } : undefined
}

const GLITCH_RUNS: PlanRun[] = [
  ['slow', 2, 'ipfs'],
  ['slow', 1, 'https'],
  ['failing', 3, 'ipfs'],
  ['failing', 2, 'https'],
  ['not-found', 2, 'ipfs'],
  ['not-found', 2, 'cid'],
  ['malformed', 5, 'ipfs'],
  ['oversized', 2, 'ipfs'],
  ['html', 2, 'ipfs'],
  ['hostile', 8, 'ipfs'],
  ['no-uri', 3, 'none'],
  ['broken-image', 3, 'ipfs'],
  ['data', 6, 'data'],
  ['ok', 10, 'cid'],
  ['ok', 9, 'ipfs'],
]

const RELIC_COUNT = 30
const VOYAGER_COUNT = 20

/** The demo collections, in minting order. */
export const DEMO_SPECS: readonly CollectionSpec[] = [
  {
    key: 'badges',
    name: 'Sandbox Badges',
    issuer: 'holder',
    taxon: 1,
    transferFee: 0,
    flags: TF_BURNABLE | TF_TRANSFERABLE,
    count: 60,
    cidVersion: 1,
    document: badgeDocument,
    planAt: uniform('https', 'https', 60),
  },
  {
    key: 'pixel-cats',
    name: 'Pixel Cats',
    issuer: 'artist',
    taxon: 2,
    transferFee: 2500,
    flags: TF_TRANSFERABLE | TF_ONLY_XRP,
    count: 80,
    cidVersion: 1,
    document: catDocument,
    planAt: uniform('ok', 'ipfs', 80),
  },
  {
    key: 'relics',
    name: 'Ancient Relics',
    issuer: 'artist',
    taxon: 7,
    transferFee: 0, // rippled refuses a transfer fee without tfTransferable
    flags: TF_BURNABLE,
    count: RELIC_COUNT,
    cidVersion: 0,
    document: relicDocument,
    planAt: (i) =>
      i >= 1 && i <= RELIC_COUNT
        ? alternating(['ok', 1, 'ipfs-ipfs'], ['ok', 1, 'cid'])(i)
        : undefined,
  },
  {
    key: 'voyagers',
    name: 'Voyagers',
    issuer: 'artist',
    taxon: 42,
    transferFee: 1000,
    flags: TF_BURNABLE | TF_TRANSFERABLE,
    count: VOYAGER_COUNT,
    cidVersion: 1,
    document: voyagerDocument,
    planAt: (i) =>
      i >= 1 && i <= VOYAGER_COUNT
        ? alternating(['arweave', 1, 'ar'], ['ok', 1, 'cid'])(i)
        : undefined,
  },
  {
    key: 'glitch',
    name: 'Glitch Garden',
    issuer: 'holder',
    taxon: 3,
    transferFee: 5000,
    flags: TF_BURNABLE | TF_TRANSFERABLE,
    count: 60,
    cidVersion: 1,
    document: glitchDocument,
    planAt: fromList(plansFrom('glitch', GLITCH_RUNS)),
  },
]

/** Highest index the gateway serves for the large collection, whatever count was minted. */
export const LARGE_ROUTE_MAX = 100_000

/** The "large holder" collection: `count` uniform, good items. */
export function largeSpec(count: number): CollectionSpec {
  return {
    key: 'horde',
    name: 'The Horde',
    issuer: 'holder',
    taxon: 99,
    transferFee: 0,
    flags: TF_BURNABLE | TF_TRANSFERABLE,
    count,
    cidVersion: 1,
    document: hordeDocument,
    planAt: uniform('ok', 'ipfs', count),
  }
}
