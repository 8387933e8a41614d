/**
 * Whether a validated transaction does what an intent's transaction does: the same type, account and
 * effect fields, whatever its fee, ledger window, signature or memos. A wallet that keeps a copy of
 * what it approved (and submits it itself) executes the intent with another hash than the one the
 * app stored; recognising it as the intent, not as a rival, keeps the intent from being signed again
 * with another number (docs/architecture.md §3.2).
 */
import type { SubmittableTransaction } from 'xrpl'

/** Fields that do not change what a transaction does, or that a server adds to what it prints. */
const NOT_EFFECT = new Set([
  'Fee',
  'Sequence',
  'LastLedgerSequence',
  'SigningPubKey',
  'TxnSignature',
  'Signers',
  'Memos',
  'NetworkID',
  'hash',
  'ctid',
  'date',
  'ledger_index',
  'inLedger',
  'DeliverMax',
])

/**
 * @param built - the intent's transaction as the engine builds it.
 * @param txJson - the validated transaction as a server prints it.
 */
export function doesWhatIntentDoes(
  built: SubmittableTransaction,
  txJson: Record<string, unknown>,
): boolean {
  const mine = built as unknown as Record<string, unknown>
  const keys = new Set([...Object.keys(mine), ...Object.keys(txJson)])
  for (const key of keys) {
    if (NOT_EFFECT.has(key)) continue
    // Flags 0 and no Flags are the same.
    if (key === 'Flags' && (mine.Flags ?? 0) === (txJson.Flags ?? 0)) continue
    if (JSON.stringify(mine[key]) !== JSON.stringify(txJson[key])) return false
  }
  return true
}
