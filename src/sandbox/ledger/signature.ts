/**
 * Signature verification of submitted blobs. ed25519 signatures are checked with Node's native
 * crypto (about 40× faster than the pure-JS verifier, which matters when the demo builds thousands of
 * NFTs); secp256k1 ones with xrpl's verifier, since Node cannot verify a prehashed ECDSA digest.
 * Multi-signed transactions carry one signature per signer, each over the transaction followed by
 * that signer's AccountID.
 */
import { createPublicKey, verify } from 'node:crypto'
import { encodeForMultiSigning, encodeForSigning, verifyKeypairSignature } from 'xrpl'
import type { TxJson } from './context.ts'
import { accountIdHex } from './keylets.ts'

/** DER prefix of an Ed25519 SubjectPublicKeyInfo; the 32-byte key follows. */
const ED25519_SPKI_PREFIX = Buffer.from('302a300506032b6570032100', 'hex')

/** Whether `signature` by `publicKey` covers `data` (hex). */
function verifies(data: string, signature: unknown, publicKey: string): boolean {
  if (typeof signature !== 'string') return false
  try {
    if (/^ED[0-9A-F]{64}$/i.test(publicKey)) {
      const key = createPublicKey({
        key: Buffer.concat([ED25519_SPKI_PREFIX, Buffer.from(publicKey.slice(2), 'hex')]),
        format: 'der',
        type: 'spki',
      })
      return verify(null, Buffer.from(data, 'hex'), key, Buffer.from(signature, 'hex'))
    }
    return verifyKeypairSignature(data, signature, publicKey)
  } catch {
    return false
  }
}

/** rippled's limits on a Signers array (ExpandedSignerList). */
export const MIN_SIGNERS = 1
export const MAX_SIGNERS = 32

/** A multi-signature: one signer's account, key and signature. */
export interface SignerJson {
  Account: string
  SigningPubKey: string
  TxnSignature: string
}

/** The signers of a multi-signed transaction, or undefined for a single-signed one. */
export function signersOf(tx: TxJson): SignerJson[] | undefined {
  const list = tx.Signers as { Signer: SignerJson }[] | undefined
  return list?.map((s) => s.Signer)
}

function multiSignProblem(tx: TxJson, signers: SignerJson[] | undefined): string | undefined {
  if (!signers) return 'Empty SigningPubKey.'
  if (tx.TxnSignature !== undefined) return 'Cannot both single- and multi-sign.'
  if (signers.length < MIN_SIGNERS || signers.length > MAX_SIGNERS) {
    return 'Invalid Signers array size.'
  }
  const own = accountIdHex(tx.Account)
  let previous = ''
  for (const s of signers) {
    const id = accountIdHex(s.Account)
    if (id === own) return 'Invalid multisigner.'
    if (id === previous) return 'Duplicate Signers not allowed.'
    // Signers are sorted by their 160-bit AccountID, ascending (hex of equal length sorts the same).
    if (id < previous) return 'Unsorted Signers array.'
    previous = id
    const data = encodeForMultiSigning(tx as never, s.Account)
    if (!verifies(data, s.TxnSignature, s.SigningPubKey)) {
      return `Invalid signature on account ${s.Account}.`
    }
  }
  return undefined
}

/**
 * rippled's STTx::checkSign: why the signatures of a decoded transaction do not hold, or undefined
 * when they do. An empty SigningPubKey means a multi-signed transaction: every signer's signature
 * over the transaction and the signer's AccountID, signers sorted and none of them the account.
 */
export function signatureProblem(tx: TxJson): string | undefined {
  const signers = signersOf(tx)
  if (tx.SigningPubKey === '') return multiSignProblem(tx, signers)
  if (signers) return 'Cannot both single- and multi-sign.'
  const data = encodeForSigning(tx as never)
  return verifies(data, tx.TxnSignature, tx.SigningPubKey) ? undefined : 'Invalid signature.'
}
