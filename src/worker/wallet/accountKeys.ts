/**
 * What the ledger says about who may sign for an account: whether it exists, its RegularKey and
 * whether its master key is disabled. Read from the latest validated ledger, so a key is accepted
 * only once its SetRegularKey is final.
 */
import type { AccountInfoResponse, Client } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import { toEngineError } from '../ledger/toEngineError.ts'

/** The authorisation facts of one account. */
export interface AccountAuth {
  account: string
  /** The account's RegularKey address, or null when it has none. */
  regularKey: string | null
  /** Whether lsfDisableMaster is set: only the regular key (or a signer list) may sign. */
  masterDisabled: boolean
  /** The validated ledger these facts were read from. */
  ledgerIndex: number
  /** The account's XRP, in drops, in that ledger. */
  balanceDrops: bigint
  /** Objects the account owns (each holds one owner reserve). */
  ownerCount: number
}

/** The key a credential signs with, as checked against AccountAuth. */
export interface SigningKey {
  account: string
  signing: 'master' | 'regular'
  keyAddress: string
}

// lsfDisableMaster (rippled LedgerFormats.h); used when a server omits API v2's account_flags.
const LSF_DISABLE_MASTER = 0x00100000

function isActNotFound(error: unknown): boolean {
  const data = (error as { data?: { error?: unknown } } | null)?.data
  return data?.error === 'actNotFound'
}

function authOf(account: string, result: AccountInfoResponse['result']): AccountAuth {
  const data = result.account_data
  const masterDisabled =
    result.account_flags?.disableMasterKey ?? (data.Flags & LSF_DISABLE_MASTER) !== 0
  return {
    account,
    regularKey: data.RegularKey ?? null,
    masterDisabled,
    ledgerIndex: result.ledger_index ?? 0,
    balanceDrops: BigInt(data.Balance),
    ownerCount: data.OwnerCount,
  }
}

/**
 * Reads an account's signing authorisation from the validated ledger.
 *
 * @param client - a connected client.
 * @param account - a classic address.
 * @param networkName - for the message when the account does not exist, e.g. 'Mainnet'.
 * @throws EngineError `NOT_FOUND` 'Account r… is not activated on <network>'; the request's own
 *   failure otherwise (`TIMEOUT`, `NETWORK`, `NOT_CONNECTED`, `LEDGER_REJECTED`).
 */
export async function readAccountAuth(
  client: Client,
  account: string,
  networkName: string,
): Promise<AccountAuth> {
  try {
    const response = await client.request({
      command: 'account_info',
      account,
      ledger_index: 'validated',
    })
    return authOf(account, response.result)
  } catch (error) {
    if (isActNotFound(error)) {
      throw new EngineError('NOT_FOUND', `Account ${account} is not activated on ${networkName}`, {
        account,
      })
    }
    throw toEngineError(error, 'account_info')
  }
}

/**
 * Whether the ledger accepts this key's signatures for the account, with rippled's rule: the
 * RegularKey always may sign; the master key only while it is not disabled.
 *
 * @param auth - the account's facts from {@link readAccountAuth}.
 * @param key - the key a credential signs with.
 * @throws EngineError `VALIDATION` 'This key is not the regular key of r…' or 'The master key of r…
 *   is disabled: connect with its regular key'.
 */
export function assertMaySign(auth: AccountAuth, key: SigningKey): void {
  const { account } = key
  if (key.signing === 'regular') {
    if (auth.regularKey !== key.keyAddress) {
      throw new EngineError('VALIDATION', `This key is not the regular key of ${account}`, {
        account,
      })
    }
    return
  }
  if (auth.masterDisabled) {
    throw new EngineError(
      'VALIDATION',
      `The master key of ${account} is disabled: connect with its regular key`,
      { account },
    )
  }
}

/** Who may sign for an account besides its RegularKey: what removing the RegularKey leaves. */
export interface AccountKeyFacts {
  account: string
  regularKey: string | null
  masterDisabled: boolean
  hasSignerList: boolean
  ledgerIndex: number
  balanceDrops: bigint
  ownerCount: number
}

/**
 * The account's RegularKey, master-key state and whether it has a signer list, from one validated
 * ledger.
 *
 * @throws EngineError as readAccountAuth does.
 */
export async function readAccountKeys(
  client: Client,
  account: string,
  networkName: string,
): Promise<AccountKeyFacts> {
  const auth = await readAccountAuth(client, account, networkName)
  let hasSignerList: boolean
  try {
    const response = await client.request({
      command: 'account_objects',
      account,
      type: 'signer_list',
      ledger_index: auth.ledgerIndex,
    })
    hasSignerList = response.result.account_objects.length > 0
  } catch (error) {
    throw toEngineError(error, 'account_objects')
  }
  return {
    account,
    regularKey: auth.regularKey,
    masterDisabled: auth.masterDisabled,
    hasSignerList,
    ledgerIndex: auth.ledgerIndex,
    balanceDrops: auth.balanceDrops,
    ownerCount: auth.ownerCount,
  }
}
