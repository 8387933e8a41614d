/**
 * Encryption at rest of the GEM regular key (docs/architecture.md §3.1). Two ways, chosen at setup:
 * - `passphrase`: AES-GCM under a key derived from a passphrase the user chose (PBKDF2-SHA-256,
 *   600,000 iterations, a random salt per key). The passphrase is stored nowhere, so neither a copy
 *   of the database nor script running in the page can decrypt the key without it.
 * - `device`: AES-GCM under a non-extractable WebCrypto key kept in the same IndexedDB database. Its
 *   bytes cannot be read by script, but any script in the page can use it to decrypt, and a browser
 *   may write such a key's raw bytes into its profile files: it is convenience, not protection.
 * Either way the ciphertext is bound to its row (account, network, key address).
 */
import { keepDeviceKey, putStoredKey, readDeviceKey, storedKeyId } from '../../db/storedKeys.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { StoredKeyRow } from '../../db/types/keys.ts'
import type { NetworkId } from '../../shared/networks.ts'

/** Which account a stored key belongs to: everything of a row except the ciphertext. */
export interface KeyOwner {
  network: NetworkId
  primaryAddress: string
  regularKeyAddress: string
}

// 96-bit IVs are what AES-GCM is specified for; a fresh random one per encryption.
const IV_BYTES = 12
const SALT_BYTES = 16
/** OWASP's 2023 figure for PBKDF2-HMAC-SHA256. */
export const PBKDF2_ITERATIONS = 600_000
/** The shortest passphrase accepted. */
export const MIN_PASSPHRASE_CHARS = 8

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

/** The AES-GCM key a passphrase and salt give (non-extractable). */
async function passphraseKey(
  passphrase: string,
  salt: Uint8Array<ArrayBuffer>,
  iterations: number,
): Promise<CryptoKey> {
  const material = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(passphrase.normalize('NFC')),
    'PBKDF2',
    false,
    ['deriveKey'],
  )
  return await crypto.subtle.deriveKey(
    { name: 'PBKDF2', hash: 'SHA-256', salt, iterations },
    material,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  )
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
 * @param passphrase - wraps the key (see the module comment); null: the device key does.
 */
export async function storeRegularKey(
  db: LedgerDb,
  owner: KeyOwner,
  seed: string,
  passphrase: string | null,
): Promise<void> {
  const salt = crypto.getRandomValues(new Uint8Array(SALT_BYTES))
  const key =
    passphrase === null
      ? await deviceKey(db)
      : await passphraseKey(passphrase, salt, PBKDF2_ITERATIONS)
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const plaintext = new TextEncoder().encode(seed)
  const params = { name: 'AES-GCM', iv, additionalData: contextOf(owner) }
  const ciphertext = await crypto.subtle.encrypt(params, key, plaintext)
  // Best effort: the string itself cannot be wiped, but this copy of its bytes can.
  plaintext.fill(0)
  const row: StoredKeyRow = {
    id: storedKeyId(owner.network, owner.primaryAddress),
    ...owner,
    protection: passphrase === null ? 'device' : 'passphrase',
    ...(passphrase === null ? {} : { salt, iterations: PBKDF2_ITERATIONS }),
    iv,
    ciphertext,
    createdAt: Date.now(),
  }
  await putStoredKey(db, row)
}

/** Whether opening a row needs the user's passphrase. */
export function needsPassphrase(row: StoredKeyRow): boolean {
  return row.protection === 'passphrase'
}

/**
 * Decrypts a stored row's seed.
 *
 * @param db - the database.
 * @param row - a stored key row.
 * @param passphrase - for a passphrase-protected row.
 * @returns the seed, or null when it cannot be decrypted: a wrong or missing passphrase, the device
 *   key gone, or the row altered.
 */
export async function openRegularKey(
  db: LedgerDb,
  row: StoredKeyRow,
  passphrase?: string,
): Promise<string | null> {
  let key: CryptoKey | undefined
  if (needsPassphrase(row)) {
    if (passphrase === undefined || !row.salt || !row.iterations) return null
    key = await passphraseKey(passphrase, new Uint8Array(row.salt), row.iterations)
  } else key = await readDeviceKey(db)
  if (!key) return null
  try {
    const params = { name: 'AES-GCM', iv: new Uint8Array(row.iv), additionalData: contextOf(row) }
    const plaintext = await crypto.subtle.decrypt(params, key, row.ciphertext)
    return new TextDecoder().decode(plaintext)
  } catch {
    // AES-GCM's tag check failed: a wrong key (or passphrase) or altered bytes.
    return null
  }
}
