/**
 * The reconcile side of a job run: reads the ledger's view of the account (ledgerView.ts), and settles attempts (and
 * no-op fillers) by hash. An attempt is final only in a validated ledger. It is dead when no server
 * shows it and its LastLedgerSequence passed, but that is one server's word: its intent is then
 * signed again with the same number, so at most one of the two can apply. Only a validated
 * transaction signed by the account's key that used the number proves it dead for good (the intent
 * may then take another number); a server that calls the number used and cannot show that
 * transaction pauses the job (docs/architecture.md §3.2).
 */
import type { JobItemRow } from '../../../db/types/jobItems.ts'
import { readLedgerView } from './ledgerView.ts'
import type { SettleState } from './runState.ts'
import { isDue, isHeldBack, isRejected } from './submitRules.ts'
import { Sequencer } from './sequencer.ts'
import { IntentCopies } from './intentCopies.ts'
import { NumberProof } from './numberProof.ts'
import type { Shown, Signed } from './numberProof.ts'
import type { SettleDeps } from './settleDeps.ts'

export type { SecondLookup, SettleDeps } from './settleDeps.ts'
import type { Submitter } from './submitLoop.ts'
import { runPool } from '../../ledger/pool.ts'
import { lookupTx } from '../../ledger/txLookup.ts'
import type { Lookup } from '../../ledger/txLookup.ts'
import { itemMade } from './itemMade.ts'
import { OwnResults } from './ownResults.ts'

/** `tx` requests per ledger for quiet attempts (no stream news for a few ledgers). */
const MAX_POLLS_PER_LEDGER = 20
/**
 * `tx` requests per ledger for due attempts, lowest sequence first; the rest wait for the next ledger
 * (or for stream news). Without the stream, a big job settles this many a ledger by look-ups.
 */
const MAX_DUE_PER_LEDGER = 100
/** Look-ups in flight at once (one round trip each; sequential ones made a slow link the limit). */
const LOOKUP_CONCURRENCY = 8
export class Settler {
  /** Items whose number's user a server could not show, and the ledger it was asked at. */
  private readonly proof: NumberProof
  /** Copies of intents a wallet submitted itself (see intentCopies.ts). */
  private readonly copies: IntentCopies
  /** The item's own results, confirmed by another server where the kind asks it (ownResults.ts). */
  private readonly own: OwnResults
  private signedThroughRead = false

  constructor(
    private readonly state: SettleState,
    private readonly submitter: Submitter,
    private readonly deps: SettleDeps,
  ) {
    this.proof = new NumberProof(state, deps, {
      validated: (hash, sequence, found, txJson) => this.onValidated(hash, sequence, found, txJson),
    })
    this.own = new OwnResults(state, deps, this.proof)
    this.copies = new IntentCopies(state, deps, (item, hash, found) =>
      this.finishAttempt(item, hash, found),
    )
  }

  /**
   * After (re)connecting: reads the ledger, builds the sequence numbers anew from it and from the
   * attempts that may still apply (stored ones and this run's fillers), and settles every attempt in
   * flight (submitting again those that may still apply). A number given out and never used before
   * the reconcile is free again, so no gap outlives it.
   */
  async reconcile(): Promise<void> {
    if (!this.signedThroughRead) {
      await this.state.numbers.readSignedThrough()
      this.signedThroughRead = true
    }
    await this.readView()
    const held = this.state
      .inFlight()
      .map((i) => this.state.latest(i))
      .filter((a) => !isRejected(a))
      .map((a) => a.sequence)
    // Pending items signed before keep their numbers (see RunState.pinned). A paused job's pinned
    // numbers are gaps here: later transactions wait behind them, so a no-op fills them, stored
    // before it is submitted (JobRow.fillers) — and when that job resumes, its own no-op counts as
    // proof only once another server confirms it (see settleUsed).
    const pinned = this.state.pending().flatMap((i) => this.state.pinned(i) ?? [])
    const fillers = this.state.numbers.fillers.map((f) => f.sequence)
    this.state.numbers.sequencer = new Sequencer(
      this.state.view.accountSeq,
      [...held, ...pinned, ...fillers],
      this.state.numbers.signedThrough,
      this.state.view.validatedAccountSeq,
    )
    await runPool(this.state.inFlight(), LOOKUP_CONCURRENCY, (item) => this.settle(item, true))
    await this.settleFillers()
    await this.settlePinned(this.state.pending(), false)
  }

