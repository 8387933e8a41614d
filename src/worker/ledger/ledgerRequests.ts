/**
 * The account facts pre-flight reads from the validated ledger: the reserve figures (server_info),
 * accounts (account_info: balance, owner count, whether they refuse incoming NFT offers, their
 * authorised NFT minter) and the validated ledger's close time. Replies are checked before use.
 */
import type { Client } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import { runPool } from './pool.ts'
import { toEngineError } from './toEngineError.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** Account lookups in flight at once. */
export const LOOKUP_CONCURRENCY = 8

/** lsfDisallowIncomingNFTokenOffer (rippled LedgerFormats.h), for servers without account_flags. */
const LSF_DISALLOW_INCOMING_NFTOKEN_OFFER = 0x0400_0000
/** lsfRequireDestTag: payments to it need a destination tag (exchanges' deposit accounts). */
const LSF_REQUIRE_DEST_TAG = 0x0002_0000
const DROPS_PER_XRP = 1_000_000
const DIGITS = /^\d+$/

/** The ledger's reserve figures, in drops. */
export interface Reserves {
  baseDrops: bigint
  incDrops: bigint
}

/** What pre-flight needs to know about one account. */
export interface AccountFacts {
  balanceDrops: bigint
  ownerCount: number
  /** lsfDisallowIncomingNFTokenOffer: NFT offers naming it as Destination fail (tecNO_PERMISSION). */
  refusesOffers: boolean
  /**
   * lsfRequireDestTag: it credits what it receives by destination tag (an exchange, as a rule). An
   * NFT offer cannot carry a tag, so such a recipient does not claim it.
   */
  requiresDestTag: boolean
  /** The account allowed to mint (and offer non-transferable NFTs) for it, if any. */
  nftokenMinter: string | null
}

/** The error for a reply that breaks the API's shape. */
export function malformed(method: string, detail: string): EngineError {
  return new EngineError(
    'LEDGER_REJECTED',
    `The ledger server sent a malformed ${method} reply: ${detail}`,
  )
}

/** The rippled error token of a failed request, if any (xrpl.js puts the response in `data`). */
export function rippledError(error: unknown): unknown {
  return (error as { data?: { error?: unknown } } | null)?.data?.error
}

/** The result of a request, any failure as an EngineError named after the method. */
export async function requestResult(
  client: Client,
  request: Parameters<Client['request']>[0],
): Promise<unknown> {
  try {
    const response = await client.request(request)
    return (response as { result?: unknown }).result
  } catch (error) {
    throw toEngineError(error, request.command)
  }
}

/** An XRP figure of server_info (a JSON number) in drops. */
function xrpFigure(value: unknown, name: string): bigint {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 1e11) {
    throw malformed('server_info', `no ${name}`)
  }
  return BigInt(Math.round(value * DROPS_PER_XRP))
}

/**
 * The base and owner reserve of the latest validated ledger.
 *
 * @throws EngineError `LEDGER_REJECTED` when the server has no validated ledger or the reply is
 *   malformed; the request's own failure otherwise.
 */
export async function readReserves(client: Client): Promise<Reserves> {
  const result = await requestResult(client, { command: 'server_info' })
  const info = isRecord(result) ? result.info : undefined
  if (!isRecord(info)) throw malformed('server_info', 'no info object')
  const validated = info.validated_ledger
  if (!isRecord(validated)) {
    throw new EngineError(
      'LEDGER_REJECTED',
      'The ledger server has no validated ledger yet; please try again in a moment',
    )
  }
  return {
    baseDrops: xrpFigure(validated.reserve_base_xrp, 'reserve_base_xrp'),
    incDrops: xrpFigure(validated.reserve_inc_xrp, 'reserve_inc_xrp'),
  }
}

function factsOf(result: unknown, account: string): AccountFacts {
  if (!isRecord(result) || result.validated !== true) {
    throw malformed('account_info', 'not from a validated ledger')
  }
  const data = result.account_data
  if (!isRecord(data) || data.Account !== account) {
    throw malformed('account_info', `no account data for ${account}`)
  }
  const { Balance, OwnerCount, Flags, NFTokenMinter } = data
  if (typeof Balance !== 'string' || !DIGITS.test(Balance)) {
    throw malformed('account_info', 'no Balance')
  }
  if (typeof OwnerCount !== 'number' || !Number.isSafeInteger(OwnerCount) || OwnerCount < 0) {
    throw malformed('account_info', 'no OwnerCount')
  }
  const flags = isRecord(result.account_flags) ? result.account_flags : {}
  const refuses =
    typeof flags.disallowIncomingNFTokenOffer === 'boolean'
      ? flags.disallowIncomingNFTokenOffer
      : typeof Flags === 'number' && (Flags & LSF_DISALLOW_INCOMING_NFTOKEN_OFFER) !== 0
  const requiresTag =
    typeof flags.requireDestinationTag === 'boolean'
      ? flags.requireDestinationTag
      : typeof Flags === 'number' && (Flags & LSF_REQUIRE_DEST_TAG) !== 0
  return {
    balanceDrops: BigInt(Balance),
    ownerCount: OwnerCount,
    refusesOffers: refuses,
    requiresDestTag: requiresTag,
    nftokenMinter: typeof NFTokenMinter === 'string' ? NFTokenMinter : null,
  }
}

/**
 * One account as the validated ledger has it; null when it does not exist.
 *
 * @throws EngineError for a malformed reply or a failed request.
 */
export async function readAccount(client: Client, account: string): Promise<AccountFacts | null> {
  let result: unknown
  try {
    const response = await client.request({
      command: 'account_info',
      account,
      ledger_index: 'validated',
    })
    result = response.result
  } catch (error) {
    if (rippledError(error) === 'actNotFound') return null
    throw toEngineError(error, 'account_info')
  }
  return factsOf(result, account)
}

/**
 * Several accounts, LOOKUP_CONCURRENCY at a time, each once.
 *
 * @returns every address mapped to its facts, or null for an account that does not exist.
 */
export async function readAccounts(
  client: Client,
  addresses: Iterable<string>,
): Promise<Map<string, AccountFacts | null>> {
  const distinct = [...new Set(addresses)]
  const facts = new Map<string, AccountFacts | null>()
  await runPool(distinct, LOOKUP_CONCURRENCY, async (address) => {
    facts.set(address, await readAccount(client, address))
  })
  return facts
}

/** The close time (Ripple-epoch seconds) of a validated ledger, the latest by default. */
export async function readCloseTime(
  client: Client,
  ledgerIndex: number | 'validated' = 'validated',
): Promise<number> {
  return (await readValidatedLedger(client, ledgerIndex)).closeTime
}

/** A validated ledger's index and close time (Ripple-epoch seconds), the latest by default. */
export async function readValidatedLedger(
  client: Client,
  ledgerIndex: number | 'validated' = 'validated',
): Promise<{ index: number; closeTime: number }> {
  const result = await requestResult(client, { command: 'ledger', ledger_index: ledgerIndex })
  const ledger = isRecord(result) && result.validated === true ? result.ledger : undefined
  const closeTime = isRecord(ledger) ? ledger.close_time : undefined
  if (typeof closeTime !== 'number' || !Number.isSafeInteger(closeTime)) {
    throw malformed('ledger', 'no close_time of a validated ledger')
  }
  const index = isRecord(result) ? result.ledger_index : undefined
  const parsed = typeof index === 'string' ? Number(index) : index
  if (typeof parsed !== 'number' || !Number.isSafeInteger(parsed) || parsed <= 0) {
    throw malformed('ledger', 'no ledger_index')
  }
  return { index: parsed, closeTime }
}
