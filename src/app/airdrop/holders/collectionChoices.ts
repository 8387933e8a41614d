/**
 * The holder snapshot's 'Your collections': the wallet's collections (issuer and taxon) named as the
 * NFT cards and the collection filter name them, by the metadata's `collection`, with the issuer and
 * taxon kept beside the name. Pure.
 */
import type { NftItem } from '../../../db/types/nfts.ts'
import { shortAddress } from '../../../shared/format.ts'
import type { MetadataMap } from '../../collection/nftFilters.ts'
import { truncateOption } from '../../collection/nftFilters.ts'

/** The longest collection name an option shows (the full name is in its title). */
export const CHOICE_NAME_MAX_CHARS = 40

/** One collection of the wallet's list. */
export interface CollectionChoice {
  issuer: string
  taxon: number
  /** The wallet's NFTs of it. */
  count: number
  /** The name most of its NFTs' metadata give, or null while none is known. */
  name: string | null
  /**
   * What the option says: the name (with the issuer and taxon when another collection has the same
   * name), or 'rAbc...wxyz · taxon 2' when no name is known.
   */
  label: string
  /** The issuer and taxon in full: 'Issuer r… · taxon 2'. */
  detail: string
}

/** The value of a choice in the select ('issuer|taxon'). */
export function choiceValue(choice: { issuer: string; taxon: number }): string {
  return `${choice.issuer}|${choice.taxon}`
}

/** The name most of the names give (the first in alphabetical order on a tie), or null. */
function commonName(names: ReadonlyMap<string, number>): string | null {
  let best: string | null = null
  let most = 0
  for (const [name, n] of names) {
    if (n > most || (n === most && best !== null && name.localeCompare(best) < 0)) {
      best = name
      most = n
    }
  }
  return best
}

/**
 * The wallet's collections, the most held first, each named by its NFTs' metadata.
 *
 * @param metadata - the metadata rows loaded so far (NFTs without one do not name their collection).
 */
export function collectionChoices(
  nfts: readonly NftItem[],
  metadata: MetadataMap,
): CollectionChoice[] {
  const byKey = new Map<
    string,
    { issuer: string; taxon: number; count: number; names: Map<string, number> }
  >()
  for (const nft of nfts) {
    const key = choiceValue(nft)
    const known = byKey.get(key) ?? {
      issuer: nft.issuer,
      taxon: nft.taxon,
      count: 0,
      names: new Map<string, number>(),
    }
    known.count += 1
    const name = metadata.get(nft.nftId)?.collection?.trim()
    if (name) known.names.set(name, (known.names.get(name) ?? 0) + 1)
    byKey.set(key, known)
  }
  const named = [...byKey.values()]
    .sort((a, b) => b.count - a.count)
    .map(({ issuer, taxon, count, names }) => ({ issuer, taxon, count, name: commonName(names) }))
  const uses = new Map<string, number>()
  for (const { name } of named) if (name) uses.set(name, (uses.get(name) ?? 0) + 1)
  return named.map((choice) => {
    const where = `${shortAddress(choice.issuer)} · taxon ${choice.taxon}`
    const name = choice.name && truncateOption(choice.name, CHOICE_NAME_MAX_CHARS)
    // Two collections may share a name (a copy of a known one, say): the issuer tells them apart.
    const label = name ? (uses.get(choice.name!)! > 1 ? `${name} (${where})` : name) : where
    return { ...choice, label, detail: `Issuer ${choice.issuer} · taxon ${choice.taxon}` }
  })
}
