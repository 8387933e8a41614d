/**
 * What 'Use this distribution' changed in the Upload Distribution List, in words: the recipients and
 * NFTs now loaded from the holder snapshot, and the list they replace. Pure.
 */
import { counted } from '../../shared/plural.ts'
import type { DistributionFile, SnapshotDistribution } from '../../worker/api.ts'

function sizeOf(file: DistributionFile): string {
  return `${counted(file.rows.length, 'recipient')} and ${counted(file.nftsRequested, 'NFT')}`
}

/**
 * The note for `next` loaded in place of `previous` (null when nothing was loaded).
 *
 * @returns e.g. 'Now loaded from the holder snapshot at ledger 812: 3 recipients and 3 NFTs, in place
 *   of recipients.csv (10 recipients and 10 NFTs).'
 */
export function loadedNote(
  next: SnapshotDistribution,
  previous: DistributionFile | SnapshotDistribution | null,
): string {
  const now = `from the holder snapshot at ledger ${next.snapshot.ledgerIndex}: ${sizeOf(next)}`
  if (previous === next) return `Already loaded ${now}.`
  if (previous === null) return `Now loaded ${now}.`
  const was =
    'snapshot' in previous
      ? `the distribution loaded before (${sizeOf(previous)})`
      : `${previous.fileName} (${sizeOf(previous)})`
  return `Now loaded ${now}, in place of ${was}.`
}
