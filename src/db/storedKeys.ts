/**
 * Repository of the GEM regular keys stored on this device (`storedKeys`, already encrypted by the
 * caller) and of the device key that encrypts them (`deviceKeys`). It knows nothing of cryptography:
 * rows go in and out as they are.
 */
import type { NetworkId } from '../shared/networks.ts'
import type { LedgerDb } from './schema.ts'
import type { StoredKeyRow } from './types/keys.ts'

/** The id of the device key row: there is one key per browser profile. */
const DEVICE_KEY_ID = 'device'

/**
 * The id of an account's stored key on a network.
 *
 * @param network - the network the key was set up on.
 * @param primaryAddress - the account the key signs for.
 */
export function storedKeyId(network: NetworkId, primaryAddress: string): string {
  return `${network}:${primaryAddress}`
}

/** The device key, if one was created. */
export async function readDeviceKey(db: LedgerDb): Promise<CryptoKey | undefined> {
  return (await db.deviceKeys.get(DEVICE_KEY_ID))?.key
}

/**
 * Stores `candidate` as the device key unless one exists already, and returns the key in use. The
 * check and the write share one transaction, so two tabs creating a key at once agree on one.
 * The caller creates the candidate beforehand: a transaction must not await WebCrypto.
 *
 * @param db - the database.
 * @param candidate - a freshly generated key, used only if none is stored.
 */
export async function keepDeviceKey(db: LedgerDb, candidate: CryptoKey): Promise<CryptoKey> {
  return await db.transaction('rw', db.deviceKeys, async () => {
    const existing = await db.deviceKeys.get(DEVICE_KEY_ID)
    if (existing) return existing.key
    await db.deviceKeys.put({ id: DEVICE_KEY_ID, key: candidate })
    return candidate
  })
}

/** Saves a stored key row, replacing the account's earlier one on that network. */
export async function putStoredKey(db: LedgerDb, row: StoredKeyRow): Promise<void> {
  await db.storedKeys.put(row)
}

/**
 * The stored keys of a network, newest first.
 *
 * @param db - the database.
 * @param network - the network.
 */
export async function storedKeysOf(db: LedgerDb, network: NetworkId): Promise<StoredKeyRow[]> {
  const rows = await db.storedKeys.where('network').equals(network).toArray()
  return rows.sort((a, b) => b.createdAt - a.createdAt)
}

/** Deletes one stored key by id (unknown ids are ignored). */
export async function deleteStoredKey(db: LedgerDb, id: string): Promise<void> {
  await db.storedKeys.delete(id)
}

/** Deletes every stored key and the device key, in one transaction: 'Forget this device'. */
export async function wipeStoredKeys(db: LedgerDb): Promise<void> {
  await db.transaction('rw', db.storedKeys, db.deviceKeys, async () => {
    await db.storedKeys.clear()
    await db.deviceKeys.clear()
  })
}
