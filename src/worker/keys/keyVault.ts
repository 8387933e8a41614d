/**
 * Encryption at rest of the GEM regular key (DESIGN.md §3.1): AES-GCM under a device key that is a
 * non-extractable WebCrypto CryptoKey kept in IndexedDB. Script can use the key but never read its
 * bytes, so a copy of the database rows alone does not reveal the seed.
 */
import { keepDeviceKey, putStoredKey, readDeviceKey, storedKeyId } from '../../db/storedKeys.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { StoredKeyRow } from '../../db/types.ts'
import type { NetworkId } from '../../shared/networks.ts'

/** Which account a stored key belongs to: everything of a row except the ciphertext. */
export interface KeyOwner {
  network: NetworkId
  primaryAddress: string
  regularKeyAddress: string
}

// 96-bit IVs are what AES-GCM is specified for; a fresh random one per encryption.
const IV_BYTES = 12

/** The device key, created (AES-GCM 256, non-extractable) on first use. */
async function deviceKey(db: LedgerDb): Promise<CryptoKey> {
  const existing = await readDeviceKey(db)
  if (existing) return existing
  const candidate = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, [
    'encrypt',
    'decrypt',
  ])
  return await keepDeviceKey(db, candidate)
}

/**
 * The authenticated context of a ciphertext: its row id and key address. A row whose ciphertext was
 * copied onto another account's row then fails to decrypt instead of signing for the wrong account.
 */
function contextOf(owner: KeyOwner): Uint8Array<ArrayBuffer> {
  const id = storedKeyId(owner.network, owner.primaryAddress)
  return new TextEncoder().encode(`${id}|${owner.regularKeyAddress}`)
}

/**
 * Encrypts a regular key's seed and stores it as the account's row on its network (replacing an
 * earlier one).
 *
 * @param db - the database.
 * @param owner - the account, network and key address the seed belongs to.
 * @param seed - the regular key's seed; it is written only as ciphertext.
 */
export async function storeRegularKey(db: LedgerDb, owner: KeyOwner, seed: string): Promise<void> {
  const key = await deviceKey(db)
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const plaintext = new TextEncoder().encode(seed)
  const params = { name: 'AES-GCM', iv, additionalData: contextOf(owner) }
  const ciphertext = await crypto.subtle.encrypt(params, key, plaintext)
  // Best effort: the string itself cannot be wiped, but this copy of its bytes can.
  plaintext.fill(0)
  const row: StoredKeyRow = {
    id: storedKeyId(owner.network, owner.primaryAddress),
    ...owner,
    iv,
    ciphertext,
    createdAt: Date.now(),
  }
  await putStoredKey(db, row)
}

/**
 * Decrypts a stored row's seed.
 *
 * @param db - the database.
 * @param row - a stored key row.
 * @returns the seed, or null when it cannot be decrypted (the device key is gone, or the row was
 *   altered): such a row is useless and the caller should delete it.
 */
export async function openRegularKey(db: LedgerDb, row: StoredKeyRow): Promise<string | null> {
  const key = await readDeviceKey(db)
  if (!key) return null
  try {
    const params = { name: 'AES-GCM', iv: new Uint8Array(row.iv), additionalData: contextOf(row) }
    const plaintext = await crypto.subtle.decrypt(params, key, row.ciphertext)
    return new TextDecoder().decode(plaintext)
  } catch {
    // AES-GCM's tag check failed: a wrong key or altered bytes; there is nothing to recover.
    return null
  }
}
