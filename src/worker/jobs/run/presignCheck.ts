/**
 * The last look before signing (docs/architecture.md §3.6): pre-flight read the ledger when the job was planned,
 * but a job may start much later, and a bid can be cancelled and made again at another price, or an
 * NFT offered meanwhile from elsewhere. So right before an item is signed:
 * - an offer: the account's sell offers are read (every page, once per run and again after each
 *   reconnect) and an NFT that acquired one since it was planned is left out, so that no NFT ends up
 *   with two live offers (two recipients, or given away and on sale);
 * - every other intent type as its spec says (IntentSpec.lastLook): a sale's bid is read again and
 *   must state exactly the terms the user confirmed (orders/acceptChecks.ts); a key removal is
 *   signed only by the key it removes, still the account's RegularKey and not its only way to sign
 *   (wallet/removeRegularKey.ts).
 * An item refused here is skipped, with the reason; nothing of it is signed.
 */
import { NFTokenCreateOfferFlags } from 'xrpl'
import type { Client } from 'xrpl'

import type { JobItemRow } from '../../../db/types/jobItems.ts'
import { shortAddress, shortId } from '../../../shared/format.ts'
import { intentEffects } from '../../../shared/intents.ts'
import type { IntentTypes, Refusal } from '../../ledger/intentTypes.ts'
import { readOwnOffers } from '../../ledger/ownOffers.ts'
import type { OfferEntry } from '../../ledger/ownOffers.ts'
import type { SecondRead } from '../../ledger/secondRead.ts'
import type { JobSigner } from '../jobSigner.ts'
import type { ValidatedTx } from '../../ledger/ledgerFollower.ts'

export interface PresignDeps {
  /** Each intent type's own last look (the registry of intent types). */
  transactions: Pick<IntentTypes, 'lastLook'>
  client: () => Client
  /** The wallet that signs (its key's address tells a regular key from the master key). */
  signer: () => Pick<JobSigner, 'keyAddress'>
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
   * A validated transaction of the account that this job did not sign (the account stream showed it:
   * another device, another app). A sell offer's NFT is taken from now on, without reading every
   * offer again.
   */
  noteForeign({ txJson, lookup }: ValidatedTx): void {
    if (!this.sellByNft) return // read in full before the next signature anyway
    const { TransactionType, Flags, Account, NFTokenID, Destination } = txJson
    const sell = typeof Flags === 'number' && (Flags & NFTokenCreateOfferFlags.tfSellNFToken) !== 0
    if (TransactionType !== 'NFTokenCreateOffer' || !sell || Account !== this.deps.account) return
    if (lookup.result !== 'tesSUCCESS' || typeof NFTokenID !== 'string') return
    const offerId = (lookup.meta as { offer_id?: unknown }).offer_id
    const nftId = NFTokenID.toUpperCase()
    const offer = {
      offerId: typeof offerId === 'string' ? offerId.toUpperCase() : '(unknown)',
      destination: typeof Destination === 'string' ? Destination : null,
    }
    this.sellByNft.set(nftId, [...(this.sellByNft.get(nftId) ?? []), offer])
  }

  /**
   * The items of a batch that must not be signed, with why.
   *
   * @throws EngineError as the reads do (a lost connection: the run waits and looks again).
   */
  async refusals(items: readonly JobItemRow[]): Promise<Map<JobItemRow, Refusal>> {
    const refused = new Map<JobItemRow, Refusal>()
    const offers = items.filter((item) => intentEffects(item.intent).offer)
    if (offers.length > 0) {
      const sellByNft = await this.sellOffers()
      for (const item of offers) {
        const refusal = offeredElsewhere(item, sellByNft)
        if (refusal) refused.set(item, refusal)
      }
    }
    const { client, signer, account, networkName, second, transactions } = this.deps
    const looks = { client: client(), signingKey: signer().keyAddress, account, networkName }
    const context = second ? { ...looks, second } : looks
    for (const item of items) {
      const refusal = await transactions.lastLook(item.intent, context)
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
}

/**
 * An offer item whose NFT has a sell offer of the account that the item does not replace ('List
 * again' cancels those in an earlier item, and this one is signed only once they are gone).
 */
function offeredElsewhere(
  item: JobItemRow,
  sellByNft: ReadonlyMap<string, readonly SellOffer[]>,
): Refusal | null {
  const offer = intentEffects(item.intent).offer
  if (!offer) return null
  const replaced = new Set(offer.replaces ?? [])
  const other = (sellByNft.get(offer.nftId) ?? []).find((o) => !replaced.has(o.offerId))
  if (!other) return null
  const to = other.destination ? ` to ${shortAddress(other.destination)}` : ''
  return {
    code: 'TAKEN',
    message: `NFT ${shortId(offer.nftId)} got a sell offer${to} (${shortId(other.offerId)}) after this job was planned: it was skipped, so that it is not offered twice`,
  }
}
