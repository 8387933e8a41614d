/**
 * The transactions of bulk jobs: each intent type has a validator and a builder (xrpl.js style) in
 * the capability it belongs to (a sell offer and a cancellation, shared by several job kinds, in this
 * floor), registered once (src/worker/jobKinds.ts). The jobs engine turns each recorded intent into
 * an unsigned transaction through here; it adds Fee, Sequence and LastLedgerSequence, signs, and
 * records the blob before submitting.
 */
import type { Client, SubmittableTransaction } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import type { PlanProblem } from '../../db/types/jobs.ts'
import { describeValue, invalidIntent } from './intentFields.ts'
import { resultMessage } from './resultMessages.ts'
import type { ResultSentences, ResultWords } from './resultMessages.ts'
import type { SecondRead } from './secondRead.ts'

/** Why an item is not signed (see {@link IntentSpec.lastLook}). */
export type Refusal = Pick<PlanProblem, 'code' | 'message'>

/** What the last look before signing reads with. */
export interface LastLookContext {
  /** A connected client. */
  client: Client
  /** The address of the key that will sign (it tells a regular key from the master key). */
  signingKey: string
  /** The account whose transaction it is. */
  account: string
  /** The network's name, for messages. */
  networkName: string
  /** Other servers of the network, for the facts that set a sale's value. */
  second?: SecondRead
}

/** One intent type's transaction: how its intent is checked and turned into a transaction. */
export interface IntentSpec<I extends Intent = Intent> {
  readonly type: I['type']
  /**
   * Checks the intent (as recorded in the job: an untrusted shape) for the account that signs.
   *
   * @throws EngineError `VALIDATION` with a message fit to show.
   */
  validate(intent: Intent, account: string): void
  /** The unsigned transaction, without Fee, Sequence and LastLedgerSequence; `validate` first. */
  build(account: string, intent: I): SubmittableTransaction
  /**
   * What its results mean for this transaction, where that says more than the sentence every
   * transaction shares (see resultMessage): its success, its own `tec` codes, and what skipping or
   * cancelling it left undone.
   */
  readonly results: ResultSentences
  /**
   * The last look before signing (docs/architecture.md §3.6), for a transaction whose rightness can
   * change after it was planned: what the ledger says now that makes signing it wrong (a bid no
   * longer on the confirmed terms, a key that is no longer the account's), or null. The item is
   * skipped with the refusal; nothing of it is signed.
   *
   * @throws EngineError as the reads do (a lost connection: the run waits and looks again).
   */
  lastLook?(intent: I, context: LastLookContext): Promise<Refusal | null>
}

/** A spec of any one intent type. */
export type AnyIntentSpec = {
  [T in Intent['type']]: IntentSpec<Extract<Intent, { type: T }>>
}[Intent['type']]

/** The registered intent types. */
export class IntentTypes implements ResultWords {
  private readonly specs = new Map<string, IntentSpec>()

  /** @param specs - one per intent type. */
  constructor(specs: readonly AnyIntentSpec[]) {
    for (const spec of specs) this.specs.set(spec.type, spec)
  }

  /**
   * Checks any intent with the validator of its type.
   *
   * @param intent - the intent, as recorded in the job (untrusted shape).
   * @param account - the classic address that will sign its transaction.
   * @throws EngineError `VALIDATION` with a message fit to show; for an unknown type,
   *   `Unknown intent type "…": expected offer, burn, cancel, accept, removeRegularKey or mint.`
   */
  validate(intent: Intent, account: string): void {
    this.specOf(intent).validate(intent, account)
  }

  /**
   * Validates an intent and builds its unsigned transaction: NFTokenCreateOffer (sell) for `offer`,
   * NFTokenBurn for `burn`, NFTokenCancelOffer for `cancel`, NFTokenAcceptOffer for `accept`,
   * SetRegularKey without a key for `removeRegularKey`. Fee, Sequence and LastLedgerSequence are left
   * to the caller.
   *
   * @throws EngineError `VALIDATION` as {@link IntentTypes.validate}.
   *
   * @example
   * ```ts
   * const tx = { ...types.build(account, item.intent), Fee: '12', Sequence: 7, LastLedgerSequence: 120 }
   * const { tx_blob, hash } = wallet.sign(tx)
   * ```
   */
  build(account: string, intent: Intent): SubmittableTransaction {
    const spec = this.specOf(intent)
    spec.validate(intent, account)
    // The spec of the intent's own type: validate has checked the intent's shape for it.
    return spec.build(account, intent)
  }

  /**
   * The plain-words sentence for an item's result, in the words of its transaction (see
   * resultMessage): `tecNO_PERMISSION` on an offer says the recipient blocks incoming offers.
   *
   * @param code - a transaction result or one of the engine's own outcomes (`dead`, `skipped`,
   *   `cancelled`, `notReplaced`).
   * @param type - the item's intent type; an unknown one gets the shared sentence.
   */
  resultMessage(code: string, type: string): string {
    return resultMessage(code, this.specs.get(type)?.results)
  }

  /**
   * Validates an intent and takes its last look before signing (see {@link IntentSpec.lastLook});
   * null for a type that has none.
   *
   * @throws EngineError `VALIDATION` as {@link IntentTypes.validate}; as the reads do.
   */
  async lastLook(intent: Intent, context: LastLookContext): Promise<Refusal | null> {
    const spec = this.specOf(intent)
    if (!spec.lastLook) return null
    spec.validate(intent, context.account)
    return spec.lastLook(intent, context)
  }

  private specOf(intent: Intent): IntentSpec {
    const type: unknown =
      typeof intent === 'object' && intent !== null
        ? (intent as { type?: unknown }).type
        : undefined
    const spec = typeof type === 'string' ? this.specs.get(type) : undefined
    if (!spec) {
      const known = [...this.specs.keys()]
      const list = `${known.slice(0, -1).join(', ')} or ${known.at(-1) ?? ''}`
      throw invalidIntent(
        `Unknown intent type ${describeValue(type)}: expected ${list}.`,
        'type',
        type,
      )
    }
    return spec
  }
}
