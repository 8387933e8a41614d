/**
 * Holder snapshots, worker side: the reading of a collection's holders, saved after each page so that
 * a reload resumes it at the same ledger instead of starting over.
 */
import type { LedgerDb } from './schema.ts'
import type { HolderSnapshotRow } from './types/holders.ts'
import type { NetworkId } from '../shared/networks.ts'

/** The id of the snapshot of `issuer` (and `taxon`, or every taxon) on `network`. */
export function holderSnapshotId(network: NetworkId, issuer: string, taxon: number | null): string {
  return `${network}|${issuer}|${taxon ?? '*'}`
}

/** The stored snapshot (finished or not), or undefined. */
export async function readHolderSnapshot(
  db: LedgerDb,
  id: string,
): Promise<HolderSnapshotRow | undefined> {
  return await db.holderSnapshots.get(id)
}

/** Saves (replaces) a snapshot as read so far. */
export async function saveHolderSnapshot(db: LedgerDb, row: HolderSnapshotRow): Promise<void> {
  await db.holderSnapshots.put(row)
}
