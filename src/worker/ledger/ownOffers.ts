/**
 * Reading NFT offers (used by pre-flight, the acceptance tracker and the footer's count, and the home
 * of the Orders tab's reading): the account's own (account_objects type nft_offer, marker
 * paging, every page from the first page's validated ledger) and, for ids not among them, the offer
 * itself (ledger_entry), which tells a vanished offer from someone else's.
 */
import { isValidClassicAddress } from 'xrpl'
import type { Client } from 'xrpl'

import { CURRENCY_CODE, ISSUED_VALUE, currencyCode } from '../../shared/currency.ts'
import type { OfferAmount } from '../api.ts'
import { runPool } from './pool.ts'
import { toEngineError } from './toEngineError.ts'
import { LOOKUP_CONCURRENCY, malformed, requestResult, rippledError } from './ledgerRequests.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** account_objects page size (rippled's maximum). */
const OBJECTS_PAGE_LIMIT = 400
const HEX_ID = /^[0-9A-F]{64}$/
/** NFTokenOffer flag: a sell offer. */
const LSF_SELL_NFTOKEN = 0x0001

/** An NFTokenOffer ledger entry, checked. */
export interface OfferEntry {
  offerId: string
  owner: string
  /** The NFT it offers (NFTokenID). */
  nftId: string
  /** A sell offer (lsfSellNFToken), as airdrops and listings make; else a buy offer. */
  sell: boolean
  destination: string | null
  /** Ripple-epoch seconds, or null when the offer never expires. */
  expiration: number | null
  /** What the offer asks (sell) or bids (buy). */
  amount: OfferAmount
  /** The ledger of the transaction that created it (an NFTokenOffer is never modified). */
  createdLedger: number
  /** The hash of that transaction. */
  createdTx: string
}

/** What the ledger holds under an id that is not one of the account's offers. */
export type OfferLookup =
  | { kind: 'offer'; entry: OfferEntry }
  /** Something that is not an NFTokenOffer: cancelling it fails (tecNO_PERMISSION). */
  | { kind: 'notOffer' }
  /** Nothing (accepted, cancelled, or never there), or a server that cannot say (no ledger_entry). */
  | { kind: 'missing' }

const DROPS = /^\d{1,17}$/

/** An offer's Amount: XRP drops (a string of digits) or an issued currency amount; null if neither. */
export function offerAmount(value: unknown): OfferAmount | null {
  if (typeof value === 'string') return DROPS.test(value) ? { kind: 'xrp', drops: value } : null
  if (!isRecord(value)) return null
  const { currency, issuer, value: amount } = value
  if (typeof currency !== 'string' || !CURRENCY_CODE.test(currency) || currency === 'XRP')
    return null
  if (typeof issuer !== 'string' || !isValidClassicAddress(issuer)) return null
  if (typeof amount !== 'string' || !ISSUED_VALUE.test(amount)) return null
  return { kind: 'issued', currency, code: currencyCode(currency), issuer, value: amount }
}

function offerEntry(value: unknown, method: string): OfferEntry {
  if (!isRecord(value) || value.LedgerEntryType !== 'NFTokenOffer') {
    throw malformed(method, 'an entry is not an NFTokenOffer')
  }
  const { index, Owner, NFTokenID, Flags, Destination, Expiration } = value
  const { Amount, PreviousTxnLgrSeq, PreviousTxnID } = value
  const offerId = typeof index === 'string' ? index.toUpperCase() : ''
  if (!HEX_ID.test(offerId)) throw malformed(method, 'an offer index is not 64 hex digits')
  if (typeof Owner !== 'string') throw malformed(method, `offer ${offerId} has no Owner`)
  const nftId = typeof NFTokenID === 'string' ? NFTokenID.toUpperCase() : ''
  if (!HEX_ID.test(nftId)) throw malformed(method, `offer ${offerId} has no NFTokenID`)
  if (Flags !== undefined && typeof Flags !== 'number') {
    throw malformed(method, `offer ${offerId} has malformed Flags`)
  }
  if (Destination !== undefined && typeof Destination !== 'string') {
    throw malformed(method, `offer ${offerId} has a malformed Destination`)
  }
  if (Expiration !== undefined && (typeof Expiration !== 'number' || Expiration < 0)) {
    throw malformed(method, `offer ${offerId} has a malformed Expiration`)
  }
  const amount = offerAmount(Amount)
  if (!amount) throw malformed(method, `offer ${offerId} has a malformed Amount`)
  if (typeof PreviousTxnLgrSeq !== 'number' || !Number.isSafeInteger(PreviousTxnLgrSeq)) {
    throw malformed(method, `offer ${offerId} has no PreviousTxnLgrSeq`)
  }
  if (typeof PreviousTxnID !== 'string' || !HEX_ID.test(PreviousTxnID.toUpperCase())) {
    throw malformed(method, `offer ${offerId} has no PreviousTxnID`)
  }
  return {
    offerId,
    owner: Owner,
    nftId,
    sell: ((Flags ?? 0) & LSF_SELL_NFTOKEN) !== 0,
    destination: Destination ?? null,
    expiration: Expiration ?? null,
    amount,
    createdLedger: PreviousTxnLgrSeq,
    createdTx: PreviousTxnID.toUpperCase(),
  }
}

