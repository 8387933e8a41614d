/** NFTokenBurn (rippled NFTokenBurn.cpp). */
import { nftFlag } from '../entries.ts'
import type { Transactor, TxJson } from '../context.ts'
import { peekAccount, readAccount } from '../context.ts'
import { nftFlagsOf, nftIssuerOf } from '../nftokenId.ts'
import { findToken, removeToken } from '../nftokenPages.ts'
import { MAX_DELETABLE_OFFERS, removeTokenOffers } from '../nftokenOffers.ts'
import { checkFlags, isHash256 } from '../nftokenRules.ts'

const holderOf = (tx: TxJson): string => (tx.Owner as string | undefined) ?? tx.Account

/** NFTokenBurn: by the holder, or by the issuer/minter of a burnable token. */
export const nftokenBurn: Transactor = {
  preflight(tx) {
    const flags = checkFlags(tx, 0)
    if (flags !== 'tesSUCCESS') return flags
    if (!isHash256(tx.NFTokenID)) return 'temMALFORMED'
    // Owner names someone else's token; naming oneself is malformed.
    return tx.Owner !== undefined && tx.Owner === tx.Account ? 'temMALFORMED' : 'tesSUCCESS'
  },
  preclaim({ view, tx }) {
    const nftId = tx.NFTokenID as string
    const owner = holderOf(tx)
    if (!findToken(view, owner, nftId)) return 'tecNO_ENTRY'
    // The owner can always burn; anyone else only a burnable token, as its issuer or issuer's minter.
    if (owner === tx.Account) return 'tesSUCCESS'
    if ((nftFlagsOf(nftId) & nftFlag.burnable) === 0) return 'tecNO_PERMISSION'
    const issuer = nftIssuerOf(nftId)
    if (issuer === tx.Account) return 'tesSUCCESS'
    const root = readAccount(view, issuer)
    if (root && root.NFTokenMinter !== tx.Account) return 'tecNO_PERMISSION'
    return 'tesSUCCESS'
  },
  doApply({ view, tx }) {
    const nftId = (tx.NFTokenID as string).toUpperCase()
    if (!removeToken(view, holderOf(tx), nftId)) return 'tecNO_ENTRY'
    const issuer = nftIssuerOf(nftId)
    if (readAccount(view, issuer)) {
      const root = peekAccount(view, issuer)
      root.BurnedNFTokens = (root.BurnedNFTokens ?? 0) + 1
    }
    // Up to 500 offers go with the token, sell offers first (usually fewer; frees the sell directory).
    const sells = removeTokenOffers(view, nftId, true, MAX_DELETABLE_OFFERS)
    removeTokenOffers(view, nftId, false, MAX_DELETABLE_OFFERS - sells)
    return 'tesSUCCESS'
  },
}
