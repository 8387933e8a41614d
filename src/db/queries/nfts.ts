/**
 * Read-only NFT snapshot queries for the UI's `useLiveQuery` (the worker writes them; Dexie
 * broadcasts its commits, so a query re-runs when a load finishes).
 *
 * @example
 * ```ts
 * const snapshot = useLiveQuery(() => nftSnapshot(db, network, address), [network, address])
 * ```
 */
import type { LedgerDb } from '../schema.ts'
import type { NftSnapshotRow } from '../types/nfts.ts'
import type { BidsReport, OffersReport } from '../types/offers.ts'
import type { NetworkId } from '../../shared/networks.ts'

/**
 * The last loaded NFT list of an account on a network.
 *
 * @param db - the app's database.
 * @param network - the network.
 * @param account - the account's classic address; null or undefined (no wallet) gives undefined.
 * @returns the snapshot, or undefined when none was saved (never loaded on this device).
 */
export async function nftSnapshot(
  db: LedgerDb,
  network: NetworkId,
  account: string | null | undefined,
): Promise<NftSnapshotRow | undefined> {
  if (!account) return undefined
  return await db.nftSnapshots.get([network, account])
}

/**
 * The last reading of the bids on an account's NFTs on a network (the Orders tab; offline too).
 *
 * @returns the reading, or undefined when none was made on this device.
 */
export async function bidsReading(
  db: LedgerDb,
  network: NetworkId,
  account: string | null | undefined,
): Promise<BidsReport | undefined> {
  if (!account) return undefined
  return await db.bidReads.get([network, account])
}

/**
 * The last reading of an account's own offers on a network (the Orders tab; offline too).
 *
 * @returns the reading, or undefined when none was made on this device.
 */
export async function offersReading(
  db: LedgerDb,
  network: NetworkId,
  account: string | null | undefined,
): Promise<OffersReport | undefined> {
  if (!account) return undefined
  return await db.offerReads.get([network, account])
}
