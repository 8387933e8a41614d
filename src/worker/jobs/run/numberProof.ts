/**
 * Whether an attempt's sequence number is proven used, and by what (docs/architecture.md §3.2): the
 * settling side asks here once a server calls an attempt's number used, or its death unproven. Only
 * a validated transaction signed by the account's key that used the number proves the attempt dead
 * for good; one of the store's own no-ops only with another server's word; a copy of the intent
 * itself (a wallet's) is its execution (intentCopies.ts); anything else — nothing shown, a key the engine cannot
 * check, an attempt the server took over and over and never showed — pauses the job, naming the
 * server. Nothing here signs: an unproven intent keeps its number.
 */
import type { Client } from 'xrpl'

import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import type { ProofState } from './runState.ts'
import { isHeldBack } from './submitRules.ts'
import { signedByAccount } from '../../ledger/rivalProof.ts'
import { sequenceHolder } from '../../ledger/sequenceHolder.ts'
import { lookupTx } from '../../ledger/txLookup.ts'
import type { Lookup } from '../../ledger/txLookup.ts'
import { log } from '../../../shared/log.ts'
import type { SecondLookup, SettleDeps } from './settleDeps.ts'

/**
 * Attempts of one intent with one number that a server took and then never showed, after which the
 * job pauses with that server named: honest servers lose a transaction now and then, not over and
 * over.
 */
const MAX_UNSEEN = 4
/** Ledgers before a server that could not show who used a number is asked again. */
const HOLDER_RETRY_LEDGERS = 10
/** Ledgers before an attempt's first one where the transaction that used its number may be. */
export const HOLDER_MARGIN = 10

export type Signed = Pick<Attempt, 'sequence' | 'hash' | 'firstLedger' | 'lastLedgerSequence'>
type Found = Lookup & { found: true }
/** A transaction shown validated: where, and whether by another server than the one in use. */
export type Shown = Found & { byOther?: boolean }
/** Ledgers past the view a transaction shown validated is looked for in (see confirmedForeign). */
const SHOWN_AHEAD = 5

/** What the proofs tell the settling side: a transaction validated, an attempt final. */
export interface ProofOutcomes {
  /** A validated transaction of the account with this number (see Settler.onValidated). */
  validated(
    hash: string,
    sequence: number,
    found: Shown,
    txJson?: Record<string, unknown>,
  ): Promise<boolean>
}

export class NumberProof {
  /** Items whose number's user a server could not show, and the ledger it was asked at. */
  private readonly unshown = new WeakMap<JobItemRow, number>()
  /**
   * When this run began: attempts signed before it (maybe on a server the user has since left, then
   * Resumed) do not count against the server in use (see unseen).
   */
  private readonly since = Date.now()

  constructor(
    private readonly state: ProofState,
    private readonly deps: SettleDeps,
    private readonly outcomes: ProofOutcomes,
  ) {}

  private validated(
    hash: string,
    sequence: number,
    found: Shown,
    txJson?: Record<string, unknown>,
  ): Promise<boolean> {
    return this.outcomes.validated(hash, sequence, found, txJson)
  }

  /**
   * Whether a validated transaction this run did not sign may count at an attempt's number. Where
   * the network has another server, only once that server has it validated too: one server may
   * show a transaction it holds, or one the same key signed on another network (nothing in a
   * Mainnet or Testnet transaction names its network). With one server alone, a copy of the
   * intent counts on its word (at worst an item is recorded done that did not apply: the plan says
   * no second server confirms outcomes), the store's own no-op never, and a rival never: freeing the
   * number on it could double the intent, so the job pauses instead (settleUsed).
   */
  async confirmedForeign(
    hash: string,
    a: Pick<Signed, 'firstLedger'>,
    shown: Shown,
    copy: boolean,
  ): Promise<boolean> {
    const second = this.deps.secondLookup
    // Up to the ledger it was shown in (the stream may run ahead of the view), but no further than
    // a few ledgers past the view: a made-up index must not make the other server search millions.
    const { validated } = this.state.view
    const upTo = Math.min(Math.max(validated, shown.ledgerIndex), validated + SHOWN_AHEAD)
    const confirmed = shown.byOther
      ? await this.inUseConfirms(hash, a.firstLedger, upTo)
      : second?.available()
        ? await secondConfirms(second, hash, a.firstLedger, upTo)
        : copy && !(await this.state.numbers.storedFillers()).has(hash)
    if (!confirmed) {
      log.warn(`jobs: transaction ${hash} shown validated by one server only: not taken as proof`)
    }
    return confirmed
  }

