/**
 * The last look before signing (docs/architecture.md §3.6): pre-flight read the ledger when the job was planned,
 * but a job may start much later, and a bid can be cancelled and made again at another price, or an
 * NFT offered meanwhile from elsewhere. So right before an item is signed:
 * - a sale: the bid is read again (and from a second server where the network has one) and must state
 *   exactly the terms the user confirmed;
 * - an offer: the account's sell offers are read (every page, once per run and again after each
 *   reconnect) and an NFT that acquired one since it was planned is left out, so that no NFT ends up
 *   with two live offers (two recipients, or given away and on sale).
 * - a key removal: signed only by the key it removes, still the account's RegularKey, and not its
 *   only way to sign.
 * An item refused here is skipped, with the reason; nothing of it is signed.
 */
import { deriveAddress } from 'xrpl'
import type { Client, Wallet } from 'xrpl'

import type { JobItemRow } from '../../../db/types/jobItems.ts'
import type { PlanProblem } from '../../../db/types/jobs.ts'
import { shortAddress, shortId } from '../../../shared/format.ts'
import type { SecondRead } from '../../network/secondOpinion.ts'
import { readBidTerms } from '../../ledger/nftBids.ts'
import { bidVerdict } from '../../ledger/bidTerms.ts'
import { readOwnOffers } from '../../ledger/ownOffers.ts'
import type { OfferEntry } from '../../ledger/ownOffers.ts'
import { readCloseTime } from '../../ledger/ledgerRequests.ts'
import { keyRemovalProblem } from '../../ledger/keyRemovalProblem.ts'
import { readAccountKeys } from '../../ledger/accountKeys.ts'

/** Why an item is not signed. */
export type Refusal = Pick<PlanProblem, 'code' | 'message'>

export interface PresignDeps {
  client: () => Client
  /** The wallet that signs (its key's address tells a regular key from the master key). */
  signer: () => Wallet
  account: string
  /** The network's name, for messages. */
  networkName: string
  /** Other servers of the job's network. */
  second?: SecondRead
}

/** What the last look needs of a sell offer. */
type SellOffer = Pick<OfferEntry, 'offerId' | 'destination'>

export class PresignCheck {
  /**
   * The account's sell offers by NFT, as read at the start of this run (or its last reconnect), with
   * those the account stream showed since.
   */
  private sellByNft: Map<string, SellOffer[]> | null = null

  constructor(private readonly deps: PresignDeps) {}

  /** The ledger may have moved on while the connection was down: read the offers again. */
  forget(): void {
    this.sellByNft = null
  }

  /**
   * A sell offer of the account that this job did not make validated (the account stream showed
   * it: another device, another app): its NFT is taken from now on, without reading every offer again.
   */
  noteSellOffer(nftId: string, offerId: string, destination: string | null): void {
    if (!this.sellByNft) return // read in full before the next signature anyway
    this.sellByNft.set(nftId, [...(this.sellByNft.get(nftId) ?? []), { offerId, destination }])
  }

  /**
   * The items of a batch that must not be signed, with why.
   *
   * @throws EngineError as the reads do (a lost connection: the run waits and looks again).
   */
  async refusals(items: readonly JobItemRow[]): Promise<Map<JobItemRow, Refusal>> {
    const refused = new Map<JobItemRow, Refusal>()
    const offers = items.filter((item) => item.intent.type === 'offer')
    if (offers.length > 0) {
      const sellByNft = await this.sellOffers()
      for (const item of offers) {
        const refusal = offeredElsewhere(item, sellByNft)
        if (refusal) refused.set(item, refusal)
      }
    }
    for (const item of items) {
      const { intent } = item
      const refusal =
        intent.type === 'accept'
          ? await this.saleRefusal(intent)
          : intent.type === 'removeRegularKey'
            ? await this.removalRefusal(intent.keyAddress)
            : null
      if (refusal) refused.set(item, refusal)
    }
    return refused
  }

  private async sellOffers(): Promise<Map<string, SellOffer[]>> {
    if (this.sellByNft) return this.sellByNft
    const own = await readOwnOffers(this.deps.client(), this.deps.account)
    const byNft = new Map<string, SellOffer[]>()
    for (const offer of own.values()) {
      if (offer.sell) byNft.set(offer.nftId, [...(byNft.get(offer.nftId) ?? []), offer])
    }
    this.sellByNft = byNft
    return byNft
  }

  /**
   * A key removal is signed only by the key it removes, while the ledger still has that key as the
   * account's RegularKey and removing it leaves the account a way to sign: the job may have been
   * planned long before, and a SetRegularKey without a key removes whatever key is set.
   */
  private async removalRefusal(keyAddress: string): Promise<Refusal | null> {
    const signingKey = deriveAddress(this.deps.signer().publicKey)
    if (signingKey !== keyAddress) {
      return {
        code: 'NO_REGULAR_KEY',
        message: `This removal is signed by the key it removes (${keyAddress}); the wallet connected now signs with ${signingKey}. Nothing was signed`,
      }
    }
    const keys = await readAccountKeys(this.deps.client(), this.deps.account, this.deps.networkName)
    return keyRemovalProblem(keyAddress, 0, keys)
  }

  private async saleRefusal(
    intent: Extract<JobItemRow['intent'], { type: 'accept' }>,
  ): Promise<Refusal | null> {
    const { client, second, account, networkName } = this.deps
    const { offerId, nftId } = intent
    const [bid, closeTime] = await Promise.all([
      readBidTerms(client(), offerId, nftId),
      readCloseTime(client()),
    ])
    const hasSecond = second?.available() ?? false
    const word = hasSecond
      ? await second!.ask((other) => readBidTerms(other, offerId, nftId))
      : undefined
    return bidVerdict({
      offerId,
      nftId,
      confirmed: intent.terms,
      acceptToken: intent.acceptToken === true,
      bid,
      account,
      closeTime,
      networkName,
      hasSecond,
      second: word,
    })
  }
}

/**
 * An offer item whose NFT has a sell offer of the account that the item does not replace ('List
 * again' cancels those in an earlier item, and this one is signed only once they are gone).
 */
function offeredElsewhere(
  item: JobItemRow,
  sellByNft: ReadonlyMap<string, readonly SellOffer[]>,
): Refusal | null {
  const { intent } = item
  if (intent.type !== 'offer') return null
  const replaced = new Set(intent.replaces ?? [])
  const other = (sellByNft.get(intent.nftId) ?? []).find((o) => !replaced.has(o.offerId))
  if (!other) return null
  const to = other.destination ? ` to ${shortAddress(other.destination)}` : ''
  return {
    code: 'TAKEN',
    message: `NFT ${shortId(intent.nftId)} got a sell offer${to} (${shortId(other.offerId)}) after this job was planned: it was skipped, so that it is not offered twice`,
  }
}
