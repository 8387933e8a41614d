/**
 * Read-only views of the metadata cache, for the UI's `useLiveQuery` (the worker writes the rows as
 * fetches land, and Dexie re-runs these queries in the tab on each commit) and for the worker's own
 * statistics.
 */
import type { CacheStats } from '../types/metadata.ts'
import type { LedgerDb } from '../schema.ts'
import type { MetadataRow } from '../types/metadata.ts'

/**
 * The cached metadata of the given NFTs, by NFTokenID; NFTs without an entry are absent (their
 * metadata is still loading, or was never asked for).
 *
 * @example
 * ```ts
 * const rows = useLiveQuery(() => metadataByIds(db, ids), [db, ids])
 * ```
 */
export async function metadataByIds(
  db: LedgerDb,
  nftIds: readonly string[],
): Promise<Map<string, MetadataRow>> {
  const rows = await db.metadata.bulkGet([...nftIds])
  const out = new Map<string, MetadataRow>()
  for (const row of rows) if (row) out.set(row.nftId, row)
  return out
}

/** Total approximate size of the cache, in bytes. */
export async function cacheUsageBytes(db: LedgerDb): Promise<number> {
  let bytes = 0
  await db.metadata.each((row) => {
    bytes += row.sizeBytes
  })
  return bytes
}

/**
 * The spec's cache statistics: entries of the current wallet's NFTs, all entries, and the size in
 * KB (one decimal).
 *
 * @param walletNftIds - the NFTs of the current account (empty when none is connected).
 */
export async function cacheStats(
  db: LedgerDb,
  walletNftIds: readonly string[],
): Promise<CacheStats> {
  return db.transaction('r', db.metadata, async () => {
    const walletEntries = walletNftIds.length
      ? await db.metadata
          .where('nftId')
          .anyOf([...walletNftIds])
          .count()
      : 0
    const totalEntries = await db.metadata.count()
    const sizeKb = Math.round((await cacheUsageBytes(db)) / 102.4) / 10
    return { walletEntries, totalEntries, sizeKb }
  })
}

/**
 * The spec's Metadata Status filter classes (part 1 §5): 'loaded' when the NFT has both a name and
 * an image, 'basic' when it has neither (or no entry yet), 'partial' otherwise (shown only under
 * "all").
 */
export function metadataFilterClass(row: MetadataRow | undefined): 'loaded' | 'basic' | 'partial' {
  const name = Boolean(row?.name)
  // A video or a sound counts as the picture: real collections publish NFTs that have only those.
  const image = Boolean(row?.image || row?.animation)
  if (name && image) return 'loaded'
  return name || image ? 'partial' : 'basic'
}
