/**
 * NFT snapshots, worker side: the last loaded NFT list of each account on each network (the UI reads
 * them through `queries/nfts.ts`). Each change is one Dexie write, so a crash leaves either the old
 * snapshot or the new one, never a mix.
 */
import { nftsBurnedAfter } from './jobNfts.ts'
import { nftSnapshot } from './queries/nfts.ts'
import type { LedgerDb } from './schema.ts'
import type { NftSnapshotRow } from './types/nfts.ts'
import type { NetworkId } from '../shared/networks.ts'

/**
 * Saves a list just read from the ledger as the account's snapshot, without the NFTs its burn jobs
 * burned in a later ledger (a burn validated while the list was read): in one transaction with the
 * job items, so a burn recorded meanwhile is either seen here or removes its NFT after this write.
 *
 * @param since - Unix ms when the reading started: only burn jobs updated since then are looked at.
 * @param leftAfter - NFTs the ledger stream saw leave the account in a later ledger than the list's
 *   (an airdrop offer accepted while the list was read): left out too.
 * @returns the list as saved.
 */
export async function saveReadSnapshot(
  db: LedgerDb,
  row: NftSnapshotRow,
  since: number,
  leftAfter: ReadonlySet<string> = new Set(),
): Promise<NftSnapshotRow> {
  return await db.transaction('rw', db.jobs, db.jobItems, db.nftSnapshots, async () => {
    const burned = await nftsBurnedAfter(db, row.network, row.account, row.ledgerIndex, since)
    const gone = (id: string) => burned.has(id) || leftAfter.has(id)
    const saved =
      burned.size || leftAfter.size ? { ...row, nfts: row.nfts.filter((n) => !gone(n.nftId)) } : row
    await db.nftSnapshots.put(saved)
    return saved
  })
}

/**
 * Saves (replaces) the snapshot of `row.network` + `row.account`.
 *
 * @param db - the app's database.
 * @param row - the complete list; it replaces the previous one whole.
 */
export async function saveNftSnapshot(db: LedgerDb, row: NftSnapshotRow): Promise<void> {
  await db.nftSnapshots.put(row)
}

/**
 * The snapshot of an account on a network, if one was ever saved.
 *
 * @param db - the app's database.
 * @param network - the network.
 * @param account - the account's classic address.
 */
export function readNftSnapshot(
  db: LedgerDb,
  network: NetworkId,
  account: string,
): Promise<NftSnapshotRow | undefined> {
  return nftSnapshot(db, network, account)
}

/**
 * Removes NFTs from a snapshot (they were burned or transferred), keeping its ledger index and load
 * time. Does nothing when there is no snapshot.
 *
 * @param db - the app's database.
 * @param network - the network.
 * @param account - the account's classic address.
 * @param nftIds - NFTokenIDs to remove; ids not in the snapshot are ignored.
 * @returns how many NFTs were removed.
 */
export async function removeFromNftSnapshot(
  db: LedgerDb,
  network: NetworkId,
  account: string,
  nftIds: Iterable<string>,
): Promise<number> {
  const gone = new Set([...nftIds].map((id) => id.toUpperCase()))
  return await db.transaction('rw', db.nftSnapshots, async () => {
    const row = await db.nftSnapshots.get([network, account])
    if (!row) return 0
    const nfts = row.nfts.filter((nft) => !gone.has(nft.nftId))
    const removed = row.nfts.length - nfts.length
    if (removed > 0) await db.nftSnapshots.put({ ...row, nfts })
    return removed
  })
}

/**
 * Forgets burned NFTs on this device at once: they leave the account's snapshot (the list the UI
 * shows) and the metadata cache, in one transaction.
 *
 * @returns how many NFTs left the snapshot.
 */
export async function forgetBurnedNfts(
  db: LedgerDb,
  network: NetworkId,
  account: string,
  nftIds: readonly string[],
): Promise<number> {
  if (nftIds.length === 0) return 0
  const ids = nftIds.map((id) => id.toUpperCase())
  return await db.transaction('rw', db.nftSnapshots, db.metadata, async () => {
    await db.metadata.bulkDelete(ids)
    return await removeFromNftSnapshot(db, network, account, ids)
  })
}
