/** The `result` of a submit, with the flags rippled's NetworkOPs sets on the transaction. */
import type { TxJson } from './context.ts'
import { readAccount } from './context.ts'
import type { Ter } from './ter.ts'
import { isApplied, terCode, terMessage } from './ter.ts'
import type { PendingTx } from './txQueue.ts'
import { levelToDrops } from './txQueue.ts'
import type { TxEnv } from './queueAdmission.ts'
import { openLevel } from './processTx.ts'

export interface SubmitResult {
  engine_result: Ter
  engine_result_code: number
  engine_result_message: string
  tx_blob: string
  tx_json: TxJson & { hash: string }
  /** Any of applied, broadcast, queued, kept. */
  accepted: boolean
  /** In the open ledger (tes or tec). */
  applied: boolean
  /** Applied or queued, and not refused by fail_hard (rippled relays these). */
  broadcast: boolean
  /**
   * The server keeps the transaction and tries it again in later open ledgers (see localTxs.ts), or
   * it is in the open ledger; false for what can never apply (tem, tefPAST_SEQ) and under fail_hard.
   */
  kept: boolean
  /** In the transaction queue (terQUEUED). */
  queued: boolean
  /** The account's Sequence in the open ledger (0 when the account does not exist). */
  account_sequence_next: number
  /** The next Sequence the account can use, counting its queued transactions. */
  account_sequence_available: number
  open_ledger_cost: string
  validated_ledger_index: number
}

/** The drops the next transaction needs to go straight into the open ledger. */
export function openLedgerFeeDrops(env: TxEnv): bigint {
  return levelToDrops(openLevel(env), env.settings.baseFee)
}

/**
 * The answer to a submit whose engine result is `ter`. `kept` says whether the server kept the
 * transaction for later ledgers (an applied one counts as kept unless fail_hard refused a tec).
 */
export function submitResult(
  env: TxEnv,
  p: PendingTx,
  ter: Ter,
  opts: { failHard: boolean; kept: boolean; validatedIndex: number },
): SubmitResult {
  const acct = readAccount(env.open.view(), p.tx.Account)
  const applied = isApplied(ter)
  const queued = ter === 'terQUEUED'
  const refusedHard = opts.failHard && ter !== 'tesSUCCESS'
  const kept = applied ? !refusedHard : opts.kept
  const broadcast = (applied || queued) && !refusedHard
  return {
    engine_result: ter,
    engine_result_code: terCode(ter),
    engine_result_message: terMessage(ter),
    tx_blob: p.blob,
    tx_json: { ...p.tx, hash: p.hash },
    accepted: applied || broadcast || queued || kept,
    applied,
    broadcast,
    kept,
    queued,
    account_sequence_next: acct?.Sequence ?? 0,
    account_sequence_available: acct ? env.queue.nextQueuable(p.tx.Account, acct.Sequence) : 0,
    open_ledger_cost: openLedgerFeeDrops(env).toString(),
    validated_ledger_index: opts.validatedIndex,
  }
}
