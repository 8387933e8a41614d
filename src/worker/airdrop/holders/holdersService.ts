/**
 * The holders capability (HoldersApi): a collection's holder snapshot, read from the network's Clio
 * servers and kept on this device page by page; its CSV; and the distribution its rules give. Each
 * method is HoldersApi's of the same name.
 */
import Papa from 'papaparse'
import { isValidClassicAddress } from 'xrpl'

import {
  holderSnapshotId,
  readHolderSnapshot,
  saveHolderSnapshot,
} from '../../../db/holderSnapshots.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { HolderSnapshotRow } from '../../../db/types/holders.ts'
import { EngineError } from '../../../shared/errors.ts'
import { marketplaceOfBroker } from '../../../shared/marketplaces.ts'
import type { NetworkConfig, NetworkId } from '../../../shared/networks.ts'
import type {
  DistributionRules,
  HolderMark,
  HolderSnapshot,
  HolderSnapshotProgress,
  HolderSnapshotRequest,
  ProgressListener,
  SnapshotDistribution,
  SnapshotHolder,
} from '../../api.ts'
import type { ClioLink } from '../../network/clioLink.ts'
import type { ConnectionManager } from '../../network/connectionManager.ts'
import type { PacedProgress } from '../../progress.ts'
import { applyRules } from './distributionRules.ts'
import { readHolders } from './readHolders.ts'

const MAX_TAXON = 0xffff_ffff

/** What the holders capability needs of the engine. */
export interface HoldersServiceDeps {
  db: LedgerDb
  connection: Pick<ConnectionManager, 'requireClient' | 'status'>
  /** The network with the user's own servers first. */
  networkConfig: (networkId: NetworkId) => NetworkConfig
  /** The engine's Clio link (shared with the floor price). */
  clio: ClioLink
  /** The connected wallet's address, if any (marked in snapshots). */
  walletAddress: () => string | undefined
  /** The reporter of a long read. */
  progress: PacedProgress
  now?: () => number
}

/** Checks an issuer and taxon as they crossed the worker boundary. */
function checkedCollection(
  issuer: unknown,
  taxon: unknown,
): { issuer: string; taxon: number | null } {
  if (typeof issuer !== 'string' || !isValidClassicAddress(issuer.trim())) {
    throw new EngineError('VALIDATION', `Invalid issuer address: ${String(issuer).slice(0, 40)}`)
  }
  if (taxon === undefined || taxon === null) return { issuer: issuer.trim(), taxon: null }
  if (typeof taxon !== 'number' || !Number.isInteger(taxon) || taxon < 0 || taxon > MAX_TAXON) {
    throw new EngineError(
      'VALIDATION',
      `Invalid collection taxon: ${JSON.stringify(taxon)?.slice(0, 20)}`,
    )
  }
  return { issuer: issuer.trim(), taxon }
}

/** Holder snapshots and their distributions. */
export class HoldersService {
  /** Snapshots being read, by id: a second call for the same one waits for the first. */
  private readonly reading = new Map<string, Promise<HolderSnapshot>>()

  constructor(private readonly deps: HoldersServiceDeps) {}

  async snapshotHolders(
    request: HolderSnapshotRequest,
    onProgress?: ProgressListener<HolderSnapshotProgress>,
  ): Promise<HolderSnapshot> {
    const { issuer, taxon } = checkedCollection(request?.issuer, request?.taxon)
    const network = this.deps.connection.status.network
    const id = holderSnapshotId(network, issuer, taxon)
    const under = this.reading.get(id)
    if (under) return await under
    const read = this.read(id, network, issuer, taxon, request.fresh === true, onProgress).finally(
      () => this.reading.delete(id),
    )
    this.reading.set(id, read)
    return await read
  }

  private async read(
    id: string,
    network: NetworkId,
    issuer: string,
    taxon: number | null,
    fresh: boolean,
    onProgress?: ProgressListener<HolderSnapshotProgress>,
  ): Promise<HolderSnapshot> {
    const now = this.deps.now ?? Date.now
    const stored = await readHolderSnapshot(this.deps.db, id)
    const resume = stored !== undefined && !stored.complete && !fresh && stored.ledgerIndex !== null
    const start: HolderSnapshotRow = resume
      ? stored
      : {
          id,
          network,
          issuer,
          taxon,
          ledgerIndex: null,
          marker: null,
          complete: false,
          pages: 0,
          nfts: 0,
          burned: 0,
          holders: {},
          startedAt: now(),
          takenAt: null,
        }
    const progress = this.deps.progress(onProgress)
    const report = (row: HolderSnapshotRow) => ({
      read: row.nfts + row.burned,
      pages: row.pages,
      ledgerIndex: row.ledgerIndex,
      resumed: resume,
    })
    progress.report(report(start))
    let last = start
    try {
      const clio = await this.clioClient(network)
      last = await readHolders(
        clio,
        start,
        (row) => saveHolderSnapshot(this.deps.db, row),
        (row) => {
          last = row
          progress.report(report(row))
        },
        now,
      )
      return this.view(last)
    } finally {
      // The last state, and the page's listener released, whether it finished or not.
      progress.finish(report(last))
    }
  }

