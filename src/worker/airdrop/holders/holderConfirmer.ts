/**
 * Confirming the recipients a distribution drawn from a stored holder snapshot gives something to
 * (holderChecks.ts): which servers may confirm — any endpoint of the network, the user's own first,
 * but the Clio server(s) that listed the holders — what is already known (kept with the snapshot), and
 * what the answers make of each row: confirmed, disputed (another server says the holder holds fewer
 * than listed: always left out, named), or unconfirmed (left out unless the user keeps them).
 * One confirmation of a snapshot runs at a time, so that two previews never ask about a holder twice.
 */
import { readHolderSnapshot, saveHolderChecks } from '../../../db/holderSnapshots.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { HolderCheck, HolderSnapshotRow } from '../../../db/types/holders.ts'
import { logFailure } from '../../../shared/errors.ts'
import type { NetworkConfig, NetworkId } from '../../../shared/networks.ts'
import type { DistributionRow } from '../../contract/airdrop.ts'
import type { HolderConfirmation, HolderConfirmProgress } from '../../contract/holders.ts'
import type { ProgressListener } from '../../contract/progress.ts'
import type { PacedProgress } from '../../progress.ts'
import { checkHolders } from './holderChecks.ts'
import type { AskServers } from './holderChecks.ts'

/** Answers are saved at least this often while many holders are asked about. */
const SAVE_EVERY_MS = 3_000

/** What confirming needs of the engine. */
export interface ConfirmerDeps {
  db: LedgerDb
  /** Asks a given endpoint, through its paced client (SecondOpinion.askAmong). */
  ask: AskServers
  /** The network with the user's own servers first. */
  networkConfig: (id: NetworkId) => NetworkConfig
  progress: PacedProgress
  now?: () => number
}

/** How a distribution's rows are confirmed. */
export interface ConfirmOptions {
  /** Keep the rows no other server could confirm. */
  keepUnconfirmed: boolean
  /**
   * Confirm rows in order only until their NFTs fill this many slots (a re-offer of a few NFTs);
   * all rows when absent.
   */
  slots?: number
}

/** The rows kept, and what the confirmation found. */
export interface Confirmed {
  rows: DistributionRow[]
  confirmation: HolderConfirmation
}

/** Confirms distributions' recipients with a server other than the listing Clio. */
export class HolderConfirmer {
  /** The confirmation under way per snapshot id: the next waits for it. */
  private readonly turns = new Map<string, Promise<unknown>>()

  constructor(private readonly deps: ConfirmerDeps) {}

  /**
   * Confirms `rows` (a distribution drawn from the finished snapshot `row`, in its order) and keeps
   * the ones that may receive.
   *
   * @param onProgress - how far the asking is.
   */
  async confirm(
    row: HolderSnapshotRow,
    rows: readonly DistributionRow[],
    options: ConfirmOptions,
    onProgress?: ProgressListener<HolderConfirmProgress>,
  ): Promise<Confirmed> {
    const previous = this.turns.get(row.id) ?? Promise.resolve()
    const turn = previous
      .catch(() => undefined)
      .then(() => this.run(row, rows, options, onProgress))
    this.turns.set(row.id, turn)
    try {
      return await turn
    } finally {
      if (this.turns.get(row.id) === turn) this.turns.delete(row.id)
    }
  }

  /** The endpoints that listed the snapshot, and the others, which may confirm it. */
  private servers(row: HolderSnapshotRow): { listedBy: string[]; servers: string[] } {
    const network = this.deps.networkConfig(row.network)
    // A snapshot read before its listers were kept: any Clio server of the network may have.
    const listedBy = row.listedBy ?? [...network.clioEndpoints]
    const all = [...new Set([...network.endpoints, ...network.clioEndpoints])]
    return { listedBy, servers: all.filter((endpoint) => !listedBy.includes(endpoint)) }
  }

