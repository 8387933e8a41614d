/**
 * Incremental reads of the metadata cache for the collection view: while the worker streams metadata
 * in, the UI reads only the rows written since its last read (the `fetchedAt` index), not the whole
 * list on every commit.
 */
import type { LedgerDb } from '../schema.ts'
import type { MetadataRow } from '../types/metadata.ts'

/**
 * Metadata rows fetched at or after `since` (Unix ms) whose NFT is in `nftIds`.
 *
 * @param nftIds - the NFTs of interest (rows of other accounts' NFTs are skipped).
 */
export async function metadataFetchedSince(
  db: LedgerDb,
  since: number,
  nftIds: ReadonlySet<string>,
): Promise<MetadataRow[]> {
  const rows = await db.metadata.where('fetchedAt').aboveOrEqual(since).toArray()
  return rows.filter((row) => nftIds.has(row.nftId))
}