  /**
   * Pending items that keep a number the account's validated Sequence is past: who used it is looked
   * up (see NumberProof.usedWhileAway), so that a copy of the intent a wallet submitted counts as its
   * execution. Also asked, with the view read again, before the last look skips such an item: the
   * NFT it saw offered may be that copy's offer.
   */
  async settlePinned(items: readonly JobItemRow[], readAgain = true): Promise<void> {
    if (readAgain) await this.readView()
    const used = items.filter((i) => {
      const pin = this.state.pinned(i)
      return (
        i.status === 'pending' && pin !== undefined && pin < this.state.view.validatedAccountSeq
      )
    })
    await runPool(used, LOOKUP_CONCURRENCY, (item) => this.copies.usedWhileAway(item))
  }

  /**
   * After a ledger closed: reads the new view, lets `settleByNews` settle what the stream brought
   * meanwhile, then looks up the attempts that are due (or quiet for a while) and the fillers.
   */
  async onLedger(settleByNews: () => void): Promise<void> {
    await this.readView()
    settleByNews()
    // Results another server had not confirmed yet: asked again, rather than left to the polls.
    const again = this.own.takeAwaiting(MAX_DUE_PER_LEDGER).filter(({ item, hash }) => {
      return item.status === 'inFlight' && this.state.latest(item).hash === hash
    })
    const confirming = new Set(again.map(({ item }) => item))
    await runPool(again, LOOKUP_CONCURRENCY, async ({ item, hash, found }) => {
      await this.onValidated(hash, this.state.latest(item).sequence, found)
    })
    const { validated } = this.state.view
    let polls = 0
    let due = 0
    const asked = this.state.inFlight().filter((item) => {
      if (confirming.has(item)) return false
      const a = this.state.latest(item)
      if (this.isDue(a)) return due++ < MAX_DUE_PER_LEDGER
      // Quiet attempts (no stream news) are asked about a few at a time, lowest sequence first;
      // not those held back, which the server never took (they are submitted again each ledger).
      // One signed after a ledger index the view has not reached (a server that said it was far
      // ahead) counts as quiet too: it is looked up and submitted again, not left until then.
      const quiet =
        validated - a.firstLedger >= this.deps.limits.pollAfterLedgers || a.firstLedger > validated
      return quiet && !isHeldBack(a) && polls++ < MAX_POLLS_PER_LEDGER
    })
    await runPool(asked, LOOKUP_CONCURRENCY, (item) => this.settle(item, false))
    await this.settleFillers()
  }

  /**
   * A validated transaction of the account: final for its item; attempts of other items with its
   * number count as dead. One the runner did not sign (`txJson` given: it came from the stream or
   * `account_tx`) is weighed in {@link foreign}: resolved once it is.
   */
  async onValidated(
    hash: string,
    sequence: number,
    found: Shown,
    txJson?: Record<string, unknown>,
  ): Promise<boolean> {
    const item = this.state.byHash.get(hash)
    if (item) {
      if (!(await this.own.counts(item, hash, found))) return false
      this.finishAttempt(item, hash, found)
    }
    const ours = item !== undefined || this.state.numbers.fillers.some((f) => f.hash === hash)
    if (ours) this.numberUsed(sequence, item, undefined)
    else if (txJson) await this.foreign(hash, sequence, found, txJson)
    return true
  }

  /**
   * A validated transaction this run did not sign, at the number of an attempt in flight: a wallet's
   * copy of that intent (its execution) or a rival signed by the account's key (the attempt is dead,
   * its intent may take another number) — once NumberProof.confirmedForeign lets it count (§3.2).
   */
  private async foreign(
    hash: string,
    sequence: number,
    found: Shown,
    txJson: Record<string, unknown>,
  ): Promise<void> {
    const at = this.state.inFlight().find((i) => this.state.latest(i).sequence === sequence)
    if (!at) return
    const copy = this.copies.copyAt(sequence, txJson) !== undefined
    if (!(await this.proof.confirmedForeign(hash, this.state.latest(at), found, copy))) return
    if (this.copies.executedElsewhere(hash, sequence, found, txJson)) return
    if (this.proof.provesRival(hash, sequence, txJson)) this.numberUsed(sequence, undefined, hash)
  }

  /** `sequence` is used by `item`'s attempt, or by the `rival` transaction: the others with it die. */
  private numberUsed(sequence: number, item: JobItemRow | undefined, rival: string | undefined) {
    this.state.numbers.fillers = this.state.numbers.fillers.filter((f) => f.sequence !== sequence)
    for (const other of this.state.inFlight()) {
      const b = this.state.latest(other)
      if (other !== item && b.sequence === sequence) this.state.markDead(other, b, rival)
    }
  }

