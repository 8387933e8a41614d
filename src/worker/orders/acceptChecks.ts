/**
 * A sale's checks, at pre-flight and in the last look before signing: the bid to accept, read where
 * the holder's decision can be checked (its NFT's buy offers, on this server and on another of the
 * network), and the verdict on it against the terms the user confirmed (see bidVerdict).
 */
import type { Client } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import type { PlanProblem } from '../../db/types/jobs.ts'
import type { BidTerms } from '../../db/types/offers.ts'
import type { CheckContext, ItemCheck } from '../jobs/jobKind.ts'
import { bidVerdict } from './bidTerms.ts'
import type { LastLookContext, Refusal } from '../ledger/intentTypes.ts'
import type { SecondWord } from './bidTerms.ts'
import { LOOKUP_CONCURRENCY, readCloseTime } from '../ledger/ledgerRequests.ts'
import { readBidTerms } from '../ledger/nftBids.ts'
import { runPool } from '../ledger/pool.ts'
import type { SecondRead } from '../ledger/secondRead.ts'

type AcceptIntent = Extract<Intent, { type: 'accept' }>

/** Where a bid's terms are judged from. */
interface SaleReads {
  bids: ReadonlyMap<string, BidTerms | null>
  secondBids: ReadonlyMap<string, SecondWord>
  hasSecond: boolean
  closeTime: number
  account: string
  networkName: string
}

/**
 * The bids to accept, each as its NFT's nft_buy_offers lists it (null when it is not among them).
 * Read per NFT rather than by ledger_entry: every server answers nft_buy_offers.
 */
async function readBids(
  client: Client,
  accepts: readonly AcceptIntent[],
): Promise<Map<string, BidTerms | null>> {
  const bids = new Map<string, BidTerms | null>()
  await runPool([...accepts], LOOKUP_CONCURRENCY, async ({ offerId, nftId }) => {
    bids.set(offerId, await readBidTerms(client, offerId, nftId))
  })
  return bids
}

/** The same bids as another server of the network states them (see SecondWord). */
async function readSecondBids(
  second: SecondRead | undefined,
  accepts: readonly AcceptIntent[],
): Promise<Map<string, SecondWord>> {
  const words = new Map<string, SecondWord>()
  if (!second) return words
  const answer = await second.ask((client) => readBids(client, accepts))
  for (const { offerId } of accepts) words.set(offerId, answer?.get(offerId))
  return words
}

/** The bids of these sales on this server and another, and the validated ledger's close time. */
async function readSales(
  client: Client,
  second: SecondRead | undefined,
  accepts: readonly AcceptIntent[],
): Promise<Omit<SaleReads, 'account' | 'networkName'>> {
  // Whether there is another server is read once: the verdict weighs the word of the one asked.
  const hasSecond = second?.available() ?? false
  // The bid's expiry is judged at the validated ledger's close time.
  const [bids, secondBids, closeTime] = await Promise.all([
    readBids(client, accepts),
    readSecondBids(hasSecond ? second : undefined, accepts),
    readCloseTime(client),
  ])
  return { bids, secondBids, closeTime, hasSecond }
}

/** What stands in the way of this sale (see bidVerdict). */
function saleVerdict(intent: AcceptIntent, reads: SaleReads): Refusal | null {
  return bidVerdict({
    offerId: intent.offerId,
    nftId: intent.nftId,
    confirmed: intent.terms,
    acceptToken: intent.acceptToken === true,
    acceptOneServer: intent.acceptOneServer === true,
    bid: reads.bids.get(intent.offerId) ?? null,
    account: reads.account,
    closeTime: reads.closeTime,
    networkName: reads.networkName,
    hasSecond: reads.hasSecond,
    second: reads.secondBids.get(intent.offerId),
  })
}

/**
 * The accept kind's pre-flight checks (see `JobKindSpec.itemChecks`): every problem of a bid is
 * blocking, since the job is this one sale.
 */
export async function acceptChecks(context: CheckContext): Promise<ItemCheck> {
  const { client, planned, second, account, networkName } = context
  const accepts = planned.flatMap(({ intent }) => (intent.type === 'accept' ? [intent] : []))
  const reads = { ...(await readSales(client, second, accepts)), account, networkName }
  return (intent: Intent, index: number): PlanProblem | null => {
    if (intent.type !== 'accept') return null
    const verdict = saleVerdict(intent, reads)
    return verdict && { ...verdict, itemIndex: index, blocking: true }
  }
}

/**
 * A sale's last look before signing (see `IntentSpec.lastLook`): a bid can be cancelled and made
 * again at another price after the job was planned, so it is read again, here and from a second
 * server where the network has one, and must state exactly the terms the user confirmed.
 */
export async function saleLastLook(
  intent: AcceptIntent,
  context: LastLookContext,
): Promise<Refusal | null> {
  const { client, second, account, networkName } = context
  const reads = await readSales(client, second, [intent])
  return saleVerdict(intent, { ...reads, account, networkName })
}