  /**
   * An attempt died without proof (it is signed again with its number): after the server answered
   * MAX_UNSEEN of them and never showed one validated, the job pauses, naming the server.
   */
  async afterUnprovenDeath(item: JobItemRow, a: Attempt): Promise<void> {
    if (unseen(item, a.sequence, this.since) < MAX_UNSEEN) return
    await this.state.control.pauseForServer(
      `Paused: ${this.server()} took this job's transactions ${String(MAX_UNSEEN)} times and ` +
        `never showed them in a validated ledger. Nothing is signed twice; choose another ` +
        `server, then Resume`,
    )
  }

  /**
   * The server says the attempt's number is used, and the attempt is not in a validated ledger. Only
   * the transaction that used it can say how: one of the item's own attempts (final), a transaction
   * signed by the account's key (the attempt is proven dead), or nothing any server can show — which
   * an honest server never answers, so the job pauses with the server named (it may hold the attempt
   * back to release it later). Until proven, the attempt stays in flight and nothing is signed for it.
   * The network's other servers are asked too: the attempt by hash first (the cheap, usual case of a
   * server that hides it), then who used the number.
   */
  async settleUsed(item: JobItemRow, a: Attempt): Promise<void> {
    const { validated } = this.state.view
    const asked = this.unshown.get(item)
    if (asked !== undefined && validated - asked < HOLDER_RETRY_LEDGERS) return
    const still = () => item.status === 'inFlight' && this.state.latest(item) === a
    const elsewhere = await this.confirmAbsent(a)
    if (!still()) return
    // Another server shows the attempt validated: final, unless its result is one the kind has
    // confirmed (ownResults.ts) and this server does not confirm it; then who used the number decides.
    if (typeof elsewhere === 'object' && elsewhere) {
      if (await this.validated(a.hash, a.sequence, elsewhere)) return
      if (!still()) return
    }
    const first = Math.min(
      ...item.attempts.filter((x) => x.sequence === a.sequence).map((x) => x.firstLedger),
    )
    const { account } = this.state.job
    const range = [account, a.sequence, first - HOLDER_MARGIN, validated] as const
    const shown: string[] = []
    const ownFillers = await this.state.numbers.storedFillers()
    let ownFiller = false
    for (const [ask, byOther] of [
      [() => sequenceHolder(this.deps.client(), ...range), false],
      [() => this.deps.secondLookup?.holder(...range) ?? Promise.resolve(undefined), true],
    ] as const) {
      const holder = await ask()
      if (!still()) return
      if (typeof holder !== 'object') continue
      if (ownFillers.has(holder.hash)) {
        // A no-op another job of this store signed with the number while this one was paused: the
        // server holds its blob, so showing it proves nothing; another server's word does.
        ownFiller = true
        if (await this.confirmedElsewhere(holder.hash, a, byOther)) {
          if (!still()) return
          this.state.markDead(item, a, holder.hash)
          return
        }
        continue
      }
      await this.validated(holder.hash, a.sequence, { ...holder.lookup, byOther }, holder.txJson)
      if (!still()) return
      shown.push(holder.hash)
    }
    this.unshown.set(item, validated)
    const why = ownFiller
      ? 'shows only a no-op another job of this app signed with it, which no second server confirms'
      : shown.length
        ? `shows only transaction ${shown[0]!} as using it, which no second server confirms or which is not signed by a key this app can check (with one server, a transaction the same key signed on another network would look the same)`
        : 'shows no transaction that used it'
    await this.state.control.pauseForServer(
      `Paused: ${this.server()} says sequence ${String(a.sequence)} of ${account} is used, but ` +
        `${why}. Nothing is signed again for it; choose another server, then Resume`,
    )
  }

