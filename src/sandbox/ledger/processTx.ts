/**
 * Deciding about one transaction (rippled's TxQ::apply, tryDirectApply first) and moving queued
 * transactions into a new open ledger (TxQ::accept).
 */
import type { TxJson } from './context.ts'
import { baseFeeOf, readAccount } from './context.ts'
import type { AccountRoot } from './entries.ts'
import { preflight } from './apply.ts'
import type { Ter } from './ter.ts'
import { isApplied, isTef, isTem } from './ter.ts'
import type { PendingTx } from './txQueue.ts'
import { MAX_RETRIES, feeLevel, isTicket, requiredLevel, seqKey } from './txQueue.ts'
import type { TxEnv } from './queueAdmission.ts'
import { queueApply } from './queueAdmission.ts'

/** Runs `run` for a transaction; an exception is that transaction's failure, not the caller's. */
export type Guard = (p: PendingTx, run: () => Ter) => Ter

/** The fee level the next transaction needs to go straight into the open ledger. */
export function openLevel(env: TxEnv): number {
  return requiredLevel(env.open.count, env.expectedLedgerSize)
}

function feeLevelOf(env: TxEnv, tx: TxJson, acct: Readonly<AccountRoot> | undefined): number {
  const base = acct ? baseFeeOf(tx, acct, env.settings) : env.settings.baseFee
  return feeLevel(tx, base, env.settings.baseFee)
}

/**
 * Applies the transaction to the open ledger when its Sequence is the account's (or it uses a Ticket)
 * and it pays the open ledger's fee level; a queued transaction with the same Sequence or Ticket is
 * then replaced. Otherwise the queue decides. Returns the engine result.
 */
export function considerTx(env: TxEnv, p: PendingTx, failHard: boolean): Ter {
  const pre = preflight(p.tx)
  if (pre !== 'tesSUCCESS') return pre
  const acct = readAccount(env.open.view(), p.tx.Account)
  p.feeLevel = feeLevelOf(env, p.tx, acct)
  if (!acct) return 'terNO_ACCOUNT'
  const inTurn = isTicket(p.tx) || p.tx.Sequence === acct.Sequence
  if (inTurn && p.feeLevel >= openLevel(env)) return applyDirect(env, p)
  return queueApply(env, p, acct, failHard)
}

function applyDirect(env: TxEnv, p: PendingTx): Ter {
  const out = env.open.apply(p, env.settings)
  const queued = out.applied ? env.queue.findSeq(p.tx.Account, p.tx) : undefined
  if (queued) env.queue.remove(queued.hash)
  return out.result
}

/** Only an account's first sequence-based transaction may leave the queue; tickets in any order. */
function isNextOfAccount(env: TxEnv, p: PendingTx): boolean {
  if (isTicket(p.tx)) return true
  const first = env.queue.forAccount(p.tx.Account)[0]
  return first === undefined || seqKey(p.tx) <= seqKey(first.tx)
}

/**
 * Applies queued transactions to the new open ledger, highest fee level first, while they pay what the
 * open ledger asks. One that applies (tes or tec) leaves the queue; one that fails with tef or tem, or
 * fails again after MAX_RETRIES failures, is dropped; other failures stay for a later ledger.
 */
export function drainQueue(env: TxEnv, guard: Guard): void {
  const tried = new Set<string>()
  let progress = true
  while (progress) {
    progress = false
    for (const p of env.queue.ordered()) {
      if (tried.has(p.hash) || !isNextOfAccount(env, p)) continue
      if (p.feeLevel < openLevel(env)) return
      tried.add(p.hash)
      if (isApplied(guard(p, () => tryQueued(env, p)))) {
        progress = true // the account's next transaction may go now: start over
        break
      }
    }
  }
}

function tryQueued(env: TxEnv, p: PendingTx): Ter {
  const out = env.open.apply(p, env.settings)
  if (out.applied || isTef(out.result) || isTem(out.result) || p.retries >= MAX_RETRIES)
    env.queue.remove(p.hash)
  else p.retries += 1
  return out.result
}
