/**
 * Proof that an attempt's sequence number went to another transaction. A validated transaction of
 * the account that the runner did not sign means its attempts with that Sequence can never apply,
 * but only if the account really signed it: the stream is one server's word, and a server that made
 * up such a "rival" would have the runner sign the intent again (a double execution). So a rival
 * counts only when it carries a valid signature of the account's master key or its regular key, and
 * its hash is that of what was signed. Anything else (a forgery, a multi-signed transaction) is left
 * to the look-ups, which wait for the attempt's LastLedgerSequence.
 */
import { deriveAddress, encode, hashes, verifySignature } from 'xrpl'
import type { Transaction } from 'xrpl'

/** Fields a server adds to tx_json that are not part of the signed transaction. */
const ADDED_FIELDS = ['hash', 'ctid', 'date', 'ledger_index', 'inLedger']

/**
 * Whether a validated transaction (tx_json as a stream or `tx` gives it, API v1 or v2) was signed by
 * the account itself.
 *
 * @param hash - the transaction's hash as announced.
 * @param account - the account whose Sequence it used.
 * @param regularKey - the account's RegularKey, if it has one.
 */
export function signedByAccount(
  hash: string,
  txJson: Record<string, unknown>,
  account: string,
  regularKey: string | undefined,
): boolean {
  const tx: Record<string, unknown> = { ...txJson }
  for (const field of ADDED_FIELDS) delete tx[field]
  // API v2 prints a Payment's Amount as DeliverMax.
  if (tx.DeliverMax !== undefined) {
    tx.Amount ??= tx.DeliverMax
    delete tx.DeliverMax
  }
  if (tx.Account !== account || typeof tx.SigningPubKey !== 'string' || !tx.SigningPubKey) {
    return false
  }
  try {
    const signer = deriveAddress(tx.SigningPubKey)
    if (signer !== account && signer !== regularKey) return false
    const signed = tx as unknown as Transaction
    if (!verifySignature(signed)) return false
    return hashes.hashSignedTx(encode(signed)) === hash.toUpperCase()
  } catch {
    // Not decodable, not a key, not a signature: no proof.
    return false
  }
}
