/**
 * NFTokenAcceptOffer (rippled NFTokenAcceptOffer.cpp), direct and brokered, XRP amounts only. Other
 * offers for the same token stay in the ledger (stale sell offers later fail with tecNO_PERMISSION).
 */
import type { NFTokenOffer } from '../entries.ts'
import type {
  ApplyContext,
  LedgerSettings,
  PreclaimContext,
  Transactor,
  TxJson,
} from '../context.ts'
import { addBalance, readAccount, reserve } from '../context.ts'
import { nftIssuerOf, nftTransferFeeOf } from '../nftokenId.ts'
import { findToken, insertToken, removeToken } from '../nftokenPages.ts'
import { deleteOffer, hasExpired, isSellOffer, readOffer, spendableXrp } from '../nftokenOffers.ts'
import { checkFlags, isHash256, xrpDrops } from '../nftokenRules.ts'
import type { Ter } from '../ter.ts'
import type { ApplyView } from '../view.ts'

type Offer = Readonly<NFTokenOffer>

const drops = (o: Offer): bigint => BigInt(o.Amount)

/** A named offer: tecOBJECT_NOT_FOUND for a zero or unknown id; temBAD_OFFER for a negative amount. */
function loadOffer(view: ApplyView, id: unknown): { offer?: Offer; ter: Ter } {
  if (id === undefined) return { ter: 'tesSUCCESS' }
  if (!isHash256(id) || /^0+$/.test(id)) return { ter: 'tecOBJECT_NOT_FOUND' }
  const offer = readOffer(view, id)
  if (!offer) return { ter: 'tecOBJECT_NOT_FOUND' }
  // fixExpiredNFTokenOfferRemoval: an expired offer passes preclaim; doApply deletes it (tecEXPIRED).
  if (drops(offer) < 0n) return { ter: 'temBAD_OFFER' }
  return { offer, ter: 'tesSUCCESS' }
}

/** Brokered mode: the two offers must match and leave room for the broker's fee. */
function brokeredChecks(tx: TxJson, bo: Offer, so: Offer): Ter {
  if (bo.NFTokenID !== so.NFTokenID) return 'tecNFTOKEN_BUY_SELL_MISMATCH'
  // A broker may not sell the token back to its current owner.
  if (bo.Owner === so.Owner) return 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER'
  if (drops(so) > drops(bo)) return 'tecINSUFFICIENT_PAYMENT'
  if (bo.Destination !== undefined && bo.Destination !== tx.Account) return 'tecNO_PERMISSION'
  if (so.Destination !== undefined && so.Destination !== tx.Account) return 'tecNO_PERMISSION'
  if (tx.NFTokenBrokerFee !== undefined) {
    const fee = BigInt(tx.NFTokenBrokerFee as string)
    if (fee >= drops(bo)) return 'tecINSUFFICIENT_PAYMENT'
    if (drops(so) > drops(bo) - fee) return 'tecINSUFFICIENT_PAYMENT'
  }
  return 'tesSUCCESS'
}

function buyOfferChecks(ctx: PreclaimContext, bo: Offer, so: Offer | undefined): Ter {
  const { view, tx } = ctx
  if (isSellOffer(bo)) return 'tecNFTOKEN_OFFER_TYPE_MISMATCH'
  if (bo.Owner === tx.Account) return 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER'
  if (!so) {
    // Direct mode: the acceptor sells, so must hold the token and be the Destination if one is set.
    if (!findToken(view, tx.Account, bo.NFTokenID)) return 'tecNO_PERMISSION'
    if (bo.Destination !== undefined && bo.Destination !== tx.Account) return 'tecNO_PERMISSION'
  }
  if (spendableXrp(view, ctx.ledger, bo.Owner) < drops(bo)) return 'tecINSUFFICIENT_FUNDS'
  return 'tesSUCCESS'
}

function sellOfferChecks(ctx: PreclaimContext, so: Offer, bo: Offer | undefined): Ter {
  const { view, tx } = ctx
  if (!isSellOffer(so)) return 'tecNFTOKEN_OFFER_TYPE_MISMATCH'
  if (so.Owner === tx.Account) return 'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER'
  // A sell offer whose owner no longer holds the token is stale.
  if (!findToken(view, so.Owner, so.NFTokenID)) return 'tecNO_PERMISSION'
  if (bo) return 'tesSUCCESS'
  if (so.Destination !== undefined && so.Destination !== tx.Account) return 'tecNO_PERMISSION'
  if (spendableXrp(view, ctx.ledger, tx.Account) < drops(so)) return 'tecINSUFFICIENT_FUNDS'
  return 'tesSUCCESS'
}

function preclaim(ctx: PreclaimContext): Ter {
  const b = loadOffer(ctx.view, ctx.tx.NFTokenBuyOffer)
  if (b.ter !== 'tesSUCCESS') return b.ter
  const s = loadOffer(ctx.view, ctx.tx.NFTokenSellOffer)
  if (s.ter !== 'tesSUCCESS') return s.ter
  const { offer: bo } = b
  const { offer: so } = s
  const steps: (() => Ter)[] = [
    () => (bo && so ? brokeredChecks(ctx.tx, bo, so) : 'tesSUCCESS'),
    () => (bo ? buyOfferChecks(ctx, bo, so) : 'tesSUCCESS'),
    () => (so ? sellOfferChecks(ctx, so, bo) : 'tesSUCCESS'),
  ]
  for (const step of steps) {
    const ter = step()
    if (ter !== 'tesSUCCESS') return ter
  }
  return 'tesSUCCESS'
}

