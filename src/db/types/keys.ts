/**
 * The regular keys kept for sessions, encrypted at rest, and the device key that may wrap them.
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { NetworkId } from '../../shared/networks.ts'

/**
 * The GEM Wallet regular key of one account, encrypted at rest (docs/architecture.md §3.1). `passphrase`: AES-GCM
 * under a key derived from the user's passphrase (PBKDF2-SHA-256, `iterations`, `salt`), which is
 * stored nowhere: page script alone cannot decrypt it. `device` (or absent, in rows stored before
 * passphrases): AES-GCM under the non-extractable device key kept in the same database — this hides
 * the seed's bytes from a copy of the rows, but any script running in the page can decrypt it.
 */
export interface StoredKeyRow {
  /** `${network}:${primaryAddress}` */
  id: string
  network: NetworkId
  primaryAddress: string
  regularKeyAddress: string
  /** What wraps the key; absent means `device`. */
  protection?: KeyProtectionKind
  /** `passphrase`: the PBKDF2 salt and iteration count. */
  salt?: Uint8Array
  iterations?: number
  /** AES-GCM initialisation vector and ciphertext of the regular key's seed. */
  iv: Uint8Array
  ciphertext: ArrayBuffer
  createdAt: number
}

/** How a stored regular key is wrapped (see StoredKeyRow). */
export type KeyProtectionKind = 'passphrase' | 'device'

/** The device's key-encryption key: a non-extractable AES-GCM CryptoKey. */
export interface DeviceKeyRow {
  id: 'device'
  key: CryptoKey
}
