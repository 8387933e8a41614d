/**
 * The Burn tab's filter (spec part 2 §2): All, one issuer, or one collection (issuer and taxon),
 * with the choices the wallet's NFTs offer. Pure.
 */
import type { NftItem } from '../../db/types/nfts.ts'
import { shortAddress } from '../../shared/format.ts'
import { collectionKey } from '../../shared/nftDisplay.ts'
import type { MetadataMap } from '../nfts/nftFilters.ts'

/** One value of the filter's second list. */
export interface BurnChoice {
  value: string
  label: string
  count: number
}

/** The issuers of the NFTs, most NFTs first. */
export function issuerChoices(nfts: readonly NftItem[]): BurnChoice[] {
  const counts = new Map<string, number>()
  for (const nft of nfts) counts.set(nft.issuer, (counts.get(nft.issuer) ?? 0) + 1)
  return [...counts]
    .map(([issuer, count]) => ({
      value: issuer,
      label: `${shortAddress(issuer)} (${count})`,
      count,
    }))
    .sort((a, b) => b.count - a.count || a.value.localeCompare(b.value))
}

/**
 * The collections of the NFTs, most NFTs first, named by their metadata's collection name when one
 * of their NFTs has it, else by taxon and issuer.
 */
export function collectionChoices(nfts: readonly NftItem[], metadata: MetadataMap): BurnChoice[] {
  const found = new Map<string, { count: number; name: string | null; nft: NftItem }>()
  for (const nft of nfts) {
    const key = collectionKey(nft)
    const entry = found.get(key) ?? { count: 0, name: null, nft }
    entry.count += 1
    entry.name ??= metadata.get(nft.nftId)?.collection?.trim() || null
    found.set(key, entry)
  }
  return [...found]
    .map(([value, { count, name, nft }]) => {
      const where = `taxon ${nft.taxon} of ${shortAddress(nft.issuer)}`
      return { value, label: `${name ? `${name} (${where})` : where} · ${count}`, count }
    })
    .sort((a, b) => b.count - a.count || a.label.localeCompare(b.label))
}

/** Whether an NFT passes the filter; a mode without a value passes everything. */
export function passesBurnFilter(
  nft: NftItem,
  mode: 'all' | 'issuer' | 'collection',
  value: string,
): boolean {
  if (mode === 'all' || !value) return true
  return mode === 'issuer' ? nft.issuer === value : collectionKey(nft) === value
}
