/**
 * Job planning, before anything touches the ledger: the request from the UI is checked field by field
 * (it crossed the worker boundary and is trusted no more than a file), then expanded into intents,
 * one per ledger transaction the job will submit.
 */
import { isValidClassicAddress, rippleTimeToUnixTime, unixTimeToRippleTime } from 'xrpl'

import type { BidTerms, Intent, OfferAmount } from '../../../db/types.ts'
import { CANCEL_OFFERS_PER_TX, MAX_JOB_ITEMS } from '../../../shared/constants.ts'
import { CURRENCY_CODE, ISSUED_VALUE, currencyCode } from '../../../shared/currency.ts'
import { EngineError } from '../../../shared/errors.ts'
import type {
  AcceptRequest,
  CancelPurpose,
  JobRequest,
  ListRequest,
  PricingStrategy,
} from '../../api.ts'
import { packOfferIds } from '../../orders/cancelOffers.ts'
import { checkedSeed, freshSeed, seededRandom } from '../../ledger/shuffleSeed.ts'
import { isRecord } from '../../../shared/isRecord.ts'

/** One intent of a plan; airdrop offers also name the recipient's CSV address, for reports. */
export interface PlannedIntent {
  intent: Intent
  recipient?: string
}

/** Most NFTs one distribution row may ask for. */
export const MAX_NFTS_PER_RECIPIENT = 1000
/** All the XRP there is (100 billion), in drops: no amount can be larger. */
const MAX_DROPS = 10n ** 17n
/** Expiration is a UInt32 of seconds since the Ripple epoch. */
const MAX_EXPIRATION = 0xffff_ffff
const HEX_ID = /^[0-9A-F]{64}$/
const DIGITS = /^\d+$/
/** Longest part of a rejected value echoed in a message. */
const SHOWN_CHARS = 40

type Fields = Record<string, unknown>

function invalid(message: string): EngineError {
  return new EngineError('VALIDATION', message)
}

/** A rejected value as a message shows it: quoted, shortened, never blank. */
function shown(value: unknown): string {
  if (typeof value !== 'string') return value === undefined ? '(missing)' : `(${typeof value})`
  const text = value.trim()
  if (!text) return '(empty)'
  return `"${text.length > SHOWN_CHARS ? `${text.slice(0, SHOWN_CHARS)}...` : text}"`
}

/** The field as a non-empty array of at most MAX_JOB_ITEMS, else the `empty` message. */
function itemsOf(fields: Fields, key: string, empty: string, noun: string): unknown[] {
  const value = fields[key]
  if (value === undefined || (Array.isArray(value) && value.length === 0)) throw invalid(empty)
  if (!Array.isArray(value)) throw invalid(`The job request is malformed: ${key} is not a list`)
  if (value.length > MAX_JOB_ITEMS) {
    const most = MAX_JOB_ITEMS.toLocaleString('en-US')
    throw invalid(`Too many ${noun}: a job holds at most ${most} (got ${value.length})`)
  }
  // Index access, not map(): a sparse array's holes must be seen as missing values.
  return Array.from({ length: value.length }, (_, i) => value[i] as unknown)
}

function checkedId(value: unknown, label: string, what: string): string {
  const id = typeof value === 'string' ? value.trim().toUpperCase() : ''
  if (!HEX_ID.test(id)) {
    throw invalid(`${label}: ${shown(value)} is not a valid ${what} (64 hexadecimal characters)`)
  }
  return id
}

function checkedAddress(value: unknown, label: string): string {
  const address = typeof value === 'string' ? value.trim() : ''
  if (!isValidClassicAddress(address)) {
    throw invalid(`${label}: ${shown(value)} is not a valid XRP Ledger address`)
  }
  return address
}

function checkedNftIds(fields: Fields, empty: string): string[] {
  return itemsOf(fields, 'nftIds', empty, 'NFTs').map((id, i) =>
    checkedId(id, `Selected NFT ${i + 1}`, 'NFT id'),
  )
}

function checkedRow(row: unknown, i: number): { address: string; count: number } {
  const label = `Distribution row ${i + 1}`
  if (!isRecord(row)) throw invalid(`${label} is malformed`)
  const address = checkedAddress(row.address, label)
  const { count } = row
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw invalid(`${label} (${address}): nft_amount must be a whole number of at least 1`)
  }
  if (count > MAX_NFTS_PER_RECIPIENT) {
    throw invalid(`${label} (${address}): nft_amount may be at most ${MAX_NFTS_PER_RECIPIENT}`)
  }
  return { address, count }
}