interface ObjectsPage {
  entries: OfferEntry[]
  marker: string | undefined
  ledgerIndex: number
}

function objectsPage(result: unknown, account: string, pinned: number | null): ObjectsPage {
  const method = 'account_objects'
  if (!isRecord(result) || !Array.isArray(result.account_objects)) {
    throw malformed(method, 'no account_objects array')
  }
  const { ledger_index: ledgerIndex, validated, marker } = result
  if (typeof ledgerIndex !== 'number' || validated !== true) {
    throw malformed(method, 'not from a validated ledger')
  }
  if (pinned !== null && ledgerIndex !== pinned) {
    throw malformed(method, `a page of ledger ${ledgerIndex} was sent for ledger ${pinned}`)
  }
  if (marker !== undefined && (typeof marker !== 'string' || marker === '')) {
    throw malformed(method, 'the marker is not a string')
  }
  const entries = result.account_objects.map((value) => offerEntry(value, method))
  const foreign = entries.find((entry) => entry.owner !== account)
  if (foreign) throw malformed(method, `offer ${foreign.offerId} of ${foreign.owner} was listed`)
  return { entries, marker, ledgerIndex }
}

/** The account's own NFT offers and the validated ledger they were read from. */
export interface OwnOffers {
  offers: Map<string, OfferEntry>
  ledgerIndex: number
}

/**
 * Every NFT offer the account owns, by offer id.
 *
 * @throws EngineError for a failed request or a malformed reply (a repeating marker included).
 */
export async function readOwnOffers(
  client: Client,
  account: string,
): Promise<Map<string, OfferEntry>> {
  return (await readOwnOffersAt(client, account)).offers
}

/**
 * {@link readOwnOffers}, with the validated ledger every page was read from.
 *
 * @param onPage - called after each page with the offers read so far.
 */
export async function readOwnOffersAt(
  client: Client,
  account: string,
  onPage?: (offers: number) => void,
): Promise<OwnOffers> {
  const offers = new Map<string, OfferEntry>()
  const markers = new Set<string>()
  let ledgerIndex: number | null = null
  let marker: string | undefined
  do {
    const result = await requestResult(client, {
      command: 'account_objects',
      account,
      type: 'nft_offer',
      ledger_index: ledgerIndex ?? 'validated',
      limit: OBJECTS_PAGE_LIMIT,
      ...(marker === undefined ? {} : { marker }),
    })
    const page = objectsPage(result, account, ledgerIndex)
    for (const entry of page.entries) offers.set(entry.offerId, entry)
    ledgerIndex = page.ledgerIndex
    marker = page.marker
    onPage?.(offers.size)
    if (marker !== undefined && markers.has(marker)) {
      throw malformed('account_objects', 'the marker repeats')
    }
    if (marker !== undefined) markers.add(marker)
  } while (marker !== undefined)
  return { offers, ledgerIndex }
}

/** Tokens that mean the ledger has no such entry, or the server cannot look entries up. */
const MISSING_TOKENS: ReadonlySet<unknown> = new Set([
  'entryNotFound',
  'objectNotFound',
  'unknownCmd',
  'notImpl',
])

/** One ledger entry by id, from the validated ledger. */
export async function readOffer(client: Client, offerId: string): Promise<OfferLookup> {
  let result: unknown
  try {
    const response = await client.request({
      command: 'ledger_entry',
      index: offerId,
      ledger_index: 'validated',
    })
    result = response.result
  } catch (error) {
    if (MISSING_TOKENS.has(rippledError(error))) return { kind: 'missing' }
    throw toEngineError(error, 'ledger_entry')
  }
  if (!isRecord(result) || result.validated !== true || !isRecord(result.node)) {
    throw malformed('ledger_entry', 'no node of a validated ledger')
  }
  if (result.node.LedgerEntryType !== 'NFTokenOffer') return { kind: 'notOffer' }
  const entry = offerEntry({ index: result.index, ...result.node }, 'ledger_entry')
  if (entry.offerId !== offerId) throw malformed('ledger_entry', `${entry.offerId} was sent`)
  return { kind: 'offer', entry }
}

/** Several ids, LOOKUP_CONCURRENCY at a time, each once. */
export async function readOffers(
  client: Client,
  offerIds: Iterable<string>,
): Promise<Map<string, OfferLookup>> {
  const lookups = new Map<string, OfferLookup>()
  await runPool([...new Set(offerIds)], LOOKUP_CONCURRENCY, async (offerId) => {
    lookups.set(offerId, await readOffer(client, offerId))
  })
  return lookups
}
