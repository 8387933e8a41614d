/**
 * The holders capability (HoldersApi): a collection's holder snapshot, read from the network's Clio
 * servers and kept on this device page by page; its CSV; and the distribution its rules give. Each
 * method is HoldersApi's of the same name.
 */
import Papa from 'papaparse'

import {
  holderSnapshotId,
  readHolderSnapshot,
  saveHolderSnapshot,
} from '../../../db/holderSnapshots.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { HolderSnapshotRow } from '../../../db/types/holders.ts'
import { EngineError } from '../../../shared/errors.ts'
import type { NetworkConfig, NetworkId } from '../../../shared/networks.ts'
import type {
  DistributionRules,
  HolderConfirmProgress,
  HolderSnapshot,
  HolderSnapshotProgress,
  HolderSnapshotRequest,
  ProgressListener,
  SnapshotDistribution,
} from '../../api.ts'
import type { ClioLink } from '../../network/clioLink.ts'
import type { ConnectionManager } from '../../network/connectionManager.ts'
import type { PacedProgress } from '../../progress.ts'
import { applyRules } from './distributionRules.ts'
import type { AskServers } from './holderChecks.ts'
import { HolderConfirmer } from './holderConfirmer.ts'
import { readHolders } from './readHolders.ts'
import { checkedCollection, snapshotView } from './snapshotView.ts'

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
  /**
   * Asks given endpoints of the network, each through its paced client (SecondOpinion.askAmong):
   * the servers that confirm a snapshot's holders.
   */
  askServers: AskServers
  now?: () => number
}

/** Holder snapshots and their distributions. */
export class HoldersService {
  /** Snapshots being read, by id: a second call for the same one waits for the first. */
  private readonly reading = new Map<string, Promise<HolderSnapshot>>()
  /** Confirms distributions' recipients with another server (a re-offer's too). */
  readonly confirmer: HolderConfirmer

  constructor(private readonly deps: HoldersServiceDeps) {
    this.confirmer = new HolderConfirmer({
      db: deps.db,
      ask: deps.askServers,
      networkConfig: deps.networkConfig,
      progress: deps.progress,
      ...(deps.now ? { now: deps.now } : {}),
    })
  }

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
      // Which server listed the holders: another one confirms them (holderConfirmer.ts).
      const listedBy = [...new Set([...(start.listedBy ?? []), clio.url])]
      last = await readHolders(
        clio,
        { ...start, listedBy },
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
    const { endpoint } = this.deps.connection.status
    const client = this.deps.connection.requireClient()
    return await this.deps.clio.forNetwork(this.deps.networkConfig(networkId), { endpoint, client })
  }

  async holderSnapshot(issuer: string, taxon?: number): Promise<HolderSnapshot | null> {
    const row = await this.stored(issuer, taxon)
    return row ? this.view(row) : null
  }

  async holderSnapshotCsv(issuer: string, taxon?: number): Promise<string> {
    const snapshot = this.view(await this.finishedRow(issuer, taxon))
    return Papa.unparse({
      fields: ['holder', 'nft_count', 'marks'],
      data: snapshot.holders.map((h) => [h.address, String(h.count), h.marks.join(';')]),
    })
  }

  async snapshotDistribution(
    issuer: string,
    taxon: number | undefined,
    rules: DistributionRules,
    onProgress?: ProgressListener<HolderConfirmProgress>,
  ): Promise<SnapshotDistribution> {
    const row = await this.finishedRow(issuer, taxon)
    const snapshot = this.view(row)
    const outcome = applyRules(snapshot.holders, rules)
    const keepUnconfirmed = outcome.rules.keepUnconfirmed === true
    const confirmed = await this.confirmer.confirm(
      row,
      outcome.rows,
      { keepUnconfirmed },
      onProgress,
    )
    const at = row.ledgerIndex!
    return {
      fileName: `holders of ${row.issuer}${row.taxon === null ? '' : ` (taxon ${row.taxon})`} at ledger ${at}`,
      rows: confirmed.rows,
      processedCount: snapshot.holders.length,
      nftsRequested: confirmed.rows.reduce((sum, r) => sum + r.count, 0),
      problems: outcome.problems,
      columns: {
        recipient: 'holder',
        count: null,
        recipientCandidates: ['holder'],
        countCandidates: [],
        needsChoice: false,
      },
      snapshot: { network: row.network, issuer: row.issuer, taxon: row.taxon, ledgerIndex: at },
      rules: outcome.rules,
      leftOut: outcome.leftOut,
      rounding: outcome.rounding,
      confirmation: confirmed.confirmation,
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
  private async finishedRow(issuer: unknown, taxon: unknown): Promise<HolderSnapshotRow> {
    const row = await this.stored(issuer, taxon)
    if (!row) throw new EngineError('NOT_FOUND', 'No holder snapshot of this collection was taken')
    if (!row.complete || row.ledgerIndex === null) {
      throw new EngineError('VALIDATION', 'The holder snapshot is not finished: resume it first')
    }
    return row
  }

  /** A stored row as the API shows it, the connected wallet marked. */
  private view(row: HolderSnapshotRow): HolderSnapshot {
    return snapshotView(row, this.deps.walletAddress())
  }
}
