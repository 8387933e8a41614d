/** NFTokenMint (rippled NFTokenMint.cpp), including the NFTokenMintOffer form with Amount. */
import { nftFlag } from '../entries.ts'
import type { ApplyContext, Transactor, TxJson } from '../context.ts'
import { peekAccount, readAccount, reserve } from '../context.ts'
import { buildNFTokenId } from '../nftokenId.ts'
import { insertToken } from '../nftokenPages.ts'
import { createOffer, hasExpired } from '../nftokenOffers.ts'
import { checkFlags, offerPreclaim, offerPreflight } from '../nftokenRules.ts'
import type { Ter } from '../ter.ts'

/** rippled maxTransferFee (50%) and maxTokenURILength (bytes). */
const MAX_TRANSFER_FEE = 50000
const MAX_URI_BYTES = 256
/** tfNFTokenMintMaskWithMutable: tfTrustLine (0x4) is refused since fixRemoveNFTokenAutoTrustLine. */
const MINT_FLAGS = nftFlag.burnable | nftFlag.onlyXRP | nftFlag.transferable | nftFlag.mutable
const U32_MAX = 0xffffffff

/** A token URI as NFTokenMint and NFTokenModify accept it: absent, or 1 to 256 bytes. */
export function uriIsValid(uri: unknown): boolean {
  if (uri === undefined) return true
  if (typeof uri !== 'string') return false
  const bytes = uri.length / 2
  return bytes > 0 && bytes <= MAX_URI_BYTES
}

/** The NFToken flags a mint gives its token: the low 16 bits of the transaction's Flags. */
const tokenFlags = (tx: TxJson): number => (tx.Flags ?? 0) & 0xffff

const hasOfferFields = (tx: TxJson): boolean =>
  tx.Amount !== undefined || tx.Destination !== undefined || tx.Expiration !== undefined

function offerFieldsOf(tx: TxJson) {
  return {
    account: tx.Account,
    amount: tx.Amount,
    destination: tx.Destination as string | undefined,
    expiration: tx.Expiration as number | undefined,
    nftFlags: tokenFlags(tx),
    // A mint can only create a sell offer.
    sell: true,
  }
}

function preflight(tx: TxJson): Ter {
  const flags = checkFlags(tx, MINT_FLAGS)
  if (flags !== 'tesSUCCESS') return flags
  if (typeof tx.NFTokenTaxon !== 'number') return 'temMALFORMED'
  const fee = tx.TransferFee as number | undefined
  if (fee !== undefined) {
    if (fee > MAX_TRANSFER_FEE) return 'temBAD_NFTOKEN_TRANSFER_FEE'
    // A transfer fee only makes sense on a token that can be transferred.
    if (fee > 0 && (tokenFlags(tx) & nftFlag.transferable) === 0) return 'temMALFORMED'
  }
  // Issuer names the account minted for; naming oneself is malformed.
  if (tx.Issuer !== undefined && tx.Issuer === tx.Account) return 'temMALFORMED'
  if (!uriIsValid(tx.URI)) return 'temMALFORMED'
  if (!hasOfferFields(tx)) return 'tesSUCCESS'
  // Destination or Expiration without Amount describe no offer.
  if (tx.Amount === undefined) return 'temMALFORMED'
  return offerPreflight(offerFieldsOf(tx))
}

/**
 * Assigns the token serial (fixNFTokenRemint): FirstNFTokenSequence + MintedNFTokens. On the issuer's
 * first mint FirstNFTokenSequence is its Sequence before this transaction: the self-minter's Sequence
 * was already consumed (−1), unless a Ticket was used or an authorized minter is minting.
 */
function nextSerial(ctx: ApplyContext, issuer: string): number | undefined {
  const root = peekAccount(ctx.view, issuer)
  if (root.FirstNFTokenSequence === undefined) {
    const untouched = ctx.tx.Issuer !== undefined || ctx.tx.TicketSequence !== undefined
    root.FirstNFTokenSequence = untouched ? root.Sequence : root.Sequence - 1
  }
  const minted = root.MintedNFTokens ?? 0
  if (minted + 1 > U32_MAX) return undefined
  root.MintedNFTokens = minted + 1
  const serial = root.FirstNFTokenSequence + minted
  return serial + 1 > U32_MAX ? undefined : serial
}

function doApply(ctx: ApplyContext): Ter {
  const { tx, view } = ctx
  const issuer = (tx.Issuer as string | undefined) ?? tx.Account
  const serial = nextSerial(ctx, issuer)
  if (serial === undefined) return 'tecMAX_SEQUENCE_REACHED'
  const ownerCountBefore = readAccount(view, tx.Account)!.OwnerCount
  const nftId = buildNFTokenId({
    flags: tokenFlags(tx),
    transferFee: (tx.TransferFee as number | undefined) ?? 0,
    issuer,
    taxon: tx.NFTokenTaxon as number,
    serial,
  })
  const uri = tx.URI as string | undefined
  const inserted = insertToken(view, tx.Account, { NFTokenID: nftId, ...(uri ? { URI: uri } : {}) })
  if (inserted !== 'tesSUCCESS') return inserted
  if (tx.Amount !== undefined) {
    const { destination, expiration } = offerFieldsOf(tx)
    const { ter, offerId } = createOffer(view, ctx.ledger, ctx.priorBalance, {
      owner: tx.Account,
      nftId,
      amount: tx.Amount as string,
      sell: true,
      destination,
      expiration,
      seqProxy: ctx.seqProxy,
    })
    if (ter !== 'tesSUCCESS') return ter
    ctx.extras.offer_id = offerId
  }
  // The reserve is only enforced when a new page (or the offer) raised OwnerCount.
  const ownerCountAfter = readAccount(view, tx.Account)!.OwnerCount
  if (
    ownerCountAfter > ownerCountBefore &&
    ctx.priorBalance < reserve(ctx.ledger, ownerCountAfter)
  ) {
    return 'tecINSUFFICIENT_RESERVE'
  }
  ctx.extras.nftoken_id = nftId
  return 'tesSUCCESS'
}

/** NFTokenMint: mints into the Account's pages, for itself or (Issuer) as authorized minter. */
export const nftokenMint: Transactor = {
  preflight,
  preclaim({ view, tx, ledger }) {
    const issuer = tx.Issuer as string | undefined
    if (issuer !== undefined) {
      const root = readAccount(view, issuer)
      if (!root) return 'tecNO_ISSUER'
      // Minting for another account needs that account's NFTokenMinter to be this one.
      if (root.NFTokenMinter !== tx.Account) return 'tecNO_PERMISSION'
    }
    if (tx.Amount === undefined) return 'tesSUCCESS'
    if (hasExpired(ledger, tx.Expiration as number | undefined)) return 'tecEXPIRED'
    return offerPreclaim(view, ledger, { ...offerFieldsOf(tx), nftIssuer: issuer ?? tx.Account })
  },
  doApply,
}
