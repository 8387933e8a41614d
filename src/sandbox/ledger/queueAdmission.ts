/**
 * Whether a transaction that cannot go straight into the open ledger may wait in the queue: rippled's
 * TxQ::apply after tryDirectApply, in its order. A Ticket must be in the ledger; a blocker must be
 * alone; a replacement must pay more than 125% of the fee level it replaces; the Sequence must be the
 * account's or fill the next gap after its queued ones; canBeHeld (no fail_hard, a LastLedgerSequence
 * at least two ledgers away, at most 10 per account); the fees in flight must leave the balance and
 * the reserve alone; and preclaim, run as if the account's queued transactions had applied, must
 * expect the transaction to claim a fee. A full queue gives up the last transaction of the cheapest
 * other account for a newcomer that pays more.
 */
import type { AccountRoot } from './entries.ts'
import { keylet } from './keylets.ts'
import type { LedgerSettings, TxJson } from './context.ts'
import { peekAccount } from './context.ts'
import { isBlocker, preclaim } from './apply.ts'
import type { Ter } from './ter.ts'
import { isApplied } from './ter.ts'
import type { PendingTx, TxQueue } from './txQueue.ts'
import { MAX_PER_ACCOUNT, isTicket, seqKey } from './txQueue.ts'
import type { OpenLedger } from './openLedger.ts'
import type { ApplyView } from './view.ts'

/** What deciding about a transaction needs: the open ledger, the queue and the ledger's settings. */
export interface TxEnv {
  readonly open: OpenLedger
  readonly queue: TxQueue
  readonly settings: LedgerSettings
  readonly expectedLedgerSize: number
}

/** The view preclaim runs against, and whether canBeHeld has been checked on the way. */
interface Trial {
  view: ApplyView
  heldChecked: boolean
}

/** A transaction asking to be queued, with what the queue already holds for its account. */
interface Candidate {
  env: TxEnv
  p: PendingTx
  tx: TxJson
  acct: Readonly<AccountRoot>
  /** The account's queued transactions, in SeqProxy order. */
  all: readonly PendingTx[]
  /** Those not already passed by the account's Sequence (rippled ignores the others). */
  live: readonly PendingTx[]
  /** The queued transaction with the same Sequence or Ticket, which this one would replace. */
  replaced: PendingTx | undefined
  failHard: boolean
}

/** Queues the transaction (terQUEUED) or says why it cannot wait there. */
export function queueApply(
  env: TxEnv,
  p: PendingTx,
  acct: Readonly<AccountRoot>,
  failHard: boolean,
): Ter {
  const { tx } = p
  if (isTicket(tx) && !env.open.view().read(keylet.ticket(tx.Account, tx.TicketSequence!)))
    return tx.TicketSequence! < acct.Sequence ? 'tefNO_TICKET' : 'terPRE_TICKET'
  const all = env.queue.forAccount(tx.Account)
  const live = all.filter((q) => seqKey(q.tx) >= acct.Sequence)
  const replaced = env.queue.findSeq(tx.Account, tx)
  const c: Candidate = { env, p, tx, acct, all, live, replaced, failHard }
  const gate = gateCheck(c)
  if (gate) return gate
  const trial = trialView(c)
  if (typeof trial === 'string') return trial
  const claim = preclaim(trial.view, tx, env.settings)
  if (!isApplied(claim)) return claim
  const held = trial.heldChecked ? 'tesSUCCESS' : canBeHeld(c)
  return held === 'tesSUCCESS' ? enqueue(c) : held
}

/** Blockers, a queued blocker, and the replacement fee. */
function gateCheck({ p, live, replaced }: Candidate): Ter | undefined {
  const key = seqKey(p.tx)
  const other = live.length === 1 && seqKey(live[0]!.tx) !== key
  if (isBlocker(p.tx) && (live.length > 1 || other)) return 'telCAN_NOT_QUEUE_BLOCKS'
  if (other && isBlocker(live[0]!.tx)) return 'telCAN_NOT_QUEUE_BLOCKED'
  if (live.length > 0 && replaced && p.feeLevel * 4 <= replaced.feeLevel * 5)
    return 'telCAN_NOT_QUEUE_FEE'
  return undefined
}

