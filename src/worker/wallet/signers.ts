/**
 * The two kinds of JobSigner (docs/architecture.md §3.2.1):
 * - a key the app holds (a seed, a hex key, secret numbers, the app's regular key): signs at once;
 * - an external wallet that approves (Crossmark, GEM Wallet, Ledger, Xaman): the page hands it a
 *   window of prepared transactions, and what comes back is checked here — each blob must be exactly
 *   the transaction prepared (same fields, same values), signed by a key that may sign for the account,
 *   with a valid signature. Only then is it returned, to be stored before it is submitted.
 * A wallet that stops short (the user refused, the wallet closed) returns the blobs it signed before
 * and says why: the runner pauses the job, and the transactions not signed stay pending. The wait
 * for the person is the approval window's (approvalWindow.ts).
 */
import { decode, deriveAddress, encode, hashes, verifySignature } from 'xrpl'
import type { Transaction, Wallet } from 'xrpl'

import { isRecord } from '../../shared/isRecord.ts'
import { APPROVER_WALLETS } from '../../shared/wallets.ts'
import type { ApproverWallet, ApproverWalletId } from '../../shared/wallets.ts'
import type { ApprovalPort } from '../api.ts'
import { withinApprovalWindow } from './approvalWindow.ts'
import { signWithKey } from './keySign.ts'
import type { ApprovalStop, JobSigner, SignOutcome, SignedTx } from '../jobs/jobSigner.ts'

/** A key the app holds: every transaction is signed at once. */
export function keySigner(wallet: Wallet): JobSigner {
  const sign = signWithKey(wallet)
  return {
    keyAddress: deriveAddress(wallet.publicKey),
    window: Infinity,
    approvalLedgers: 0,
    sign: async (txs) => ({ signed: await Promise.all(txs.map(sign)) }),
  }
}

/** The account an external wallet approves for, and the key it signs with. */
export interface ApproverAccount {
  wallet: ApproverWalletId
  account: string
  /** Hex public key of the signing key (checked to be the account's master key or RegularKey). */
  publicKey: string
}

/** An external wallet that approves windows of prepared transactions through the page. */
export function approverSigner(who: ApproverAccount, port: ApprovalPort): JobSigner {
  const approver = APPROVER_WALLETS[who.wallet]
  const keyAddress = deriveAddress(who.publicKey)
  return {
    keyAddress,
    approver,
    window: approver.window,
    approvalLedgers: approver.approvalLedgers,
    sign(txs, purpose, watch) {
      const prepared = txs.map((tx) => canonical({ ...tx, SigningPubKey: who.publicKey }))
      return withinApprovalWindow(approver, txs.length, watch, async () => {
        let answer: unknown
        try {
          answer = await port.approve({ transactions: prepared, purpose })
        } catch (e) {
          // The page (or the wallet's library) failed: as a closed wallet, the job waits for Resume.
          const why =
            e instanceof Error && e.message ? `it failed (${e.message.slice(0, 160)})` : ''
          const message = closedMessage(approver, why)
          return { signed: [], stopped: { reason: 'closed', message } }
        }
        return checkAnswer(answer, prepared, { keyAddress, approver })
      })
    },
  }
}

/** A transaction as the ledger's binary format has it (fields in canonical form). */
function canonical(tx: Record<string, unknown>): Record<string, unknown> {
  return decode(encode(tx as Transaction))
}

function closedMessage(approver: ApproverWallet, said = ''): string {
  const why = said || 'it did not answer (closed, locked or disconnected)'
  return `Waiting for ${approver.name}: ${why}. Open it, then Resume`
}

/**
 * Keeps the blobs of an answer that are exactly the transactions prepared, in order, each signed by
 * the expected key; the first that is not stops the round (nothing after it is used).
 */
function checkAnswer(
  answer: unknown,
  prepared: readonly Record<string, unknown>[],
  expect: { keyAddress: string; approver: ApproverWallet },
): SignOutcome {
  const { approver } = expect
  const blobs: unknown = isRecord(answer) ? answer.signed : undefined
  const list = inPreparedOrder(
    Array.isArray(blobs) ? blobs.slice(0, prepared.length) : [],
    prepared,
  )
  const signed: SignedTx[] = []
  for (const [i, blob] of list.entries()) {
    const problem = blobProblem(blob, prepared[i]!, expect.keyAddress)
    if (problem) {
      const message = `${approver.name} returned a transaction that is not the one prepared (${problem}). Nothing of it was submitted; Resume to approve again`
      return { signed, stopped: { reason: 'altered', message } }
    }
    signed.push({
      txBlob: (blob as string).toUpperCase(),
      hash: hashes.hashSignedTx(blob as string),
    })
  }
  if (signed.length === prepared.length) return { signed }
  return { signed, stopped: stopOf(answer, approver) }
}

/**
 * The blobs in the order of the transactions prepared, matched by Sequence (a wallet need not keep
 * the order it was given); a blob that matches none keeps its place, to be refused there.
 */
function inPreparedOrder(
  blobs: readonly unknown[],
  prepared: readonly Record<string, unknown>[],
): unknown[] {
  const bySequence = new Map<unknown, unknown>()
  for (const blob of blobs) {
    try {
      if (typeof blob === 'string') bySequence.set(decode(blob).Sequence, blob)
    } catch {
      // Not decodable: refused where it stands.
    }
  }
  const ordered = prepared.slice(0, blobs.length).map((tx) => bySequence.get(tx.Sequence))
  return ordered.every((blob) => blob !== undefined) ? ordered : [...blobs]
}

/** Why the wallet stopped short, in words the job can show. */
function stopOf(answer: unknown, approver: ApproverWallet): ApprovalStop {
  const stopped = isRecord(answer) && isRecord(answer.stopped) ? answer.stopped : {}
  const said = typeof stopped.message === 'string' ? stopped.message.slice(0, 200) : ''
  if (stopped.reason === 'refused') {
    return {
      reason: 'refused',
      message: `Waiting for your approval in ${approver.name}: ${said || 'you declined'}. Resume to be asked again`,
    }
  }
  return { reason: 'closed', message: closedMessage(approver, said) }
}

/** What is wrong with a blob as the signed form of `prepared`, or null. */
function blobProblem(
  blob: unknown,
  prepared: Record<string, unknown>,
  keyAddress: string,
): string | null {
  if (typeof blob !== 'string' || !/^[0-9A-Fa-f]+$/.test(blob)) return 'not a signed transaction'
  let tx: Record<string, unknown>
  try {
    tx = decode(blob)
  } catch {
    return 'not a signed transaction'
  }
  for (const [field, value] of Object.entries(prepared)) {
    if (JSON.stringify(tx[field]) !== JSON.stringify(value)) return `its ${field} differs`
  }
  for (const field of Object.keys(tx)) {
    if (field !== 'TxnSignature' && !(field in prepared)) return `it adds ${field}`
  }
  // The ledger names a transaction by the hash of its canonical bytes: other bytes for the same
  // fields (another field order, trailing bytes) would be stored under a hash the ledger never shows.
  if (encode(tx as Transaction) !== blob.toUpperCase()) return 'its bytes are not in canonical form'
  if (typeof tx.TxnSignature !== 'string') return 'it is not signed'
  if (deriveAddress(tx.SigningPubKey as string) !== keyAddress) return 'another key signed it'
  try {
    if (!verifySignature(blob)) return 'its signature is not valid'
  } catch {
    return 'its signature is not valid'
  }
  return null
}
