/**
 * Copies of an intent that the run did not store (docs/architecture.md §3.2): a validated transaction
 * at an item's number, signed by the account, that does what the item's intent does — an external
 * wallet's own submission of what it was asked to sign (a late approval the app dropped, or one made
 * after the app stopped waiting: paused, tab closed). Such a copy is the item's execution, recorded as
 * its attempt; what the app signed itself counts only with another server's word where the network
 * has one, since a server may hold it and show it validated without relaying it.
 */
import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import { signedByAccount } from '../../ledger/rivalProof.ts'
import { sequenceHolder } from '../../ledger/sequenceHolder.ts'
import type { Lookup } from '../../ledger/txLookup.ts'
import { HOLDER_MARGIN, inUseConfirms, secondConfirms } from './numberProof.ts'
import type { CopiesState } from './runState.ts'
import type { SettleDeps } from './settleDeps.ts'

type Found = Lookup & { found: true }

export class IntentCopies {
  /**
   * @param finished - records an item's attempt (by hash) final with the validated result.
   */
  constructor(
    private readonly state: CopiesState,
    private readonly deps: SettleDeps,
    private readonly finished: (item: JobItemRow, hash: string, found: Found) => void,
  ) {}

  /**
   * A validated transaction the runner did not store, with an item's number, that does what the
   * item's intent does, signed by the account: a copy of it that a wallet kept and submitted (a late
   * approval the app dropped). It is the item's execution: recorded as its attempt, final.
   */
  executedElsewhere(
    hash: string,
    sequence: number,
    found: Lookup & { found: true },
    txJson: Record<string, unknown>,
  ): boolean {
    const { account } = this.state.job
    const item = this.copyAt(sequence, txJson)
    if (!item || !signedByAccount(hash, txJson, account, this.deps.keyAddress?.())) return false
    this.recordCopy(item, hash, sequence, found, txJson, this.state.latest(item))
    return true
  }

  /** The item in flight at `sequence` whose intent `txJson` does, if any. */
  copyAt(sequence: number, txJson: Record<string, unknown>): JobItemRow | undefined {
    return this.state
      .inFlight()
      .find((i) => this.state.latest(i).sequence === sequence && this.deps.sameIntent?.(i, txJson))
  }

  /**
   * A pending item that keeps a number the account's validated Sequence is already past (a wallet
   * was asked to sign it with that number, or an attempt of it died unproven) while no run followed
   * the account: the job was paused, the tab closed. Before the last look can skip it — a copy the
   * wallet submitted meanwhile makes its NFT look taken — the transaction that used the number is
   * looked up, on this server and on another: a copy of the intent signed by the account is the
   * item's execution; another transaction signed by the account proves the number used, so the
   * intent is free to take another one. Anything else leaves the item as it is (the attempt with
   * the number, if signed again, is proven or pauses as in settleUsed).
   */
  async usedWhileAway(item: JobItemRow): Promise<void> {
    const sequence = this.state.pinned(item)
    const { validated, validatedAccountSeq } = this.state.view
    if (sequence === undefined || sequence >= validatedAccountSeq) return
    const last = item.attempts.at(-1)
    const attempt = last?.sequence === sequence ? last : undefined
    const since = attempt ? attempt.firstLedger : item.reservedLedger
    if (since === undefined) return
    const { account } = this.state.job
    const range = [account, sequence, since - HOLDER_MARGIN, validated] as const
    const ownFillers = await this.state.numbers.storedFillers()
    const still = () => item.status === 'pending' && this.state.pinned(item) === sequence
    for (const [ask, byOther] of [
      [() => sequenceHolder(this.deps.client(), ...range), false],
      [() => this.deps.secondLookup?.holder(...range) ?? Promise.resolve(undefined), true],
    ] as const) {
      const holder = await ask()
      if (!still()) return
      if (typeof holder !== 'object') continue
      const { hash, txJson, lookup } = holder
      if (!signedByAccount(hash, txJson, account, this.deps.keyAddress?.())) continue
      // What the app signed itself, a server may hold and show validated without relaying it: the
      // store's own no-op, or the wallet's copy of this intent, counts only with another server's
      // word where the network has one (as in settleUsed).
      // So may a rival: one the same key signed on another network (Testnet) looks as real.
      const copy = this.deps.sameIntent?.(item, txJson) === true
      const filler = ownFillers.has(hash)
      if (!(await this.confirmedIfPossible(hash, since, filler, copy, byOther))) continue
      if (!still()) return
      if (this.deps.sameIntent?.(item, txJson)) {
        const base = { firstLedger: since, feeDrops: attempt?.feeDrops ?? '0' }
        this.recordCopy(item, hash, sequence, lookup, txJson, base)
      } else if (attempt) {
        attempt.rival = hash
        this.state.touch(item)
      } else {
        delete item.reserved
        delete item.reservedLedger
        this.state.touch(item)
      }
      return
    }
  }

  /** Records a copy of the item's intent signed outside the app as its attempt, final. */
  private recordCopy(
    item: JobItemRow,
    hash: string,
    sequence: number,
    found: Found,
    txJson: Record<string, unknown>,
    base: Pick<Attempt, 'firstLedger' | 'feeDrops'>,
  ): void {
    item.attempts.push({
      sequence,
      firstLedger: base.firstLedger,
      lastLedgerSequence: found.ledgerIndex,
      feeDrops: typeof txJson.Fee === 'string' ? txJson.Fee : base.feeDrops,
      hash,
      // Signed by the wallet outside the app: no blob was ever stored (none is submitted again).
      txBlob: '',
      signedAt: Date.now(),
    })
    delete item.reserved
    delete item.reservedLedger
    this.state.byHash.set(hash, item)
    this.finished(item, hash, found)
  }

  /**
   * Whether another server confirms the transaction validated; with no other server on the
   * network, a copy of the intent is taken on the one server's word (the plan says so), a no-op of
   * the store's or a rival never (see NumberProof.confirmedForeign).
   */
  private async confirmedIfPossible(
    hash: string,
    since: number,
    filler: boolean,
    copy: boolean,
    byOther: boolean,
  ): Promise<boolean> {
    // What another server showed, the server in use must have too: no server confirms its own word.
    if (byOther) return inUseConfirms(this.deps.client(), hash, since, this.state.view.validated)
    if (!this.deps.secondLookup?.available()) return copy && !filler
    return secondConfirms(this.deps.secondLookup, hash, since, this.state.view.validated)
  }
}