  private async run(
    row: HolderSnapshotRow,
    rows: readonly DistributionRow[],
    options: ConfirmOptions,
    onProgress?: ProgressListener<HolderConfirmProgress>,
  ): Promise<Confirmed> {
    const { db } = this.deps
    const now = this.deps.now ?? Date.now
    // What an earlier confirmation of this very reading found (a turn before this one saved it).
    const stored = await readHolderSnapshot(db, row.id)
    const same =
      stored !== undefined &&
      stored.startedAt === row.startedAt &&
      stored.ledgerIndex === row.ledgerIndex
    const checks: Record<string, HolderCheck> = { ...(same ? stored.checks : row.checks) }
    const { listedBy, servers } = this.servers(row)
    const at = { issuer: row.issuer, taxon: row.taxon, ledgerIndex: row.ledgerIndex ?? 0 }
    let unsaved: Record<string, HolderCheck> = {}
    let savedAt = now()
    const flush = async () => {
      if (Object.keys(unsaved).length === 0) return
      const batch = unsaved
      unsaved = {}
      savedAt = now()
      await saveHolderChecks(db, row, batch)
    }
    const state: HolderConfirmProgress = {
      checked: 0,
      total: 0,
      ledgerIndex: at.ledgerIndex,
      server: null,
    }
    const progress = this.deps.progress(onProgress)
    const why = new Set<string>()
    const judged = new Judgement(row, checks, options.keepUnconfirmed)
    try {
      for (let next = 0; next < rows.length && !judged.full(options.slots);) {
        // With slots, no more rows than slots are left (each row takes one at least).
        const take = options.slots === undefined ? rows.length : options.slots - judged.filled
        const batch = rows.slice(next, next + take)
        next += batch.length
        const ask = batch
          .filter((r) => checks[r.address] === undefined)
          .map((r) => ({ address: r.address, count: row.holders[r.address] ?? 0 }))
        state.total += ask.length
        progress.report({ ...state })
        const reasons = await checkHolders(
          this.deps.ask,
          servers,
          at,
          ask,
          (address, check) => {
            checks[address] = check
            unsaved[address] = check
            state.checked += 1
            progress.report({ ...state })
            if (now() - savedAt >= SAVE_EVERY_MS) void flush().catch(logFailure('holders: saving'))
          },
          (server) => {
            state.server = server
            progress.report({ ...state })
          },
        )
        for (const reason of reasons) why.add(reason)
        for (const r of batch) judged.add(r)
      }
      await flush()
    } finally {
      progress.finish({ ...state })
    }
    const network = this.deps.networkConfig(row.network)
    const noServer = `no server of ${network.name} other than the one that listed the holders (${listedBy.join(', ')}) is known: add one of your own to confirm them`
    return judged.result(listedBy, servers, servers.length === 0 ? noServer : [...why].join('; '))
  }
}

/** The rows as the answers judge them, in order. */
class Judgement {
  readonly kept: DistributionRow[] = []
  filled = 0
  private confirmed = 0
  private readonly unconfirmed: string[] = []
  private readonly disputed: HolderConfirmation['disputed'] = []

  constructor(
    private readonly row: HolderSnapshotRow,
    private readonly checks: Readonly<Record<string, HolderCheck>>,
    private readonly keep: boolean,
  ) {}

  /** Whether the kept rows fill `slots`. */
  full(slots: number | undefined): boolean {
    return slots !== undefined && this.filled >= slots
  }

  add(r: DistributionRow): void {
    const check = this.checks[r.address]
    const listed = this.row.holders[r.address] ?? 0
    if (check && check.held >= listed) this.confirmed += 1
    else if (check) {
      this.disputed.push({ address: r.address, listed, held: check.held, by: check.by })
      return
    } else {
      this.unconfirmed.push(r.address)
      if (!this.keep) return
    }
    this.kept.push(r)
    this.filled += r.count
  }

  result(listedBy: string[], servers: string[], why: string): Confirmed {
    return {
      rows: this.kept,
      confirmation: {
        listedBy,
        servers,
        confirmed: this.confirmed,
        unconfirmed: this.unconfirmed,
        why: this.unconfirmed.length > 0 ? why || 'no other server answered' : null,
        kept: this.keep,
        disputed: this.disputed,
      },
    }
  }
}
