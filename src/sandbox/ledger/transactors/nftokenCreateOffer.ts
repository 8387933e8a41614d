/** NFTokenCreateOffer (rippled NFTokenCreateOffer.cpp), XRP amounts only. */
import type { Transactor, TxJson } from '../context.ts'
import { nftFlagsOf, nftIssuerOf } from '../nftokenId.ts'
import { findToken } from '../nftokenPages.ts'
import { createOffer, hasExpired } from '../nftokenOffers.ts'
import type { OfferFields } from '../nftokenRules.ts'
import { checkFlags, isHash256, offerPreclaim, offerPreflight } from '../nftokenRules.ts'
import { tfSellNFToken } from '../txFlags.ts'

const isSell = (tx: TxJson): boolean => ((tx.Flags ?? 0) & tfSellNFToken) !== 0

function offerFieldsOf(tx: TxJson): OfferFields {
  return {
    account: tx.Account,
    amount: tx.Amount,
    destination: tx.Destination as string | undefined,
    expiration: tx.Expiration as number | undefined,
    nftFlags: nftFlagsOf(tx.NFTokenID as string),
    owner: tx.Owner as string | undefined,
    sell: isSell(tx),
  }
}

/** NFTokenCreateOffer: a buy or sell offer for one token (meta extra `offer_id`). */
export const nftokenCreateOffer: Transactor = {
  preflight(tx) {
    const flags = checkFlags(tx, tfSellNFToken)
    if (flags !== 'tesSUCCESS') return flags
    // Required fields: the binary codec would not encode a transaction without them.
    if (!isHash256(tx.NFTokenID) || tx.Amount === undefined) return 'temMALFORMED'
    return offerPreflight(offerFieldsOf(tx))
  },
  preclaim({ view, tx, ledger }) {
    if (hasExpired(ledger, tx.Expiration as number | undefined)) return 'tecEXPIRED'
    const nftId = tx.NFTokenID as string
    // A sell offer is for a token the Account holds; a buy offer for one the Owner holds.
    const holder = isSell(tx) ? tx.Account : (tx.Owner as string)
    if (!findToken(view, holder, nftId)) return 'tecNO_ENTRY'
    return offerPreclaim(view, ledger, { ...offerFieldsOf(tx), nftIssuer: nftIssuerOf(nftId) })
  },
  doApply({ view, tx, ledger, priorBalance, seqProxy, extras }) {
    const o = offerFieldsOf(tx)
    const { ter, offerId } = createOffer(view, ledger, priorBalance, {
      owner: tx.Account,
      nftId: tx.NFTokenID as string,
      amount: tx.Amount as string,
      sell: o.sell,
      destination: o.destination,
      expiration: o.expiration,
      seqProxy,
    })
    if (ter === 'tesSUCCESS') extras.offer_id = offerId
    return ter
  },
}
