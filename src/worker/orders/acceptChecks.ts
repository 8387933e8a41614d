/**
 * A sale's pre-flight: the bid to accept, read where the holder's decision can be checked (its NFT's
 * buy offers, on this server and on another of the network), and the verdict on it against the
 * terms the user confirmed (see bidVerdict).
 */
import type { Client } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import type { PlanProblem } from '../../db/types/jobs.ts'
import type { BidTerms } from '../../db/types/offers.ts'
import type { CheckContext, ItemCheck } from '../jobs/jobKind.ts'
import type { ItemFacts } from '../jobs/plan/itemFacts.ts'
import { bidVerdict } from '../ledger/bidTerms.ts'
import type { SecondWord } from '../ledger/bidTerms.ts'
import { LOOKUP_CONCURRENCY, readCloseTime } from '../ledger/ledgerRequests.ts'
import { readBidTerms } from '../ledger/nftBids.ts'
import { runPool } from '../ledger/pool.ts'
import type { SecondRead } from '../network/secondOpinion.ts'

type AcceptIntent = Extract<Intent, { type: 'accept' }>

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
  if (!second?.available()) return words
  const answer = await second.ask((client) => readBids(client, accepts))
  for (const { offerId } of accepts) words.set(offerId, answer?.get(offerId))
  return words
}

/**
 * The accept kind's pre-flight checks (see `JobKindSpec.itemChecks`): every problem of a bid is
 * blocking, since the job is this one sale.
 */
export async function acceptChecks(context: CheckContext): Promise<ItemCheck> {
  const { client, planned, second } = context
  const accepts = planned.flatMap(({ intent }) => (intent.type === 'accept' ? [intent] : []))
  // The bid's expiry (and the NFT's offers' own) is judged at the validated ledger's close time.
  const [bids, secondBids, closeTime] = await Promise.all([
    readBids(client, accepts),
    readSecondBids(second, accepts),
    readCloseTime(client),
  ])
  const hasSecond = second?.available() ?? false
  return (intent: Intent, index: number, facts: ItemFacts): PlanProblem | null => {
    if (intent.type !== 'accept') return null
    const verdict = bidVerdict({
      offerId: intent.offerId,
      nftId: intent.nftId,
      confirmed: intent.terms,
      acceptToken: intent.acceptToken === true,
      bid: bids.get(intent.offerId) ?? null,
      account: facts.account,
      closeTime,
      networkName: facts.networkName,
      hasSecond,
      second: secondBids.get(intent.offerId),
    })
    return verdict && { ...verdict, itemIndex: index, blocking: true }
  }
}
