/**
 * What a transactor sees: the decoded transaction, a view of the open ledger, the ledger's fee and
 * reserve settings, and (in doApply) the balance before the fee and a place for synthetic meta fields.
 */
import { deriveAddress } from 'xrpl'
import type { AccountRoot } from './entries.ts'
import { lsf } from './entries.ts'
import { keylet } from './keylets.ts'
import type { Ter } from './ter.ts'
import type { ApplyView } from './view.ts'

/** A decoded transaction (ripple-binary-codec JSON). */
export interface TxJson {
  TransactionType: string
  Account: string
  Fee: string
  Sequence: number
  Flags?: number
  TicketSequence?: number
  LastLedgerSequence?: number
  SigningPubKey: string
  TxnSignature?: string
  [field: string]: unknown
}

/** Fee and reserve settings in drops. */
export interface FeeSettings {
  baseFee: bigint
  reserveBase: bigint
  reserveInc: bigint
}

/** Mainnet's fee and reserve settings since 2024-12-02: what the sandbox runs with. */
export const MAINNET_FEES: Readonly<FeeSettings> = Object.freeze({
  baseFee: 10n,
  reserveBase: 1_000_000n,
  reserveInc: 200_000n,
})

export interface LedgerSettings extends FeeSettings {
  /** The open ledger's sequence. */
  seq: number
  /** Close time of the parent (last closed) ledger, Ripple epoch seconds: what expirations compare to. */
  parentCloseTime: number
}

export interface PreclaimContext {
  view: ApplyView
  tx: TxJson
  ledger: LedgerSettings
}

/** Synthetic fields rippled adds to the metadata of successful transactions. */
export interface MetaExtras {
  /** What an AccountDelete delivered (a binary metadata field, unlike the JSON-only ones below). */
  DeliveredAmount?: string
  delivered_amount?: string
  nftoken_id?: string
  nftoken_ids?: string[]
  offer_id?: string
}

export interface ApplyContext extends PreclaimContext {
  /** Balance before the fee was taken (rippled's mPriorBalance): what reserve checks use. */
  priorBalance: bigint
  /** Sequence or TicketSequence of this transaction (what offer and ticket ids derive from). */
  seqProxy: number
  txHash: string
  extras: MetaExtras
  /**
   * Work that survives a tec reset. rippled re-deletes expired NFTokenOffers after a tecEXPIRED, so a
   * transactor that deletes them pushes that deletion here as well.
   */
  afterTecReset: ((view: ApplyView) => void)[]
}

/**
 * One transaction type, with rippled's three stages: preflight (stateless, tem*), preclaim (read-only
 * checks against the ledger, tec/tef/ter) and doApply (changes; a tec here discards them).
 */
export interface Transactor {
  preflight(tx: TxJson): Ter
  preclaim(ctx: PreclaimContext): Ter
  doApply(ctx: ApplyContext): Ter
  /** Blockers (SetRegularKey, AccountSet…) cannot share the queue with other transactions of the account. */
  blocker?: boolean
}

/** rippled's accountReserve(n): base reserve plus n owner reserves. */
export function reserve(ledger: LedgerSettings, ownerCount: number): bigint {
  return ledger.reserveBase + BigInt(ownerCount) * ledger.reserveInc
}

/** Whether the account's own master key signed (a multi-signed transaction has no SigningPubKey). */
export function signedWithMaster(tx: TxJson): boolean {
  return tx.SigningPubKey !== '' && deriveAddress(tx.SigningPubKey) === tx.Account
}

/**
 * The base fee a transaction must pay: 0 for the one free SetRegularKey; one owner reserve for an
 * AccountDelete; else the ledger's base, once more for each signer of a multi-signed transaction.
 */
export function baseFeeOf(tx: TxJson, acct: Readonly<AccountRoot>, ledger: FeeSettings): bigint {
  const freeKeyReset =
    tx.TransactionType === 'SetRegularKey' &&
    signedWithMaster(tx) &&
    (acct.Flags & lsf.passwordSpent) === 0
  if (freeKeyReset) return 0n
  // AccountDelete replaces the whole calculation, signers included.
  if (tx.TransactionType === 'AccountDelete') return ledger.reserveInc
  const signers = Array.isArray(tx.Signers) ? BigInt(tx.Signers.length) : 0n
  return ledger.baseFee * (1n + signers)
}

export function readAccount(view: ApplyView, address: string): Readonly<AccountRoot> | undefined {
  return view.read<AccountRoot>(keylet.account(address))
}

export function peekAccount(view: ApplyView, address: string): AccountRoot {
  const acct = view.peek<AccountRoot>(keylet.account(address))
  if (!acct) throw new Error(`sandbox: account ${address} missing in doApply`)
  return acct
}

export function adjustOwnerCount(view: ApplyView, address: string, delta: number): void {
  const acct = peekAccount(view, address)
  acct.OwnerCount = Math.max(0, acct.OwnerCount + delta)
}

export function addBalance(view: ApplyView, address: string, drops: bigint): void {
  const acct = peekAccount(view, address)
  acct.Balance = (BigInt(acct.Balance) + drops).toString()
}

/** XRP amounts in a transaction are drop strings; an object is an issued-currency amount. */
export function isXrpAmount(a: unknown): a is string {
  return typeof a === 'string'
}
