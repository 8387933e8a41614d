/**
 * NFTokenModify (rippled NFTokenModify.cpp, DynamicNFT): the issuer, or the issuer's authorised
 * minter, changes or removes the URI of a token minted mutable, wherever it is held.
 */
import { nftFlag } from '../entries.ts'
import type { Transactor, TxJson } from '../context.ts'
import { readAccount } from '../context.ts'
import { nftFlagsOf, nftIssuerOf } from '../nftokenId.ts'
import { changeTokenUri, findToken } from '../nftokenPages.ts'
import { checkFlags, isHash256 } from '../nftokenRules.ts'
import { uriIsValid } from './nftokenMint.ts'

const holderOf = (tx: TxJson): string => (tx.Owner as string | undefined) ?? tx.Account

export const nftokenModify: Transactor = {
  preflight(tx) {
    const flags = checkFlags(tx, 0)
    if (flags !== 'tesSUCCESS') return flags
    if (!isHash256(tx.NFTokenID)) return 'temMALFORMED'
    if (tx.Owner !== undefined && tx.Owner === tx.Account) return 'temMALFORMED'
    return uriIsValid(tx.URI) ? 'tesSUCCESS' : 'temMALFORMED'
  },
  preclaim({ view, tx }) {
    const nftId = tx.NFTokenID as string
    if (!findToken(view, holderOf(tx), nftId)) return 'tecNO_ENTRY'
    if ((nftFlagsOf(nftId) & nftFlag.mutable) === 0) return 'tecNO_PERMISSION'
    const issuer = nftIssuerOf(nftId)
    if (issuer === tx.Account) return 'tesSUCCESS'
    const root = readAccount(view, issuer)
    if (!root) return 'tecINTERNAL'
    return root.NFTokenMinter === tx.Account ? 'tesSUCCESS' : 'tecNO_PERMISSION'
  },
  doApply({ view, tx }) {
    const uri = tx.URI as string | undefined
    return changeTokenUri(view, holderOf(tx), tx.NFTokenID as string, uri)
      ? 'tesSUCCESS'
      : 'tecINTERNAL'
  },
}
