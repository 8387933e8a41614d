/**
 * The terms of a sale to a bid, and the verdict on them: what the user confirmed against what the
 * ledger says (one server, and a second one where the network has it), before the sale is planned
 * and again right before it is signed. The NFTokenAcceptOffer names only the offer id: whatever the
 * offer says when it applies is the price, so the offer must still say what the user confirmed.
 */
import { rippleTimeToUnixTime } from 'xrpl'

import type { PlanProblem } from '../../db/types/jobs.ts'
import type { BidTerms, OfferAmount } from '../../db/types/offers.ts'
import { readsAsXrp, tokenParts, tokenText } from '../../shared/currency.ts'
import { formatDrops, shortAddress, shortId } from '../../shared/format.ts'

/** A decimal as sign, significant digits and exponent, so that '1000', '1e3' and '1000.0' match. */
function canonicalDecimal(value: string): string {
  const match = /^([-+]?)(\d*)(?:\.(\d*))?(?:[eE]([-+]?\d+))?$/.exec(value.trim())
  if (!match) return value
  const [, sign = '', whole = '', fraction = '', exponent = '0'] = match
  let digits = `${whole}${fraction}`.replace(/^0+/, '')
  let exp = Number(exponent) - fraction.length
  if (digits === '') return '0'
  while (digits.endsWith('0')) {
    digits = digits.slice(0, -1)
    exp += 1
  }
  return `${sign === '-' ? '-' : ''}${digits}e${exp}`
}

/** Whether two amounts are the same: the same drops, or the same currency, issuer and value. */
export function sameAmount(a: OfferAmount, b: OfferAmount): boolean {
  if (a.kind === 'xrp' || b.kind === 'xrp') {
    return a.kind === 'xrp' && b.kind === 'xrp' && BigInt(a.drops) === BigInt(b.drops)
  }
  return (
    a.currency.toUpperCase() === b.currency.toUpperCase() &&
    a.issuer === b.issuer &&
    canonicalDecimal(a.value) === canonicalDecimal(b.value)
  )
}

/** An amount in words that cannot be mistaken: 'n XRP', or the token with its issuer. */
export function amountWords(amount: OfferAmount): string {
  if (amount.kind === 'xrp') return `${formatDrops(amount.drops)} XRP`
  return tokenText(tokenParts(amount)!)
}

function expiryWords(expiration: number | null): string {
  if (expiration === null) return 'never expires'
  return `expires ${new Date(rippleTimeToUnixTime(expiration)).toISOString()}`
}

/**
 * How `actual` differs from `confirmed`, in plain words (empty when they agree).
 *
 * @param confirmed - the terms the user confirmed.
 * @param actual - the terms a server states.
 */
export function termDifferences(confirmed: BidTerms, actual: BidTerms): string[] {
  const out: string[] = []
  if (!sameAmount(confirmed.amount, actual.amount)) {
    out.push(`the amount is ${amountWords(actual.amount)}, not ${amountWords(confirmed.amount)}`)
  }
  if (confirmed.bidder !== actual.bidder) {
    out.push(`the bidder is ${shortAddress(actual.bidder)}, not ${shortAddress(confirmed.bidder)}`)
  }
  if (confirmed.destination !== actual.destination) {
    const to = actual.destination ? `only ${shortAddress(actual.destination)}` : 'any holder'
    out.push(`it is open to ${to}`)
  }
  if (confirmed.expiration !== actual.expiration) out.push(`it ${expiryWords(actual.expiration)}`)
  return out
}

/** What a second server said of the bid: its terms, null (no such bid), or undefined (no answer). */
export type SecondWord = BidTerms | null | undefined