function checkedAirdrop(fields: Fields): JobRequest {
  const rows = itemsOf(fields, 'distribution', 'Please upload a CSV file first', 'recipients')
  const distribution = rows.map(checkedRow)
  const nftIds = checkedNftIds(fields, 'Please select NFTs to distribute')
  if (typeof fields.randomize !== 'boolean') {
    throw invalid('The job request is malformed: randomize must be true or false')
  }
  // A seed is checked whenever given (a malformed one is a bug worth reporting) but kept only with
  // randomize: without a shuffle there is nothing for it to reproduce.
  const seed = fields.seed === undefined ? undefined : checkedSeed(fields.seed)
  return {
    kind: 'airdrop',
    distribution,
    nftIds,
    randomize: fields.randomize,
    ...(fields.randomize && seed !== undefined ? { seed } : {}),
  }
}

function checkedDrops(value: unknown, label: string): string {
  const text = typeof value === 'string' ? value.trim() : ''
  if (!DIGITS.test(text) || BigInt(text) > MAX_DROPS) {
    throw invalid(`${label}: the price ${shown(value)} is not a whole number of drops`)
  }
  return BigInt(text).toString()
}

function checkedOffer(offer: unknown, i: number): Extract<Intent, { type: 'offer' }> {
  const label = `Offer ${i + 1}`
  if (!isRecord(offer)) throw invalid(`${label} is malformed`)
  const nftId = checkedId(offer.nftId, label, 'NFT id')
  const amountDrops = checkedDrops(offer.amountDrops, label)
  const checked: Extract<Intent, { type: 'offer' }> = { type: 'offer', nftId, amountDrops }
  if (offer.destination !== undefined) {
    checked.destination = checkedAddress(offer.destination, `${label} destination`)
  }
  const { expiration } = offer
  if (expiration !== undefined) {
    const valid = typeof expiration === 'number' && Number.isInteger(expiration)
    if (!valid || expiration < 1 || expiration > MAX_EXPIRATION) {
      throw invalid(`${label}: the expiration must be a time in whole seconds`)
    }
    checked.expiration = expiration
  }
  return checked
}

const PRICING_STRATEGIES: ReadonlySet<unknown> = new Set<PricingStrategy['kind']>([
  'fixed',
  'random',
  'floor',
  'individual',
])

/** Most offers one NFT's 'List again' may replace (an NFT rarely has more than a few). */
const MAX_REPLACED_PER_NFT = 100

function checkedReplaces(value: unknown, label: string): string[] {
  if (value === undefined) return []
  if (!Array.isArray(value)) throw invalid(`${label}: the offers it replaces are not a list`)
  if (value.length > MAX_REPLACED_PER_NFT) {
    throw invalid(`${label}: it may replace at most ${MAX_REPLACED_PER_NFT} offers`)
  }
  return Array.from({ length: value.length }, (_, i) => value[i] as unknown).map((id) =>
    checkedId(id, `${label} replaces an offer that`, 'offer id'),
  )
}

function checkedList(fields: Fields): ListRequest {
  const offers = itemsOf(fields, 'offers', 'Please select NFTs to create offers for', 'offers')
  const { strategy, seed } = fields
  if (strategy !== undefined && !PRICING_STRATEGIES.has(strategy)) {
    throw invalid(`Unknown pricing strategy: ${shown(strategy)}`)
  }
  return {
    kind: 'list',
    offers: offers.map((offer, i) => {
      const { type: _type, ...checked } = checkedOffer(offer, i)
      const replaces = checkedReplaces((offer as Fields).replaces, `Offer ${i + 1}`)
      return replaces.length > 0 ? { ...checked, replaces } : checked
    }),
    ...(strategy === undefined ? {} : { strategy: strategy as PricingStrategy['kind'] }),
    ...(seed === undefined ? {} : { seed: checkedSeed(seed, 'The price seed') }),
  }
}

function checkedAmount(value: unknown, label: string): OfferAmount {
  if (!isRecord(value)) throw invalid(`${label}: the amount is malformed`)
  if (value.kind === 'xrp') return { kind: 'xrp', drops: checkedDrops(value.drops, label) }
  const { currency, issuer, value: amount } = value
  if (value.kind !== 'issued' || typeof currency !== 'string' || !CURRENCY_CODE.test(currency)) {
    throw invalid(`${label}: the amount is malformed`)
  }
  if (typeof amount !== 'string' || !ISSUED_VALUE.test(amount)) {
    throw invalid(`${label}: the amount ${shown(amount)} is not a number`)
  }
  const issuerAddress = checkedAddress(issuer, `${label}: the token's issuer`)
  return {
    kind: 'issued',
    currency,
    code: currencyCode(currency),
    issuer: issuerAddress,
    value: amount,
  }
}

