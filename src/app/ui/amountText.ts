/** An offer's amount in plain words, as every tab that lists offers writes it. Pure. */
import { tokenParts, tokenText } from '../../shared/currency.ts'
import { formatDrops } from '../../shared/format.ts'
import type { OfferAmount } from '../../worker/api.ts'

/**
 * The amount as the spec shows it: XRP up to 6 decimals with trailing zeros trimmed, 'FREE' for 0;
 * an issued currency as value, code, 'token' and its issuer (never a bare code: see tokenText).
 */
export function amountText(offer: { amount: OfferAmount }): string {
  const { amount } = offer
  if (amount.kind === 'issued') return tokenText(tokenParts(amount)!)
  return BigInt(amount.drops) === 0n ? 'FREE' : `${formatDrops(amount.drops)} XRP`
}
