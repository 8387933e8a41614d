/**
 * Proof that an attempt's sequence number went to another transaction. A validated transaction of
 * the account that the runner did not sign means its attempts with that Sequence can never apply,
 * but only if the account really signed it: the stream, `tx` and `account_tx` are one server's word,
 * and a server that made up such a "rival" would have the runner sign the intent again with another
 * number (a double execution). So a rival counts only when it carries a valid signature that the
 * engine checks itself, by a key the engine knows may sign for the account: the master key (its
 * address is the account's) or the key the engine signs with. A RegularKey the server reports is not
 * such a key: the server could name one of its own. Anything else (a forgery, a multi-signed
 * transaction, another regular key) proves nothing, and the attempt's intent keeps its number
 * (docs/architecture.md §3.2).
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
 * @param knownKey - the address of a key the engine itself signs with for the account (its regular
 *   key), if not the master key; never a key only a server reported.
 */
export function signedByAccount(
  hash: string,
  txJson: Record<string, unknown>,
  account: string,
  knownKey: string | undefined,
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
    if (signer !== account && signer !== knownKey) return false
    const signed = tx as unknown as Transaction
    if (!verifySignature(signed)) return false
    return hashes.hashSignedTx(encode(signed)) === hash.toUpperCase()
  } catch {
    // Not decodable, not a key, not a signature: no proof.
    return false
  }
}