/** The bid's terms as the user confirmed them (Unix ms of a whole second → Ripple seconds). */
function checkedTerms(value: unknown): BidTerms {
  const label = 'The bid you confirmed'
  if (!isRecord(value)) throw invalid(`${label} is missing: read the bids again`)
  const { expiresAt, destination } = value
  if (
    expiresAt !== null &&
    (typeof expiresAt !== 'number' || !Number.isInteger(expiresAt / 1000))
  ) {
    throw invalid(`${label}: the expiration is malformed`)
  }
  const expiration = expiresAt === null ? null : unixTimeToRippleTime(expiresAt)
  if (expiration !== null && (expiration < 0 || expiration > MAX_EXPIRATION)) {
    throw invalid(`${label}: the expiration is out of range`)
  }
  return {
    amount: checkedAmount(value.amount, label),
    bidder: checkedAddress(value.bidder, `${label}: the bidder`),
    destination:
      destination === null ? null : checkedAddress(destination, `${label}: the destination`),
    expiration,
  }
}

function checkedAccept(fields: Fields): AcceptRequest {
  return {
    kind: 'accept',
    offerId: checkedId(fields.offerId, 'The bid', 'offer id'),
    nftId: checkedId(fields.nftId, 'The NFT', 'NFT id'),
    confirmed: termsAsConfirmed(checkedTerms(fields.confirmed)),
    ...(fields.acceptToken === true ? { acceptToken: true } : {}),
  }
}

/** Terms back in the request's shape (expiresAt in Unix ms). */
function termsAsConfirmed(terms: BidTerms): AcceptRequest['confirmed'] {
  const { expiration, ...rest } = terms
  return { ...rest, expiresAt: expiration === null ? null : rippleTimeToUnixTime(expiration) }
}

/** The terms of a checked request (Ripple seconds). */
function termsOfRequest(request: AcceptRequest): BidTerms {
  const { expiresAt, ...rest } = request.confirmed
  return { ...rest, expiration: expiresAt === null ? null : unixTimeToRippleTime(expiresAt) }
}

const CANCEL_PURPOSES: ReadonlySet<unknown> = new Set<CancelPurpose>([
  'selected',
  'free',
  'paid',
  'duplicates',
  'all',
  'expired',
  'unfillable',
  'single',
])

function checkedCancel(fields: Fields): JobRequest {
  const ids = itemsOf(fields, 'offerIds', 'Please select offers to cancel', 'offers')
  const { purpose } = fields
  if (purpose !== undefined && !CANCEL_PURPOSES.has(purpose)) {
    throw invalid(`Unknown cancellation: ${shown(purpose)}`)
  }
  return {
    kind: 'cancel',
    offerIds: ids.map((id, i) => checkedId(id, `Offer ${i + 1}`, 'offer id')),
    ...(purpose === undefined ? {} : { purpose: purpose as CancelPurpose }),
  }
}

/**
 * Checks a job request from the UI and returns a clean copy: ids upper-cased, addresses and amounts
 * trimmed, unknown fields dropped.
 *
 * @param request - anything; it crossed the worker boundary.
 * @throws EngineError `VALIDATION` with a message fit to show: the spec's 'Please upload a CSV file
 *   first', 'Please select NFTs to distribute', 'Please select NFTs to burn', 'Please select NFTs to
 *   create offers for'; 'Please select offers to cancel'; or what is wrong with which row or item
 *   (an invalid address, NFT id, count, price or expiration; more than 10,000 items); an airdrop
 *   `seed` that is not 32 hex digits (checked even without `randomize`, but then dropped).
 */
export function validateJobRequest(request: unknown): JobRequest {
  if (!isRecord(request)) throw invalid('The job request is malformed')
  switch (request.kind) {
    case 'airdrop':
      return checkedAirdrop(request)
    case 'list':
      return checkedList(request)
    case 'burn':
      return { kind: 'burn', nftIds: checkedNftIds(request, 'Please select NFTs to burn') }
    case 'cancel':
      return checkedCancel(request)
    case 'accept':
      return checkedAccept(request)
    case 'removeRegularKey':
      return { kind: 'removeRegularKey' }
    default:
      throw invalid(`Unknown job kind: ${shown(request.kind)}`)
  }
}

