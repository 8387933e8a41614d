/**
 * The keyring's checks of a key kept on this device: how the user asked it to be protected, whether
 * the stored row still opens to the key it names, and whether the ledger still accepts it; which
 * stored key a restore or an unlock opens; and the deletion of a key the account no longer has.
 */
import type { LedgerDb } from '../../db/schema.ts'
import { deleteStoredKey, storedKeyId, storedKeysOf } from '../../db/storedKeys.ts'
import type { StoredKeyRow } from '../../db/types/keys.ts'
import { EngineError, isEngineError } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { KeyProtection, StoredSession } from '../api.ts'
import { assertMaySign } from './accountKeys.ts'
import type { AccountAuth } from './accountKeys.ts'
import { parseCredential } from './credentials.ts'
import type { ParsedCredential } from './credentials.ts'
import { MIN_PASSPHRASE_CHARS, needsPassphrase, openRegularKey } from './keyVault.ts'

/** How a stored key fared against the ledger: still the RegularKey, gone, or not checkable now. */
export type StoredVerdict = 'valid' | 'gone' | 'unverified'

/** Failures that mean "the ledger cannot be asked now", not "the key is bad". */
const OFFLINE_CODES = new Set(['NOT_CONNECTED', 'NETWORK', 'TIMEOUT'])

/**
 * The passphrase a protection names (null: the device key), checked before anything waits.
 *
 * @throws EngineError `VALIDATION` for no protection chosen or a passphrase too short.
 */
export function checkedProtection(protection: KeyProtection): string | null {
  if (protection?.kind === 'device') return null
  if (protection?.kind !== 'passphrase' || typeof protection.passphrase !== 'string') {
    throw new EngineError('VALIDATION', 'Choose how the key is protected on this device')
  }
  if ([...protection.passphrase].length < MIN_PASSPHRASE_CHARS) {
    throw new EngineError(
      'VALIDATION',
      `The passphrase must be at least ${MIN_PASSPHRASE_CHARS} characters`,
    )
  }
  return protection.passphrase
}

/** The stored row's credential, or null when it does not decrypt or does not match its row. */
export async function openStoredKey(
  db: LedgerDb,
  row: StoredKeyRow,
  passphrase?: string,
): Promise<ParsedCredential | null> {
  const seed = await openRegularKey(db, row, passphrase)
  if (!seed) return null
  try {
    const input = { kind: 'regularKey', secret: seed, account: row.primaryAddress } as const
    const credential = parseCredential(input)
    return credential.keyAddress === row.regularKeyAddress ? credential : null
  } catch {
    return null
  }
}

/**
 * Asks the ledger whether a stored key still signs for its account.
 *
 * @param read - reads an account's signing set-up on the key's network.
 * @throws what `read` throws, but for the answers that make a verdict.
 */
export async function verifyStoredKey(
  credential: ParsedCredential,
  read: (account: string) => Promise<AccountAuth>,
): Promise<StoredVerdict> {
  try {
    assertMaySign(await read(credential.account), credential)
    return 'valid'
  } catch (error) {
    if (!isEngineError(error)) throw error
    // NOT_FOUND: the account was deleted; VALIDATION: its RegularKey is another key now.
    if (error.code === 'NOT_FOUND' || error.code === 'VALIDATION') return 'gone'
    if (OFFLINE_CODES.has(error.code)) return 'unverified'
    throw error
  }
}

/** The newest key stored on this device for `network`, without its secret. */
export async function newestStoredSession(
  db: LedgerDb,
  network: NetworkId,
): Promise<StoredSession | null> {
  const [row] = await storedKeysOf(db, network)
  if (!row) return null
  return {
    network: row.network,
    primaryAddress: row.primaryAddress,
    regularKeyAddress: row.regularKeyAddress,
    protection: row.protection ?? 'device',
  }
}

/** Deletes the account's stored key on `network` if it is `keyAddress` (its RegularKey was removed). */
export async function deleteRemovedKey(
  db: LedgerDb,
  network: NetworkId,
  account: string,
  keyAddress: string,
): Promise<void> {
  const id = storedKeyId(network, account)
  const row = (await storedKeysOf(db, network)).find((r) => r.id === id)
  if (row?.regularKeyAddress === keyAddress) await deleteStoredKey(db, id)
}

/**
 * The stored key of `network` to restore (see EngineApi.restoreWallet): the newest that still
 * decrypts and is still the account's RegularKey. A key the ledger server no longer accepts is not
 * restored but kept (a server may be wrong or behind, and deleting the only copy of an account's only
 * signing key would lock the account); one that no longer decrypts is deleted. Offline, a key that
 * decrypts is restored unverified; the ledger itself refuses signatures of a replaced key.
 *
 * @param passed - told of each row not restored (a session it had restored ends).
 */
export async function restorableKey(
  db: LedgerDb,
  network: NetworkId,
  readAuth: (account: string) => Promise<AccountAuth>,
  passed: (row: StoredKeyRow) => void,
): Promise<ParsedCredential | null> {
  for (const row of await storedKeysOf(db, network)) {
    // A passphrase-protected key waits for unlock(): it is neither opened nor wiped here.
    if (needsPassphrase(row)) continue
    const credential = await openStoredKey(db, row)
    if (!credential) {
      // Undecryptable here (the device key is gone, or the row was altered): useless to anyone.
      await deleteStoredKey(db, row.id)
      passed(row)
      continue
    }
    if ((await verifyStoredKey(credential, readAuth)) !== 'gone') return credential
    // Not restored, but kept: one server's word (or a server behind the network) must not delete
    // what may be the account's only way to sign. Forget this device deletes it.
    passed(row)
  }
  return null
}

/**
 * Opens `network`'s passphrase-protected stored key (see EngineApi.unlockWallet). A wrong passphrase
 * leaves the key stored; so does a key the ledger no longer accepts (see restorableKey).
 *
 * @throws EngineError `NOT_FOUND` with no such key; `VALIDATION` for a missing or wrong passphrase,
 *   or a key the server says the account no longer has.
 */
export async function unlockedKey(
  db: LedgerDb,
  network: NetworkId,
  passphrase: string,
  readAuth: (account: string) => Promise<AccountAuth>,
): Promise<ParsedCredential> {
  const row = (await storedKeysOf(db, network)).find(needsPassphrase)
  if (!row) throw new EngineError('NOT_FOUND', 'No key protected by a passphrase is stored here')
  if (typeof passphrase !== 'string' || passphrase === '') {
    throw new EngineError('VALIDATION', 'Please enter your passphrase')
  }
  const credential = await openStoredKey(db, row, passphrase)
  if (!credential) {
    throw new EngineError('VALIDATION', 'Wrong passphrase: the key stays locked. Try again')
  }
  if ((await verifyStoredKey(credential, readAuth)) === 'gone') {
    throw new EngineError(
      'VALIDATION',
      `The ledger server says the stored key is not the regular key of ${row.primaryAddress} (it was replaced or removed). It stays stored here: forget it from the wallet menu if you no longer need it`,
    )
  }
  return credential
}