/** Moves XRP from `from` to each payee in turn; zero amounts touch nothing. */
function pay(view: ApplyView, from: string, payees: [string, bigint][]): Ter {
  for (const [to, amount] of payees) {
    if (amount === 0n) continue
    if (!readAccount(view, to)) return 'tecINTERNAL'
    addBalance(view, from, -amount)
    addBalance(view, to, amount)
    if (BigInt(readAccount(view, from)!.Balance) < 0n) return 'tecINSUFFICIENT_FUNDS'
  }
  return 'tesSUCCESS'
}

/** The issuer's cut: amount × TransferFee / 100000, rounded down as rippled's XRP multiply does. */
function issuerCut(nftId: string, amount: bigint): bigint {
  return (amount * BigInt(nftTransferFeeOf(nftId))) / 100000n
}

/**
 * Moves the token from seller to buyer. fixNFTokenReserve: if the buyer needed a new page, its balance
 * after paying (and after the fee) must still cover the reserve.
 */
function transferToken(
  view: ApplyView,
  ledger: LedgerSettings,
  buyer: string,
  seller: string,
  nftId: string,
): Ter {
  const token = removeToken(view, seller, nftId)
  if (!token) return 'tecINTERNAL'
  const before = readAccount(view, buyer)!.OwnerCount
  const inserted = insertToken(view, buyer, token)
  const after = readAccount(view, buyer)!
  if (after.OwnerCount > before && BigInt(after.Balance) < reserve(ledger, after.OwnerCount)) {
    return 'tecINSUFFICIENT_RESERVE'
  }
  return inserted
}

/** Direct mode: the offer's counterparty is the Account; the issuer's cut comes out of the price. */
function acceptDirect(ctx: ApplyContext, offer: Offer): Ter {
  const sell = isSellOffer(offer)
  const seller = sell ? offer.Owner : ctx.tx.Account
  const buyer = sell ? ctx.tx.Account : offer.Owner
  const issuer = nftIssuerOf(offer.NFTokenID)
  const amount = drops(offer)
  const cut = seller !== issuer && buyer !== issuer ? issuerCut(offer.NFTokenID, amount) : 0n
  const paid = pay(ctx.view, buyer, [
    [issuer, cut],
    [seller, amount - cut],
  ])
  if (paid !== 'tesSUCCESS') return paid
  return transferToken(ctx.view, ctx.ledger, buyer, seller, offer.NFTokenID)
}

/**
 * Brokered mode: the buyer pays the broker's fee first, then the issuer's cut of what remains, then
 * the seller the rest (the order keeps the seller's minimum safe).
 */
function acceptBrokered(ctx: ApplyContext, bo: Offer, so: Offer): Ter {
  const buyer = bo.Owner
  const seller = so.Owner
  const issuer = nftIssuerOf(so.NFTokenID)
  const brokerFee = xrpDrops(ctx.tx.NFTokenBrokerFee) ?? 0n
  const rest = drops(bo) - brokerFee
  const cut = seller !== issuer && buyer !== issuer ? issuerCut(so.NFTokenID, rest) : 0n
  const paid = pay(ctx.view, buyer, [
    [ctx.tx.Account, brokerFee],
    [issuer, cut],
    [seller, rest - cut],
  ])
  if (paid !== 'tesSUCCESS') return paid
  return transferToken(ctx.view, ctx.ledger, buyer, seller, so.NFTokenID)
}

/**
 * fixExpiredNFTokenOfferRemoval: expired offers named by the transaction are deleted and the result
 * is tecEXPIRED; the deletion is redone after the tec reset so that it sticks.
 */
function dropExpired(ctx: ApplyContext, offers: (Offer | undefined)[]): boolean {
  const ids = offers.filter((o) => o && hasExpired(ctx.ledger, o.Expiration)).map((o) => o!.index)
  if (ids.length === 0) return false
  const drop = (view: ApplyView): void => {
    for (const id of ids) {
      const offer = readOffer(view, id)
      if (offer) deleteOffer(view, offer)
    }
  }
  drop(ctx.view)
  ctx.afterTecReset.push(drop)
  return true
}

function doApply(ctx: ApplyContext): Ter {
  const bo = ctx.tx.NFTokenBuyOffer
    ? readOffer(ctx.view, ctx.tx.NFTokenBuyOffer as string)
    : undefined
  const so = ctx.tx.NFTokenSellOffer
    ? readOffer(ctx.view, ctx.tx.NFTokenSellOffer as string)
    : undefined
  if (dropExpired(ctx, [bo, so])) return 'tecEXPIRED'
  // The accepted offers go away (their owners get the reserve back) before any payment.
  if (bo) deleteOffer(ctx.view, bo)
  if (so) deleteOffer(ctx.view, so)
  const offer = bo ?? so
  if (!offer) return 'tecINTERNAL'
  const ter = bo && so ? acceptBrokered(ctx, bo, so) : acceptDirect(ctx, offer)
  if (ter === 'tesSUCCESS') ctx.extras.nftoken_id = offer.NFTokenID
  return ter
}

/** NFTokenAcceptOffer: direct (one offer) or brokered (both), meta extra `nftoken_id`. */
export const nftokenAcceptOffer: Transactor = {
  preflight(tx) {
    const flags = checkFlags(tx, 0)
    if (flags !== 'tesSUCCESS') return flags
    const bo = tx.NFTokenBuyOffer
    const so = tx.NFTokenSellOffer
    if (bo === undefined && so === undefined) return 'temMALFORMED'
    if (tx.NFTokenBrokerFee === undefined) return 'tesSUCCESS'
    // A broker fee only exists in brokered mode, and must be positive (XRP in the sandbox).
    if (bo === undefined || so === undefined) return 'temMALFORMED'
    const fee = xrpDrops(tx.NFTokenBrokerFee)
    if (fee === undefined || fee <= 0n) return 'temMALFORMED'
    return 'tesSUCCESS'
  },
  preclaim,
  doApply,
}
