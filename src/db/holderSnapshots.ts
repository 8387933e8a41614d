/**
 * Holder snapshots, worker side: the reading of a collection's holders, saved after each page so that
 * a reload resumes it at the same ledger instead of starting over.
 */
import type { LedgerDb } from './schema.ts'
import type { HolderCheck, HolderSnapshotRow } from './types/holders.ts'
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

/**
 * Adds what another server said of some holders to a finished snapshot, unless the snapshot stored
 * is no longer that reading (taken again meanwhile): a check of one ledger never lands on another's.
 *
 * @param reading - the snapshot the checks were made for: its id, when it started and its ledger.
 * @returns whether they were saved.
 */
export async function saveHolderChecks(
  db: LedgerDb,
  reading: Pick<HolderSnapshotRow, 'id' | 'startedAt' | 'ledgerIndex'>,
  checks: Record<string, HolderCheck>,
): Promise<boolean> {
  return await db.transaction('rw', db.holderSnapshots, async () => {
    const row = await db.holderSnapshots.get(reading.id)
    const same =
      row?.complete === true &&
      row.startedAt === reading.startedAt &&
      row.ledgerIndex === reading.ledgerIndex
    if (!same) return false
    await db.holderSnapshots.put({ ...row, checks: { ...row.checks, ...checks } })
    return true
  })
}