  /**
   * Whether a server other than the one that showed it has this transaction validated: the network's
   * other servers for what the server in use showed, the server in use for what another showed (a
   * server never confirms its own word).
   */
  private confirmedElsewhere(
    hash: string,
    a: Pick<Signed, 'firstLedger'>,
    byOther = false,
  ): Promise<boolean> {
    const { validated } = this.state.view
    return byOther
      ? this.inUseConfirms(hash, a.firstLedger, validated)
      : secondConfirms(this.deps.secondLookup, hash, a.firstLedger, validated)
  }

  private inUseConfirms(hash: string, firstLedger: number, upTo: number): Promise<boolean> {
    return inUseConfirms(this.deps.client(), hash, firstLedger, upTo)
  }

  server(): string {
    return this.deps.serverName?.() ?? 'the server'
  }

  /**
   * One server said the attempt is in none of the ledgers it could be in. Where the network lists
   * another endpoint, it is asked too: a server that hid a validated transaction is found out here
   * (and the item is final, not signed again). Its absence there proves no more than the first
   * server's word, and needs not: the intent is signed again with the same number (see settle).
   *
   * @returns the validated result when another server has it; null when another server knows it
   *   without it being validated yet (ask again later); else 'absent' (none has it, none answered).
   */
  async confirmAbsent(a: Signed): Promise<'absent' | Shown | null> {
    const second = this.deps.secondLookup
    if (!second?.available()) return 'absent'
    const max = Math.min(a.lastLedgerSequence, this.state.view.validated)
    const answer = await second.lookup(a.hash, a.firstLedger, max)
    if (answer?.found) return { ...answer, byOther: true }
    return answer?.known ? null : 'absent'
  }

  /** Whether a transaction the runner did not sign proves its sequence number used (logged if not). */
  provesRival(hash: string, sequence: number, txJson: Record<string, unknown>): boolean {
    const { account } = this.state.job
    if (signedByAccount(hash, txJson, account, this.deps.keyAddress?.())) return true
    const waiting = this.state.inFlight().some((i) => this.state.latest(i).sequence === sequence)
    if (waiting) {
      log.warn(
        `jobs: a validated transaction ${hash} with Sequence ${sequence} is not signed by ${account}: not taken as proof`,
      )
    }
    return false
  }
}

/**
 * How many attempts of the item with this number, signed by this run, died unseen after the server
 * answered their submit (taken, or turned away with a code that is not 'the queue is full'), none of
 * them proven dead by another transaction. A server that answers tefPAST_SEQ while it calls the number unused lands here.
 */
function unseen(item: JobItemRow, sequence: number, since: number): number {
  return item.attempts.filter(
    (x) =>
      x.sequence === sequence &&
      x.signedAt >= since &&
      x.final === 'dead' &&
      x.rival === undefined &&
      !isHeldBack(x),
  ).length
}

/** Whether another server of the network has the transaction validated (no: there is none). */
export async function secondConfirms(
  second: SecondLookup | undefined,
  hash: string,
  firstLedger: number,
  validated: number,
): Promise<boolean> {
  if (!second?.available()) return false
  const answer = await second.lookup(hash, firstLedger - HOLDER_MARGIN, validated)
  return answer?.found === true
}

/** Whether the server in use has the transaction validated (what another server showed). */
export async function inUseConfirms(
  client: Client,
  hash: string,
  firstLedger: number,
  upTo: number,
): Promise<boolean> {
  const answer = await lookupTx(client, hash, firstLedger - HOLDER_MARGIN, upTo)
  return answer.found
}