  /**
   * Asks the ledger about an item's latest attempt. Found validated: final. Its number used, by the
   * server's view: the transaction that used it decides (see settleUsed). Past its LastLedgerSequence
   * with the number unused, and in none of the ledgers it could be in (another server of the network
   * agreeing, where there is one): dead, and signed again with the same number. Otherwise it is
   * still in flight, and submitted again (the same signed blob, which applies once at most) when the
   * server does not know it, or when `resubmit` asks.
   */
  private async settle(item: JobItemRow, resubmit: boolean): Promise<void> {
    const a = this.state.latest(item)
    const found = await this.lookup(a)
    // Look-ups run side by side: another one may have settled this attempt meanwhile (a rival on its
    // sequence validated), and it must not be marked dead or submitted a second time.
    if (item.status !== 'inFlight' || this.state.latest(item) !== a) return
    if (found.found) {
      const counted = await this.onValidated(a.hash, a.sequence, found)
      // Shown by this server alone (ownResults.ts) while its number is used: who used it decides.
      const used = this.state.view.validatedAccountSeq > a.sequence && this.own.isAbsentElsewhere(a)
      if (!counted && used && item.status === 'inFlight' && this.state.latest(item) === a)
        await this.proof.settleUsed(item, a)
      return
    }
    if (found.searchedAll && this.isDue(a)) {
      if (this.state.view.validatedAccountSeq > a.sequence) {
        await this.proof.settleUsed(item, a)
        return
      }
      const second = await this.proof.confirmAbsent(a)
      if (item.status !== 'inFlight' || this.state.latest(item) !== a) return
      if (second !== 'absent') {
        // Another server has it validated (the first one hid it), or about to be: not dead.
        if (second) void this.onValidated(a.hash, a.sequence, second)
        return
      }
      this.state.markDead(item, a)
      if (!isRejected(a)) await this.proof.afterUnprovenDeath(item, a)
      return
    }
    if (!this.isDue(a) && !isRejected(a) && (resubmit || !found.known)) {
      await this.submitter.submit(item, a)
    }
  }

  /** Fillers: validated (their number is used) or dead (their number is free again when unused). */
  private async settleFillers(): Promise<void> {
    for (const f of [...this.state.numbers.fillers]) {
      const found = await this.lookup(f)
      if (found.found) {
        void this.onValidated(f.hash, f.sequence, found)
      } else if (found.searchedAll && this.isDue(f)) {
        // Its number is still only a filler's (it may have been an intent's before).
        this.state.numbers.fillers = this.state.numbers.fillers.filter((x) => x !== f)
        if (this.state.view.validatedAccountSeq <= f.sequence)
          this.state.numbers.sequencer?.abandon(f.sequence)
      } else if (!this.isDue(f) && !found.known) {
        await this.submitter.resubmitFiller(f)
      }
    }
  }

  private async readView(): Promise<void> {
    this.state.view = await readLedgerView(this.deps.client(), this.state.job.account, {
      previous: this.state.view,
      inFlight: this.state.inFlightCount(),
      pace: this.deps.pace,
      server: () => this.proof.server(),
      ...(this.deps.serverLags ? { serverLags: this.deps.serverLags } : {}),
    })
  }

  /** Past its LastLedgerSequence, or its number consumed, in the validated ledger of the view. */
  private isDue(a: Signed): boolean {
    return isDue(a, this.state.view)
  }

  /**
   * The attempt can only be in a ledger after the one validated when it was signed and up to its
   * LastLedgerSequence. The search stops at the view's validated ledger: what `isDue` compared
   * against. (It used to run up to the newest ledger and be cut to its last 1,000, which could leave
   * an old attempt's ledgers out of a search that still claimed `searched_all`.)
   */
  private lookup(a: Signed): Promise<Lookup> {
    const max = Math.min(a.lastLedgerSequence, this.state.view.validated)
    return lookupTx(this.deps.client(), a.hash, a.firstLedger, max)
  }

  private finishAttempt(item: JobItemRow, hash: string, found: Lookup & { found: true }): void {
    const a = item.attempts.find((x) => x.hash === hash)!
    a.final = found.result
    a.ledgerIndex = found.ledgerIndex
    const made =
      found.result === 'tesSUCCESS'
        ? itemMade(item, this.state.job.account, a.sequence, found.meta)
        : {}
    this.state.finish(item, found.result, made)
  }
}