/** The sequence rules, and the view preclaim sees: the open ledger, or it after the queued ones. */
function trialView(c: Candidate): Trial | Ter {
  const { env, tx, acct, all, live, replaced } = c
  const bySeq = !isTicket(tx)
  if (bySeq && tx.Sequence < acct.Sequence) return 'tefPAST_SEQ'
  if (live.length === 0) {
    if (bySeq && tx.Sequence > acct.Sequence) return 'terPRE_SEQ'
    return { view: env.open.view(), heldChecked: false }
  }
  if (live.length === 1 && replaced) return { view: env.open.view(), heldChecked: false }
  const held = canBeHeld(c)
  if (held !== 'tesSUCCESS') return held
  const front = all.every((q) => seqKey(q.tx) > seqKey(tx))
  if (front && bySeq && tx.Sequence > acct.Sequence) return 'terPRE_SEQ'
  const next = env.queue.nextQueuable(tx.Account, acct.Sequence)
  if (!front && !replaced && bySeq && tx.Sequence !== next) return 'telCAN_NOT_QUEUE'
  return fundedView(c)
}

/** An XRP Payment may spend its Amount (rippled TxConsequences::potentialSpend). */
export function potentialSpend(tx: TxJson): bigint {
  const amount = tx.Amount
  return tx.TransactionType === 'Payment' && typeof amount === 'string' ? BigInt(amount) : 0n
}

/**
 * The fees (and XRP spend) of the account's other queued transactions must not reach its balance or
 * the base reserve; preclaim then sees the account as if they had applied.
 */
function fundedView({ env, p, tx, acct, live }: Candidate): Trial | Ter {
  const key = seqKey(tx)
  let fees = 0n
  let spend = 0n
  live.forEach((q, i) => {
    // A replacement in the middle of the queue counts with its own fee instead of the replaced one's.
    const counted = seqKey(q.tx) !== key ? q : i < live.length - 1 ? p : undefined
    if (counted) {
      fees += BigInt(counted.tx.Fee)
      spend += potentialSpend(counted.tx)
    }
  })
  const balance = BigInt(acct.Balance)
  const { reserveBase, baseFee } = env.settings
  if (fees >= balance || (reserveBase > 10n * baseFee && fees >= reserveBase))
    return 'telCAN_NOT_QUEUE_BALANCE'
  const view = env.open.view()
  const bumped = peekAccount(view, tx.Account)
  const spare = balance - (balance < reserveBase ? balance : reserveBase)
  bumped.Balance = (balance - fees - (spend < spare ? spend : spare)).toString()
  bumped.Sequence = isTicket(tx) ? env.queue.nextQueuable(tx.Account, acct.Sequence) : tx.Sequence
  return { view, heldChecked: true }
}

/** rippled's TxQ::canBeHeld. */
function canBeHeld({ env, tx, acct, all, replaced, failHard }: Candidate): Ter {
  if (tx.AccountTxnID !== undefined || tx.PreviousTxnID !== undefined || failHard)
    return 'telCAN_NOT_QUEUE'
  // A queued transaction must have a real chance to get into a ledger.
  if (tx.LastLedgerSequence !== undefined && tx.LastLedgerSequence < env.open.seq + 2)
    return 'telCAN_NOT_QUEUE'
  if (all.length === 0 || replaced || all.length < MAX_PER_ACCOUNT) return 'tesSUCCESS'
  // Over the per-account limit only a transaction that fills a real sequence gap may join.
  if (isTicket(tx)) return 'telCAN_NOT_QUEUE_FULL'
  const next = env.queue.nextQueuable(tx.Account, acct.Sequence)
  if (tx.Sequence !== next) return 'telCAN_NOT_QUEUE_FULL'
  const after = all.find((q) => seqKey(q.tx) > next)
  return after && !isTicket(after.tx) ? 'tesSUCCESS' : 'telCAN_NOT_QUEUE_FULL'
}

function enqueue({ env, p, replaced }: Candidate): Ter {
  if (!replaced && env.queue.isFull()) {
    const victim = env.queue.evictionFor(p.tx.Account, p.feeLevel)
    if (!victim) return 'telCAN_NOT_QUEUE_FULL'
    env.queue.remove(victim.hash)
  }
  if (replaced) env.queue.remove(replaced.hash)
  p.retries = 0
  env.queue.add(p)
  return 'terQUEUED'
}
