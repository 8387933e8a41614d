/**
 * Signing with a key the app holds, at the platform's speed where it can.
 *
 * xrpl.js signs ed25519 in JavaScript: about 2.2 ms a signature on a desktop core, several times that
 * on a phone, and the largest cost per transaction of a bulk job (it decides how many transactions a
 * job gets into each ledger). Browsers and Node sign ed25519 natively through WebCrypto in tens of
 * microseconds. ed25519 signatures are deterministic, so the native signature is the very one xrpl.js
 * would make (tests/unit/keySign.test.ts compares the blobs); everything around the signature — the
 * checks, the serialization and the hash — is xrpl.js's. Where WebCrypto has no Ed25519 (an older
 * browser), the key is secp256k1 (no WebCrypto curve), or xrpl.js would rewrite the transaction before
 * signing (an issued-currency Payment amount), xrpl.js signs it whole.
 */
import { bytesToHex, hexToBytes } from '@noble/curves/utils.js'
import { encode, encodeForSigning, hashes, validate } from 'xrpl'
import type { SubmittableTransaction, Wallet } from 'xrpl'

import type { SignedTx } from '../jobs/jobSigner.ts'

/** Signs one transaction with the wallet's key. */
export type SignWithKey = (tx: SubmittableTransaction) => Promise<SignedTx>

const ED25519 = /^ED[0-9A-F]{64}$/i
/** DER prefix of an Ed25519 PKCS#8 private key (RFC 8410); the 32-byte seed follows. */
const ED25519_PKCS8_PREFIX = '302e020100300506032b657004220420'

/** A signing function for `wallet` (see the module comment for which path it takes). */
export function signWithKey(wallet: Wallet): SignWithKey {
  const viaXrpl: SignWithKey = (tx) => {
    const { tx_blob, hash } = wallet.sign(tx)
    return Promise.resolve({ txBlob: tx_blob, hash })
  }
  if (!ED25519.test(wallet.privateKey) || !ED25519.test(wallet.publicKey)) return viaXrpl
  // Imported once, not extractable: the secret stays inside WebCrypto from then on.
  const key = nativeKey(wallet.privateKey.slice(2))
  return async (tx) => {
    const native = await key
    if (!native || rewrittenByXrpl(tx)) return viaXrpl(tx)
    // As xrpl.js does: fields left undefined (an optional field not set) are not serialized.
    const fields = Object.entries(tx).filter(([, value]) => value != null)
    const unsigned = { ...Object.fromEntries(fields), SigningPubKey: wallet.publicKey } as typeof tx
    validate(unsigned)
    const data = hexToBytes(encodeForSigning(unsigned)) as Uint8Array<ArrayBuffer>
    const signature = new Uint8Array(await crypto.subtle.sign('Ed25519', native, data))
    const txBlob = encode({ ...unsigned, TxnSignature: bytesToHex(signature).toUpperCase() })
    return { txBlob, hash: hashes.hashSignedTx(txBlob) }
  }
}

/** The key as a WebCrypto Ed25519 key, or null where the platform has no Ed25519. */
async function nativeKey(seedHex: string): Promise<CryptoKey | null> {
  try {
    const der = hexToBytes(ED25519_PKCS8_PREFIX + seedHex) as Uint8Array<ArrayBuffer>
    return await crypto.subtle.importKey('pkcs8', der, { name: 'Ed25519' }, false, ['sign'])
  } catch {
    return null
  }
}

/** xrpl.js's `Wallet.sign` normalizes an issued-currency Payment amount before it signs. */
function rewrittenByXrpl(tx: SubmittableTransaction): boolean {
  return tx.TransactionType === 'Payment' && typeof tx.Amount !== 'string'
}
