/**
 * NFTs' names as their cards show them, from the metadata cache: the worker names NFTs in what it
 * tells the user (pre-flight's problems) the way the user picked them.
 */
import type { LedgerDb } from './schema.ts'

/**
 * The cached names of `nftIds`, by id: those whose metadata was read and has a name (an NFT without
 * one is named by its card as 'NFT #serial', which says less than its id: it is left out).
 */
export async function cardNames(
  db: LedgerDb,
  nftIds: readonly string[],
): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  if (nftIds.length === 0) return names
  const rows = await db.metadata.bulkGet([...new Set(nftIds)])
  for (const row of rows) {
    // The card's own rule (shared/nftDisplay.ts displayName): a blank name counts as none.
    const name = row?.status === 'loaded' ? row.name?.trim() : undefined
    if (row && name) names.set(row.nftId, name)
  }
  return names
}
