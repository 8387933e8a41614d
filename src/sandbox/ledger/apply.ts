/**
 * The transaction pipeline in rippled's order: preflight (stateless) → preclaim (account, sequence or
 * ticket, LastLedgerSequence, signature authorisation, fee, then the type's own checks) → doApply. A
 * tec result is applied: fee and sequence are consumed and every other change is discarded.
 *
 * `applyTransaction` runs all of it; the ledger uses it for every transaction that enters the open
 * ledger (directly, from the queue, or retried), and the transactor tests use it too.
 */
import { deriveAddress } from 'xrpl'
import type { AccountRoot, Entry, SignerList, Ticket } from './entries.ts'
import { lsf } from './entries.ts'
import { keylet } from './keylets.ts'
import type { LedgerSettings, MetaExtras, Transactor, TxJson } from './context.ts'
import { baseFeeOf, peekAccount, readAccount } from './context.ts'
import type { TxMeta } from './meta.ts'
import { affectedNodes } from './meta.ts'
import type { Ter } from './ter.ts'
import { isApplied, isTec } from './ter.ts'
import { transactors } from './transactors/index.ts'
import { accountSetIsBlocker } from './transactors/accountSet.ts'
import { deleteTicket } from './transactors/ticketCreate.ts'
import type { StateMap } from './view.ts'
import type { SignerJson } from './signature.ts'
import { signersOf } from './signature.ts'
import { ApplyView } from './view.ts'

export function transactorFor(tx: TxJson): Transactor | undefined {
  return Object.hasOwn(transactors, tx.TransactionType)
    ? transactors[tx.TransactionType]
    : undefined
}

/** rippled's TxConsequences::blocker: a change to how the account signs cannot share the queue. */
export function isBlocker(tx: TxJson): boolean {
  return tx.TransactionType === 'AccountSet'
    ? accountSetIsBlocker(tx)
    : transactorFor(tx)?.blocker === true
}

/** Stateless checks common to every transaction, then the type's own preflight. */
export function preflight(tx: TxJson): Ter {
  const t = transactorFor(tx)
  if (!t) return 'temDISABLED'
  if (typeof tx.Fee !== 'string' || !/^\d+$/.test(tx.Fee)) return 'temBAD_FEE'
  if (tx.TicketSequence !== undefined && tx.Sequence !== 0) return 'temSEQ_AND_TICKET'
  if (!tx.SigningPubKey && !signersOf(tx)) return 'temBAD_SIGNATURE'
  if (tx.NetworkID !== undefined) return 'telNETWORK_ID_MAKES_TX_NON_CANONICAL'
  return t.preflight(tx)
}

/** rippled's checkSeqProxy: the Sequence must be the account's, or the Ticket must be in the ledger. */
export function checkSeqProxy(view: ApplyView, tx: TxJson, acct: Readonly<AccountRoot>): Ter {
  if (tx.TicketSequence !== undefined) {
    if (view.read(keylet.ticket(tx.Account, tx.TicketSequence))) return 'tesSUCCESS'
    return tx.TicketSequence >= acct.Sequence ? 'terPRE_TICKET' : 'tefNO_TICKET'
  }
  if (tx.Sequence < acct.Sequence) return 'tefPAST_SEQ'
  if (tx.Sequence > acct.Sequence) return 'terPRE_SEQ'
  return 'tesSUCCESS'
}

/** rippled's checkSingleSign: the signing key must be the account's RegularKey or its enabled master key. */
export function checkSign(tx: TxJson, acct: Readonly<AccountRoot>): Ter {
  const signer = deriveAddress(tx.SigningPubKey)
  if (acct.RegularKey && signer === acct.RegularKey) return 'tesSUCCESS'
  if (signer === tx.Account) {
    return (acct.Flags & lsf.disableMaster) !== 0 ? 'tefMASTER_DISABLED' : 'tesSUCCESS'
  }
  return 'tefBAD_AUTH'
}

/**
 * rippled's checkMultiSign: the account's signer list names every signer; each signs with its own
 * enabled master key (an account not in the ledger may sign with the key its address derives from)
 * or with its regular key; their weights reach the quorum.
 */
export function checkMultiSign(view: ApplyView, tx: TxJson, signers: readonly SignerJson[]): Ter {
  const list = view.read<SignerList>(keylet.signers(tx.Account))
  if (!list) return 'tefNOT_MULTI_SIGNING'
  const weights = new Map(
    list.SignerEntries.map((e) => [e.SignerEntry.Account, e.SignerEntry.SignerWeight]),
  )
  let sum = 0
  for (const s of signers) {
    const weight = weights.get(s.Account)
    if (weight === undefined) return 'tefBAD_SIGNATURE'
    let fromKey: string
    try {
      fromKey = deriveAddress(s.SigningPubKey)
    } catch {
      return 'tefBAD_SIGNATURE'
    }
    const root = readAccount(view, s.Account)
    if (fromKey === s.Account) {
      if (root && (root.Flags & lsf.disableMaster) !== 0) return 'tefMASTER_DISABLED'
    } else if (!root?.RegularKey || root.RegularKey !== fromKey) {
      return 'tefBAD_SIGNATURE'
    }
    sum += weight
  }
  return sum < list.SignerQuorum ? 'tefBAD_QUORUM' : 'tesSUCCESS'
}