  /** The Clio connection: the ledger connection when it is one of the network's Clio servers. */
  private async clioClient(networkId: NetworkId) {
    const network = this.deps.networkConfig(networkId)
    const { endpoint } = this.deps.connection.status
    const client = this.deps.connection.requireClient()
    if (endpoint !== null && network.clioEndpoints.includes(endpoint)) return client
    return await this.deps.clio.client(network.clioEndpoints, network.name)
  }

  async holderSnapshot(issuer: string, taxon?: number): Promise<HolderSnapshot | null> {
    const row = await this.stored(issuer, taxon)
    return row ? this.view(row) : null
  }

  async holderSnapshotCsv(issuer: string, taxon?: number): Promise<string> {
    const snapshot = await this.finished(issuer, taxon)
    return Papa.unparse({
      fields: ['holder', 'nft_count', 'marks'],
      data: snapshot.holders.map((h) => [h.address, String(h.count), h.marks.join(';')]),
    })
  }

  async snapshotDistribution(
    issuer: string,
    taxon: number | undefined,
    rules: DistributionRules,
  ): Promise<SnapshotDistribution> {
    const snapshot = await this.finished(issuer, taxon)
    const outcome = applyRules(snapshot.holders, rules)
    const at = snapshot.ledgerIndex!
    return {
      fileName: `holders of ${snapshot.issuer}${snapshot.taxon === null ? '' : ` (taxon ${snapshot.taxon})`} at ledger ${at}`,
      rows: outcome.rows,
      processedCount: snapshot.holders.length,
      nftsRequested: outcome.rows.reduce((sum, row) => sum + row.count, 0),
      problems: outcome.problems,
      columns: {
        recipient: 'holder',
        count: null,
        recipientCandidates: ['holder'],
        countCandidates: [],
        needsChoice: false,
      },
      snapshot: {
        network: snapshot.network,
        issuer: snapshot.issuer,
        taxon: snapshot.taxon,
        ledgerIndex: at,
      },
      leftOut: outcome.leftOut,
      rounding: outcome.rounding,
    }
  }

  private async stored(issuer: unknown, taxon: unknown): Promise<HolderSnapshotRow | undefined> {
    const checked = checkedCollection(issuer, taxon)
    const network = this.deps.connection.status.network
    return await readHolderSnapshot(
      this.deps.db,
      holderSnapshotId(network, checked.issuer, checked.taxon),
    )
  }

  /** The stored snapshot, finished. @throws EngineError `NOT_FOUND` / `VALIDATION` otherwise. */
  private async finished(issuer: unknown, taxon: unknown): Promise<HolderSnapshot> {
    const row = await this.stored(issuer, taxon)
    if (!row) throw new EngineError('NOT_FOUND', 'No holder snapshot of this collection was taken')
    if (!row.complete || row.ledgerIndex === null) {
      throw new EngineError('VALIDATION', 'The holder snapshot is not finished: resume it first')
    }
    return this.view(row)
  }

  /** A stored row as the API shows it: holders marked and ordered. */
  private view(row: HolderSnapshotRow): HolderSnapshot {
    const connected = this.deps.walletAddress()
    const holders: SnapshotHolder[] = Object.entries(row.holders).map(([address, count]) => {
      const marks: HolderMark[] = []
      if (address === row.issuer) marks.push('issuer')
      if (address === connected) marks.push('connected')
      const marketplace = marketplaceOfBroker(address)
      if (marketplace) marks.push('marketplace')
      return { address, count, marks, ...(marketplace ? { marketplace: marketplace.name } : {}) }
    })
    holders.sort((a, b) => b.count - a.count || (a.address < b.address ? -1 : 1))
    return {
      network: row.network,
      issuer: row.issuer,
      taxon: row.taxon,
      ledgerIndex: row.ledgerIndex,
      complete: row.complete,
      nfts: row.nfts,
      burned: row.burned,
      holders,
      takenAt: row.takenAt,
    }
  }
}
