/** Payment, XRP to XRP only (rippled Payment.cpp): the sandbox has no trust lines. */
import type { AccountRoot } from '../entries.ts'
import { lsf } from '../entries.ts'
import { keylet } from '../keylets.ts'
import type { Transactor } from '../context.ts'
import { addBalance, isXrpAmount, peekAccount, readAccount, reserve } from '../context.ts'
import { tfPartialPayment } from '../txFlags.ts'

export const payment: Transactor = {
  preflight(tx) {
    const amount = tx.Amount
    if (!isXrpAmount(amount)) return 'temMALFORMED' // issued currencies are not modelled
    if (!/^\d+$/.test(amount) || BigInt(amount) <= 0n) return 'temBAD_AMOUNT'
    if (tx.Destination === tx.Account) return 'temREDUNDANT'
    if (tx.SendMax !== undefined) return 'temBAD_SEND_XRP_MAX'
    if (tx.Paths !== undefined) return 'temBAD_SEND_XRP_PATHS'
    if (((tx.Flags ?? 0) & tfPartialPayment) !== 0) return 'temBAD_SEND_XRP_PARTIAL'
    return 'tesSUCCESS'
  },
  preclaim({ view, tx, ledger }) {
    const dst = readAccount(view, tx.Destination as string)
    if (!dst) {
      if (BigInt(tx.Amount as string) < ledger.reserveBase) return 'tecNO_DST_INSUF_XRP'
      return 'tesSUCCESS'
    }
    if ((dst.Flags & lsf.requireDestTag) !== 0 && tx.DestinationTag === undefined) {
      return 'tecDST_TAG_NEEDED'
    }
    return 'tesSUCCESS'
  },
  doApply({ view, tx, ledger, priorBalance, extras }) {
    const amount = BigInt(tx.Amount as string)
    const src = readAccount(view, tx.Account)!
    const fee = BigInt(tx.Fee)
    const needed = reserve(ledger, src.OwnerCount)
    if (priorBalance < amount + (needed > fee ? needed : fee)) return 'tecUNFUNDED_PAYMENT'
    const destination = tx.Destination as string
    const dst = readAccount(view, destination)
    if (dst && (dst.Flags & lsf.depositAuth) !== 0) return 'tecNO_PERMISSION'
    if (!dst) {
      const created: AccountRoot = {
        Account: destination,
        Balance: '0',
        Flags: 0,
        LedgerEntryType: 'AccountRoot',
        OwnerCount: 0,
        Sequence: ledger.seq,
        index: keylet.account(destination),
      }
      view.insert(created)
    }
    addBalance(view, tx.Account, -amount)
    addBalance(view, destination, amount)
    // XRP received re-arms the destination's one free key reset (rippled Payment.cpp).
    const receiver = peekAccount(view, destination)
    receiver.Flags = (receiver.Flags & ~lsf.passwordSpent) >>> 0
    extras.delivered_amount = amount.toString()
    return 'tesSUCCESS'
  },
}
