/**
 * What a burn does beyond destroying its NFTs, worked out at pre-flight from the validated ledger:
 * the offers on them the ledger deletes and the account's NFT pages that go away (each frees an
 * owner reserve).
 */
import type { Client } from 'xrpl'

import type { BurnEffects } from '../contract/burn.ts'
import type { EffectsContext, KindEffects } from '../jobs/jobKind.ts'
import { offersDeleted, pagesFreed } from './burnEffects.ts'
import { LOOKUP_CONCURRENCY } from '../ledger/ledgerRequests.ts'
import { readNftBids } from '../ledger/nftBids.ts'
import { readNftPages } from '../ledger/nftPages.ts'
import { readOwnOffers } from '../ledger/ownOffers.ts'
import { runPool } from '../ledger/pool.ts'

/**
 * What the burns without a problem do: the offers on their NFTs the ledger deletes (the account's own
 * sell offers, and others' offers — bids — read per NFT) and the account's NFT pages that go away.
 */
async function burnEffects(
  client: Client,
  account: string,
  burns: readonly string[],
): Promise<BurnEffects> {
  const bids = new Map<string, number>()
  const [pages, ownOffers] = await Promise.all([
    readNftPages(client, account),
    readOwnOffers(client, account),
    runPool([...burns], LOOKUP_CONCURRENCY, async (nftId) => {
      bids.set(nftId, (await readNftBids(client, nftId, 'validated')).length)
    }),
  ])
  const ownSell = new Map<string, number>()
  for (const offer of ownOffers.values()) {
    if (offer.sell) ownSell.set(offer.nftId, (ownSell.get(offer.nftId) ?? 0) + 1)
  }
  const effects: BurnEffects = {
    ownOffers: 0,
    otherOffers: 0,
    pagesFreed: pagesFreed(pages, burns),
  }
  for (const nftId of burns) {
    const deleted = offersDeleted({
      ownSell: ownSell.get(nftId) ?? 0,
      others: bids.get(nftId) ?? 0,
    })
    effects.ownOffers += deleted.ownSell
    effects.otherOffers += deleted.others
  }
  return effects
}

/** The burn kind's pre-flight effects (see `JobKindSpec.effects`). */
export async function burnPreflightEffects(context: EffectsContext): Promise<KindEffects> {
  const { client, account, clear } = context
  const burns = clear.flatMap(({ intent }) => (intent.type === 'burn' ? [intent.nftId] : []))
  const burn = await burnEffects(client, account, burns)
  return { burn, freedObjects: burn.ownOffers + burn.pagesFreed }
}
