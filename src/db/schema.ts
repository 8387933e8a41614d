/**
 * The app's IndexedDB, through Dexie. Every schema version stays listed, oldest first, each with a
 * comment on what it changed; data migrations go in `.upgrade()`. The worker is the only writer
 * (docs/architecture.md §1); the UI observes with useLiveQuery through `src/db/queries/`.
 */
import Dexie from 'dexie'
import type { DexieOptions, EntityTable } from 'dexie'
import type { HolderSnapshotRow } from './types/holders.ts'
import type { JobItemRow } from './types/jobItems.ts'
import type { JobRequestRow, JobRow } from './types/jobs.ts'
import type { DeviceKeyRow, StoredKeyRow } from './types/keys.ts'
import type { MetadataRow } from './types/metadata.ts'
import type { NftSnapshotRow } from './types/nfts.ts'
import type { BidsReport, OffersReport } from './types/offers.ts'
import type { SettingRow } from './types/settings.ts'

/** The database name a browser profile uses; tests pass their own to stay isolated. */
export const DB_NAME = 'xrpl-nft-manager'

export class LedgerDb extends Dexie {
  settings!: EntityTable<SettingRow, 'key'>
  nftSnapshots!: Dexie.Table<NftSnapshotRow, [string, string]>
  metadata!: EntityTable<MetadataRow, 'nftId'>
  storedKeys!: EntityTable<StoredKeyRow, 'id'>
  deviceKeys!: EntityTable<DeviceKeyRow, 'id'>
  jobs!: EntityTable<JobRow, 'id'>
  jobItems!: EntityTable<JobItemRow, 'id'>
  jobRequests!: EntityTable<JobRequestRow, 'jobId'>
  bidReads!: Dexie.Table<BidsReport, [string, string]>
  offerReads!: Dexie.Table<OffersReport, [string, string]>
  holderSnapshots!: EntityTable<HolderSnapshotRow, 'id'>

  /**
   * @param options - Dexie's options; Node passes its own IndexedDB implementation here (the
   *   durable store of `src/node/store` gives each store a private one).
   */
  constructor(name: string = DB_NAME, options?: DexieOptions) {
    super(name, options)
    // v1: settings, NFT snapshots per network+account, metadata cache (fetchedAt for TTL and
    // pruning), the encrypted GEM regular key and the device key that encrypts it.
    this.version(1).stores({
      settings: 'key',
      nftSnapshots: '[network+account]',
      metadata: 'nftId, fetchedAt',
      storedKeys: 'id, network',
      deviceKeys: 'id',
    })
    // v2: durable bulk jobs and their items (one intent each, with every signed attempt). Items are
    // found by job and by status; jobs by account (one runs per account at a time) and by status.
    this.version(2).stores({
      jobs: 'id, [network+account], status, createdAt',
      jobItems: 'id, jobId, [jobId+status]',
    })
    // v3: a job's request (up to 100,000 rows) moves out of the job row into jobRequests, so that
    // reading a row (every step of a run, every change the UI observes) no longer copies it.
    this.version(3)
      .stores({ jobRequests: 'jobId' })
      .upgrade(async (tx) => {
        const jobs = tx.table<JobRow, string>('jobs')
        const requests = tx.table<JobRequestRow, string>('jobRequests')
        const moved = (await jobs.toArray()).filter(
          (job) => typeof job.params.request === 'object' && job.params.request !== null,
        )
        await requests.bulkPut(
          moved.map((job) => ({
            jobId: job.id,
            request: job.params.request as Record<string, unknown>,
          })),
        )
        await jobs.bulkPut(
          moved.map((job) => {
            const { request: _request, ...params } = job.params
            return { ...job, params }
          }),
        )
      })
    // v4: items are no longer indexed by job alone: their ids sort by job, then plan order, so a
    // key range reads a job's items (or a page of them); one index less to keep at every item write.
    this.version(4).stores({ jobItems: 'id, [jobId+status]' })
    // v5: items are found by the offer they created (the Orders tab names the airdrop behind an
    // offer). Only offer items that succeeded carry an offerId, so the index stays small.
    // v5: the Orders tab's last reading of the bids on an account's NFTs, shown offline too.
    this.version(5).stores({
      jobItems: 'id, [jobId+status], offerId',
      bidReads: '[network+account]',
    })
    // v6: the Orders tab's last reading of an account's own offers, shown offline too.
    this.version(6).stores({ offerReads: '[network+account]' })
    // v7: holder snapshots of collections (the Airdrop tab's 'holders of a collection'), saved page by
    // page so that a reload resumes them at the same ledger.
    this.version(7).stores({ holderSnapshots: 'id' })
  }
}