/** Checks that need the ledger but change nothing: everything between preflight and doApply. */
export function preclaim(view: ApplyView, tx: TxJson, ledger: LedgerSettings): Ter {
  const acct = readAccount(view, tx.Account)
  if (!acct) return 'terNO_ACCOUNT'
  const seq = checkSeqProxy(view, tx, acct)
  if (seq !== 'tesSUCCESS') return seq
  if (tx.LastLedgerSequence !== undefined && ledger.seq > tx.LastLedgerSequence)
    return 'tefMAX_LEDGER'
  const signers = signersOf(tx)
  const sign = signers ? checkMultiSign(view, tx, signers) : checkSign(tx, acct)
  if (sign !== 'tesSUCCESS') return sign
  const fee = BigInt(tx.Fee)
  if (fee < baseFeeOf(tx, acct, ledger)) return 'telINSUF_FEE_P'
  if (BigInt(acct.Balance) < fee) return 'terINSUF_FEE_B'
  return transactorFor(tx)!.preclaim({ view, tx, ledger })
}

/** Takes the fee and consumes the Sequence or the Ticket, as every applied transaction does. */
function consumeFeeAndSeq(view: ApplyView, tx: TxJson): void {
  const acct = peekAccount(view, tx.Account)
  acct.Balance = (BigInt(acct.Balance) - BigInt(tx.Fee)).toString()
  if (tx.TicketSequence === undefined) {
    acct.Sequence += 1
    return
  }
  deleteTicket(view, tx.Account, view.read<Ticket>(keylet.ticket(tx.Account, tx.TicketSequence))!)
}

/**
 * Where a transaction applies: the state it reads, and the mutable map its changes are written to
 * (the open ledger makes its copy of the state only when the first transaction applies).
 */
export interface TargetState {
  readonly current: StateMap
  writable(): Map<string, Readonly<Entry>>
}

/** A target that writes straight into `state`. */
export function mutableTarget(state: Map<string, Readonly<Entry>>): TargetState {
  return { current: state, writable: () => state }
}

/** What happened to a transaction: applied (tes/tec, fee and sequence consumed) with its metadata, or not. */
export interface TxOutcome {
  result: Ter
  applied: boolean
  /** The metadata (TransactionIndex is set when the ledger closes); only when applied. */
  meta?: TxMeta
}

/** The whole pipeline: preflight, preclaim, and doApply when preclaim gave tes or tec. */
export function applyTransaction(
  target: TargetState,
  tx: TxJson,
  txHash: string,
  ledger: LedgerSettings,
): TxOutcome {
  const pre = preflight(tx)
  if (pre !== 'tesSUCCESS') return { result: pre, applied: false }
  const claim = preclaim(new ApplyView(target.current), tx, ledger)
  if (!isApplied(claim)) return { result: claim, applied: false }
  return { ...doApply(target.writable(), tx, txHash, ledger, claim), applied: true }
}

/**
 * Applies a transaction whose preclaim gave tes or tec to a mutable state, and returns its result and
 * metadata.
 */
function doApply(
  state: Map<string, Readonly<Entry>>,
  tx: TxJson,
  txHash: string,
  ledger: LedgerSettings,
  preclaimResult: Ter,
): { result: Ter; meta: TxMeta } {
  let view = new ApplyView(state)
  const priorBalance = BigInt(readAccount(view, tx.Account)!.Balance)
  consumeFeeAndSeq(view, tx)
  const extras: MetaExtras = {}
  const seqProxy = tx.TicketSequence ?? tx.Sequence
  const afterTecReset: ((v: ApplyView) => void)[] = []
  let result: Ter = preclaimResult
  if (result === 'tesSUCCESS') {
    const ctx = { view, tx, ledger, priorBalance, seqProxy, txHash, extras, afterTecReset }
    result = transactorFor(tx)!.doApply(ctx)
  }
  if (isTec(result)) {
    view = new ApplyView(state)
    consumeFeeAndSeq(view, tx)
    for (const redo of afterTecReset) redo(view)
  }
  const meta: TxMeta = {
    AffectedNodes: affectedNodes(view.changedEntries(), txHash, ledger.seq),
    TransactionIndex: 0,
    TransactionResult: result,
    ...(result === 'tesSUCCESS' ? extras : {}),
  }
  view.commitTo(state)
  return { result, meta }
}
