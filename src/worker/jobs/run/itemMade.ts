/**
 * What a validated, successful transaction of an item made on the ledger, worked out by the engine
 * rather than read from a server's metadata (which could name another offer, for a re-offer or a
 * reclaim to cancel, or another NFT): the offer's id from the account and the number it used, a
 * mint's NFT from what was signed and the issuer's serial the mint took.
 */
import type { JobItemRow } from '../../../db/types/jobItems.ts'
import { intentEffects } from '../../../shared/intents.ts'
import { mintedNft } from '../../ledger/mintedNftId.ts'
import { nftOfferId } from '../../ledger/nftOfferId.ts'

/** The ids of what an item's transaction made, where it made an offer or an NFT. */
export interface ItemMade {
  offerId?: string | undefined
  mintedNftId?: string | undefined
}

/**
 * @param item - the item whose transaction succeeded.
 * @param account - the job's account (the transaction's).
 * @param sequence - the number the validated attempt used.
 * @param meta - its validated metadata (untrusted shape).
 */
export function itemMade(
  item: JobItemRow,
  account: string,
  sequence: number,
  meta: unknown,
): ItemMade {
  const effects = intentEffects(item.intent)
  const makesOffer = (effects.offer ?? effects.mint?.offer) !== undefined
  const minted = effects.mint ? mintedNft(effects.mint, account, meta) : null
  return {
    ...(makesOffer ? { offerId: nftOfferId(account, sequence) } : {}),
    ...(minted ? { mintedNftId: minted } : {}),
  }
}
