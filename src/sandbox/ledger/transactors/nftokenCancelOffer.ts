/** NFTokenCancelOffer (rippled NFTokenCancelOffer.cpp). */
import type { Transactor } from '../context.ts'
import { deleteOffer, hasExpired, readOffer } from '../nftokenOffers.ts'
import { checkFlags, isHash256 } from '../nftokenRules.ts'
import type { Ter } from '../ter.ts'

/** rippled maxTokenOfferCancelCount. */
export const MAX_CANCEL_IDS = 500

const offerIds = (v: unknown): string[] => (v as string[]).map((id) => id.toUpperCase())

/**
 * 1..500 distinct, non-zero ids (fixCleanup3_2_0 refuses zero ids; duplicates would only bloat the
 * transaction). All are temMALFORMED (the sandbox predates fixErrorCodes' finer codes).
 */
function preflightIds(v: unknown): Ter {
  if (!Array.isArray(v) || v.length === 0 || v.length > MAX_CANCEL_IDS) return 'temMALFORMED'
  if (!v.every(isHash256)) return 'temMALFORMED'
  const ids = offerIds(v)
  if (ids.some((id) => /^0+$/.test(id))) return 'temMALFORMED'
  return new Set(ids).size === ids.length ? 'tesSUCCESS' : 'temMALFORMED'
}

/** NFTokenCancelOffer: deletes up to 500 offers (meta extra `nftoken_ids`). */
export const nftokenCancelOffer: Transactor = {
  preflight(tx) {
    const flags = checkFlags(tx, 0)
    if (flags !== 'tesSUCCESS') return flags
    return preflightIds(tx.NFTokenOffers)
  },
  preclaim({ view, tx, ledger }) {
    for (const id of offerIds(tx.NFTokenOffers)) {
      const entry = view.read(id)
      // An id not in the ledger was consumed already: skipped. keylet::child never matches a directory.
      if (!entry || entry.LedgerEntryType === 'DirectoryNode') continue
      if (entry.LedgerEntryType !== 'NFTokenOffer') return 'tecNO_PERMISSION'
      // Anyone may cancel an expired offer; otherwise only its owner or its destination.
      if (hasExpired(ledger, entry.Expiration as number | undefined)) continue
      if (entry.Owner === tx.Account || entry.Destination === tx.Account) continue
      return 'tecNO_PERMISSION'
    }
    return 'tesSUCCESS'
  },
  doApply({ view, tx, extras }) {
    const tokens = new Set<string>()
    for (const id of offerIds(tx.NFTokenOffers)) {
      const offer = readOffer(view, id)
      if (!offer) continue
      deleteOffer(view, offer)
      tokens.add(offer.NFTokenID)
    }
    // rippled lists the NFTokenIDs of the deleted offers, sorted and without duplicates.
    extras.nftoken_ids = [...tokens].sort()
    return 'tesSUCCESS'
  },
}