/** Everything the verdict on one bid to accept is drawn from. */
export interface BidVerdictFacts {
  offerId: string
  nftId: string
  /** The terms the user confirmed (absent in a job planned before they were recorded). */
  confirmed: BidTerms | undefined
  acceptToken: boolean
  /** The user accepts the one server's word for the terms (no second server to confirm them). */
  acceptOneServer?: boolean
  /** The bid as the server in use lists it for the NFT; null when it does not list it. */
  bid: BidTerms | null
  /** The account that sells. */
  account: string
  /** The validated ledger's close time, Ripple-epoch seconds. */
  closeTime: number | null
  /** The network's name, for messages. */
  networkName: string
  /** Whether the network has another server to ask; then `second` is its word. */
  hasSecond: boolean
  second: SecondWord
}

type Verdict = Pick<PlanProblem, 'code' | 'message'>

/**
 * What stands in the way of accepting a bid, or null. In order: the bid is gone, expired or meant
 * for someone else; its amount is a token that reads as XRP; it no longer states what the user
 * confirmed; a second server of the network says otherwise (or could not be asked), or there is none
 * and the user did not accept the one server's word; it is a token the user did not confirm as such.
 */
export function bidVerdict(f: BidVerdictFacts): Verdict | null {
  const label = `The bid ${shortId(f.offerId)}`
  const { bid } = f
  if (!bid) {
    return {
      code: 'OFFER_NOT_FOUND',
      message: `${label} is not a bid on NFT ${shortId(f.nftId)} (any more: it may have been cancelled or accepted)`,
    }
  }
  if (bid.expiration !== null && f.closeTime !== null && bid.expiration <= f.closeTime) {
    return {
      code: 'OFFER_NOT_FOUND',
      message: `${label} has expired: it can no longer be accepted`,
    }
  }
  if (bid.destination !== null && bid.destination !== f.account) {
    return {
      code: 'NOT_YOUR_OFFER',
      message: `${label} was made to ${bid.destination}: only they may accept it`,
    }
  }
  if (bid.amount.kind === 'issued' && readsAsXrp(bid.amount.currency)) {
    return {
      code: 'READS_AS_XRP',
      message: `${label} is not in XRP: it offers ${amountWords(bid.amount)}, a token whose code reads as XRP. It cannot be accepted`,
    }
  }
  if (!f.confirmed) {
    return {
      code: 'CHANGED',
      message: `${label}: the terms you confirmed were not recorded. Read the bids again and accept it anew`,
    }
  }
  const changed = termDifferences(f.confirmed, bid)
  if (changed.length > 0) {
    return {
      code: 'CHANGED',
      message: `${label} is not what you confirmed: ${changed.join('; ')}. Nothing was signed; read the bids again`,
    }
  }
  if (f.hasSecond) {
    const disagreement = secondDisagreement(bid, f.second, f.networkName)
    if (disagreement) return { code: 'SERVERS_DISAGREE', message: `${label}: ${disagreement}` }
  } else if (!f.acceptOneServer) {
    // The user's own node alone (say): a lying server could show a bid it made up. A sale on one
    // server's word is the user's call, never the default.
    return {
      code: 'ONE_SERVER',
      message: `${label}: only one server of ${f.networkName} is in use, and no second server confirms its terms. Confirm that you accept that server's word to sell`,
    }
  }
  if (bid.amount.kind === 'issued' && !f.acceptToken) {
    return {
      code: 'TOKEN_UNCONFIRMED',
      message: `${label} is not in XRP: it offers ${amountWords(bid.amount)}. A token can be worthless; confirm the token sale to go on`,
    }
  }
  return null
}

function secondDisagreement(bid: BidTerms, second: SecondWord, network: string): string | null {
  if (second === undefined) {
    return `no second server of ${network} could confirm it. Nothing was signed; try again later`
  }
  if (second === null) {
    return `the servers of ${network} disagree: another server does not list this bid. Nothing was signed`
  }
  const differences = termDifferences(bid, second)
  if (differences.length === 0) return null
  return `the servers of ${network} disagree about it (another server says ${differences.join('; ')}). Nothing was signed`
}
