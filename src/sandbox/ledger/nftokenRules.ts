/**
 * Checks the NFToken transactors share (rippled NFTokenUtils.cpp tokenOfferCreatePreflight and
 * tokenOfferCreatePreclaim, used by NFTokenCreateOffer and by NFTokenMint with an Amount), plus flag
 * masks and amount parsing. The sandbox models XRP amounts only.
 */
import { lsf, nftFlag } from './entries.ts'
import type { LedgerSettings, TxJson } from './context.ts'
import { readAccount } from './context.ts'
import { spendableXrp } from './nftokenOffers.ts'
import type { Ter } from './ter.ts'
import type { ApplyView } from './view.ts'
import { tfUniversal } from './txFlags.ts'

/** rippled's getFlagsMask check (preflight1): any flag outside `allowed` → temINVALID_FLAG. */
export function checkFlags(tx: TxJson, allowed: number): Ter {
  return ((tx.Flags ?? 0) & ~(allowed | tfUniversal)) !== 0 ? 'temINVALID_FLAG' : 'tesSUCCESS'
}

/** A 256-bit hex id as the binary codec gives it (any case). */
export function isHash256(v: unknown): v is string {
  return typeof v === 'string' && /^[0-9A-Fa-f]{64}$/.test(v)
}

/** The drops of an XRP amount (may be negative), or undefined for an issued amount or garbage. */
export function xrpDrops(amount: unknown): bigint | undefined {
  return typeof amount === 'string' && /^-?\d+$/.test(amount) ? BigInt(amount) : undefined
}

/** The offer fields both NFTokenCreateOffer and NFTokenMint (with Amount) check. */
export interface OfferFields {
  account: string
  amount: unknown
  destination?: string
  expiration?: number
  /** The NFToken's flags (from its id, or the mint's Flags). */
  nftFlags: number
  /** Owner of the token, present on buy offers only. */
  owner?: string
  sell: boolean
}

/** rippled tokenOfferCreatePreflight, in its order. */
export function offerPreflight(o: OfferFields): Ter {
  const drops = xrpDrops(o.amount)
  if (drops === undefined) {
    // An issued-currency amount: rippled refuses it for lsfOnlyXRP tokens; the sandbox has no IOUs.
    return (o.nftFlags & nftFlag.onlyXRP) !== 0 ? 'temBAD_AMOUNT' : 'temMALFORMED'
  }
  if (drops < 0n) return 'temBAD_AMOUNT'
  // A buy offer must offer something; a sell offer may ask for nothing.
  if (!o.sell && drops === 0n) return 'temBAD_AMOUNT'
  if (o.expiration === 0) return 'temBAD_EXPIRATION'
  // Owner is required on a buy offer and forbidden on a sell offer (it is implicitly the Account).
  if ((o.owner !== undefined) === o.sell) return 'temMALFORMED'
  if (o.owner !== undefined && o.owner === o.account) return 'temMALFORMED'
  if (o.destination !== undefined && o.destination === o.account) return 'temMALFORMED'
  return 'tesSUCCESS'
}

/** rippled tokenOfferCreatePreclaim for XRP amounts, in its order. */
export function offerPreclaim(
  view: ApplyView,
  ledger: LedgerSettings,
  o: OfferFields & { nftIssuer: string },
): Ter {
  if (o.nftIssuer !== o.account && (o.nftFlags & nftFlag.transferable) === 0) {
    // Only the issuer (or its authorized minter) may offer a non-transferable token.
    if (readAccount(view, o.nftIssuer)?.NFTokenMinter !== o.account) {
      return 'tefNFTOKEN_IS_NOT_TRANSFERABLE'
    }
  }
  // A buy offer needs spendable funds now, though they are not reserved for it.
  if (!o.sell && spendableXrp(view, ledger, o.account) <= 0n) return 'tecUNFUNDED_OFFER'
  if (o.destination !== undefined) {
    const dst = readAccount(view, o.destination)
    if (!dst) return 'tecNO_DST'
    if ((dst.Flags & lsf.disallowIncomingNFTokenOffer) !== 0) return 'tecNO_PERMISSION'
  }
  if (o.owner !== undefined) {
    const owner = readAccount(view, o.owner)
    if (!owner) return 'tecNO_TARGET'
    if ((owner.Flags & lsf.disallowIncomingNFTokenOffer) !== 0) return 'tecNO_PERMISSION'
  }
  return 'tesSUCCESS'
}
