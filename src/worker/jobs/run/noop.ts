/**
 * A transaction that changes nothing but the account's Sequence (and costs the fee).
 *
 * Why: a bulk job signs many transactions ahead with consecutive sequence numbers (docs/architecture.md §3.3).
 * When one of them is rejected in a way that consumes no sequence (tef/tem/tel, or it expired unapplied)
 * and its intent is not signed again (the item failed for good, or the job was cancelled), its
 * sequence number stays unused, and every later transaction of the account waits behind the gap
 * (terPRE_SEQ) until its LastLedgerSequence passes. Signing this no-op with the unused sequence fills
 * the gap so the later transactions apply.
 */
import type { AccountSet } from 'xrpl'

import type { Attempt } from '../../../db/types/jobItems.ts'
import { requireAccount } from '../../ledger/intentFields.ts'

/** A no-op AccountSet that fills a sequence gap. Not stored: it carries no intent. */
export type Filler = Pick<
  Attempt,
  'sequence' | 'hash' | 'firstLedger' | 'lastLedgerSequence' | 'txBlob'
>

/**
 * Builds an AccountSet with no flags and no fields to change: applied, it only consumes a sequence
 * number and the fee. The caller sets Sequence (the unused one), Fee and LastLedgerSequence.
 *
 * @param account - the classic address whose sequence gap to fill.
 * @returns an unsigned AccountSet.
 * @throws EngineError `VALIDATION` when `account` is not a classic address.
 *
 * @example
 * ```ts
 * const filler = { ...buildNoop(account), Sequence: 42, Fee: '12', LastLedgerSequence: 1020 }
 * ```
 */
export function buildNoop(account: string): AccountSet {
  requireAccount(account)
  return { TransactionType: 'AccountSet', Account: account }
}
