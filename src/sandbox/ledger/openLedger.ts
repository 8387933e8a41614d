/**
 * The open ledger (rippled's OpenView): the state transactions apply to as they arrive, and those
 * transactions, in the order they go into the ledger when it closes. Its state is a copy of the last
 * closed one, made when the first transaction applies (empty ledgers share the closed state).
 */
import type { LedgerSettings } from './context.ts'
import type { Entry } from './entries.ts'
import type { TargetState, TxOutcome } from './apply.ts'
import { applyTransaction } from './apply.ts'
import type { TxMeta } from './meta.ts'
import type { Ter } from './ter.ts'
import type { PendingTx } from './txQueue.ts'
import type { StateMap } from './view.ts'
import { ApplyView } from './view.ts'

/** A transaction applied to the open ledger, with its result and metadata. */
export interface OpenTx extends PendingTx {
  result: Ter
  meta: TxMeta
}

export class OpenLedger implements TargetState {
  private readonly applied: OpenTx[] = []
  private readonly hashes = new Set<string>()
  private state: StateMap
  private shared = true

  /** `seq` is this ledger's index; `base` the state of the ledger before it (never mutated). */
  /** `onApplied` hears of each transaction that joins this ledger (the proposed streams). */
  constructor(
    readonly seq: number,
    base: StateMap,
    private readonly onApplied: (t: OpenTx) => void = () => undefined,
  ) {
    this.state = base
  }

  get current(): StateMap {
    return this.state
  }

  writable(): Map<string, Readonly<Entry>> {
    if (this.shared) {
      this.state = new Map(this.state)
      this.shared = false
    }
    return this.state as Map<string, Readonly<Entry>>
  }

  /** A read view of the current state. */
  view(): ApplyView {
    return new ApplyView(this.state)
  }

  get count(): number {
    return this.applied.length
  }

  get txs(): readonly OpenTx[] {
    return this.applied
  }

  has(hash: string): boolean {
    return this.hashes.has(hash)
  }

  find(hash: string): OpenTx | undefined {
    return this.has(hash) ? this.applied.find((t) => t.hash === hash) : undefined
  }

  /** Runs the transaction pipeline against this ledger; an applied transaction joins it. */
  apply(p: PendingTx, settings: LedgerSettings): TxOutcome {
    const out = applyTransaction(this, p.tx, p.hash, settings)
    if (out.applied) {
      const t = { ...p, result: out.result, meta: out.meta! }
      this.applied.push(t)
      this.hashes.add(p.hash)
      this.onApplied(t)
    }
    return out
  }
}