/** A uniform double in [0, 1) from 53 bits of crypto.getRandomValues. */
export function cryptoRandom(): number {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2))
  return ((high >>> 5) * 2 ** 26 + (low >>> 6)) / 2 ** 53
}

/** A Fisher–Yates shuffled copy. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    // Clamped, so a random() that returns 1 (or garbage) cannot index past the end.
    const j = Math.min(i, Math.max(0, Math.floor(random() * (i + 1)) || 0))
    const swap = copy[i] as T
    copy[i] = copy[j] as T
    copy[j] = swap
  }
  return copy
}

/** The distribution expanded into recipient slots in CSV order, at most `max` of them. */
function slotsOf(distribution: readonly { address: string; count: number }[], max: number) {
  const slots: string[] = []
  for (const { address, count } of distribution) {
    for (let n = 0; n < count && slots.length < max; n++) slots.push(address)
  }
  return slots
}

function airdropIntents(
  request: Extract<JobRequest, { kind: 'airdrop' }>,
  random: () => number,
): PlannedIntent[] {
  const nfts = request.randomize ? shuffled(request.nftIds, random) : request.nftIds
  return slotsOf(request.distribution, nfts.length).map((destination, i) => ({
    intent: { type: 'offer', nftId: nfts[i] as string, amountDrops: '0', destination },
    recipient: destination,
  }))
}

/** Distinct offer ids in first-seen order, packed CANCEL_OFFERS_PER_TX to an intent. */
function cancelIntents(offerIds: string[]): PlannedIntent[] {
  return packOfferIds(offerIds, CANCEL_OFFERS_PER_TX).map((ids) => ({
    intent: { type: 'cancel', offerIds: ids },
  }))
}

/**
 * A listing's intents: first the cancellation of the offers it replaces ('List again'), then one sell
 * offer per NFT, which names the offers it replaces: the runner signs it only once their cancellation
 * has succeeded (and skips it if that failed), so an NFT never holds its old and its new price at once.
 */
function listIntents(request: ListRequest): PlannedIntent[] {
  const replaced = request.offers.flatMap((offer) => offer.replaces ?? [])
  const offers = request.offers.map((offer) => ({ intent: { type: 'offer' as const, ...offer } }))
  return [...(replaced.length > 0 ? cancelIntents(replaced) : []), ...offers]
}

/**
 * The request as it will be planned and recorded: a randomized airdrop without a seed gets a fresh
 * one, so that every shuffle can be reproduced from its job row.
 */
export function withShuffleSeed(request: JobRequest): JobRequest {
  if (request.kind !== 'airdrop' || !request.randomize || request.seed) return request
  return { ...request, seed: freshSeed() }
}

/** The shuffle's random source: the request's seed when it has one, crypto otherwise. */
function randomFor(request: JobRequest): () => number {
  return request.kind === 'airdrop' && request.seed ? seededRandom(request.seed) : cryptoRandom
}

/**
 * Expands a validated request into intents, in plan order.
 * - airdrop: each recipient gets `count` slots, in CSV order; slot i gets the i-th NFT of the
 *   selection (or of a shuffled selection when `randomize`), as a free sell offer to the recipient.
 *   It stops when slots or NFTs run out: extra recipients get nothing, extra NFTs stay.
 * - list: the offers it replaces cancelled first (500 per transaction), then one offer per entry, as
 *   given. burn: one burn per NFT.
 * - cancel: distinct offer ids, up to 500 per NFTokenCancelOffer.
 *
 * @param request - a request from {@link validateJobRequest}.
 * @param random - uniform in [0, 1), for the shuffle; by default the generator of the request's
 *   `seed` (the same seed always gives the same pairs), else crypto-strong.
 */
export function planIntents(
  request: JobRequest,
  random: () => number = randomFor(request),
): PlannedIntent[] {
  switch (request.kind) {
    case 'airdrop':
      return airdropIntents(request, random)
    case 'list':
      return listIntents(request)
    case 'burn':
      return request.nftIds.map((nftId) => ({ intent: { type: 'burn', nftId } }))
    case 'cancel':
      return cancelIntents(request.offerIds)
    case 'accept':
      return [
        {
          intent: {
            type: 'accept',
            offerId: request.offerId,
            nftId: request.nftId,
            terms: termsOfRequest(request),
            ...(request.acceptToken ? { acceptToken: true } : {}),
          },
        },
      ]
    case 'removeRegularKey':
      if (!request.keyAddress) throw new EngineError('INTERNAL', 'No key to remove was named')
      return [{ intent: { type: 'removeRegularKey', keyAddress: request.keyAddress } }]
  }
}
