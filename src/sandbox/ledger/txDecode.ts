/**
 * Turning a submitted blob into a transaction, as rippled's `submit` does before anything else: the
 * blob must deserialize, carry every field its transaction type requires (rippled's STObject template
 * check), and be signed by its SigningPubKey. Failures are the RPC error invalidTransaction, with a
 * message that names the problem (never an internal error text).
 */
import { decode, hashes } from 'xrpl'
import type { TxJson } from './context.ts'
import { signatureProblem } from './signature.ts'
import type { PendingTx } from './txQueue.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** A submit the server could not deserialize or whose signature does not verify (RPC invalidTransaction). */
export class InvalidTransactionError extends Error {
  constructor(readonly exception: string) {
    super(exception)
    this.name = 'InvalidTransactionError'
  }
}

/** Fields every transaction type requires, in rippled's template order. */
const COMMON_FIELDS = ['Account', 'Sequence', 'Fee', 'SigningPubKey'] as const

/** Fields each supported type requires besides the common ones (rippled TxFormats, soeREQUIRED). */
const TYPE_FIELDS = new Map<string, readonly string[]>([
  ['AccountDelete', ['Destination']],
  ['AccountSet', []],
  ['NFTokenAcceptOffer', []],
  ['NFTokenBurn', ['NFTokenID']],
  ['NFTokenCancelOffer', ['NFTokenOffers']],
  ['NFTokenCreateOffer', ['NFTokenID', 'Amount']],
  ['NFTokenMint', ['NFTokenTaxon']],
  ['NFTokenModify', ['NFTokenID']],
  ['Payment', ['Destination', 'Amount']],
  ['SetRegularKey', []],
  ['SignerListSet', ['SignerQuorum']],
  ['TicketCreate', ['TicketCount']],
])

const missing = (field: string) =>
  new InvalidTransactionError(`Field '${field}' is required but missing.`)
const invalid = (field: string) => new InvalidTransactionError(`Field '${field}' is invalid.`)

function decodeBlob(blob: string): Record<string, unknown> {
  try {
    const tx = decode(blob) as unknown
    if (isRecord(tx)) return tx
  } catch {
    // The codec's own messages describe its internals, not the transaction.
  }
  throw new InvalidTransactionError('The transaction blob does not deserialize.')
}

/** rippled's template check: the type's required fields first, then the common ones. */
function checkTemplate(tx: Record<string, unknown>): TxJson {
  if (tx.TransactionType === undefined) throw missing('TransactionType')
  if (typeof tx.TransactionType !== 'string') throw invalid('TransactionType')
  // Types the sandbox does not model pass here and are refused by preflight (temDISABLED).
  const fields = TYPE_FIELDS.get(tx.TransactionType) ?? []
  for (const f of [...fields, ...COMMON_FIELDS]) if (tx[f] === undefined) throw missing(f)
  if (typeof tx.Account !== 'string') throw invalid('Account')
  if (typeof tx.Sequence !== 'number' || !Number.isInteger(tx.Sequence)) throw invalid('Sequence')
  if (typeof tx.SigningPubKey !== 'string') throw invalid('SigningPubKey')
  if (tx.Signers !== undefined) checkSigners(tx.Signers)
  if (tx.SignerEntries !== undefined) checkSignerEntries(tx.SignerEntries)
  return tx as TxJson
}

/** rippled's inner template of a SignerEntry: Account and SignerWeight required. */
function checkSignerEntries(entries: unknown): void {
  if (!Array.isArray(entries)) throw invalid('SignerEntries')
  for (const item of entries as unknown[]) {
    const entry = (item as { SignerEntry?: unknown } | null)?.SignerEntry
    if (typeof entry !== 'object' || entry === null) throw invalid('SignerEntries')
    const fields = entry as Record<string, unknown>
    if (typeof fields.Account !== 'string') throw missing('Account')
    if (typeof fields.SignerWeight !== 'number') throw missing('SignerWeight')
  }
}

/** Each element of a Signers array is a Signer object with its three required fields. */
function checkSigners(signers: unknown): void {
  if (!Array.isArray(signers)) throw invalid('Signers')
  for (const item of signers as unknown[]) {
    const signer = (item as { Signer?: unknown } | null)?.Signer
    if (typeof signer !== 'object' || signer === null) throw invalid('Signers')
    for (const f of ['Account', 'SigningPubKey', 'TxnSignature']) {
      if (typeof (signer as Record<string, unknown>)[f] !== 'string') throw missing(f)
    }
  }
}

/** Decodes, checks and verifies a signed blob; the fee level is filled in when it is considered. */
export function decodeSigned(blob: string): PendingTx {
  const tx = checkTemplate(decodeBlob(blob))
  const problem = signatureProblem(tx)
  if (problem) throw new InvalidTransactionError(`fails local checks: ${problem}`)
  return { hash: hashes.hashSignedTx(blob), blob, tx, feeLevel: 0, retries: 0 }
}
