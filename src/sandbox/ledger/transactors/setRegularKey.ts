/** SetRegularKey (rippled SetRegularKey.cpp). */
import { lsf } from '../entries.ts'
import type { Transactor } from '../context.ts'
import { baseFeeOf, peekAccount } from '../context.ts'
import { keylet } from '../keylets.ts'

export const setRegularKey: Transactor = {
  blocker: true,
  preflight(tx) {
    if (tx.RegularKey !== undefined && tx.RegularKey === tx.Account) return 'temBAD_REGKEY'
    return 'tesSUCCESS'
  },
  preclaim() {
    return 'tesSUCCESS'
  },
  doApply({ view, tx, ledger }) {
    const acct = peekAccount(view, tx.Account)
    // The one free key reset (base fee 0) spends the account's "password"; a tec keeps it.
    if (baseFeeOf(tx, acct, ledger) === 0n) acct.Flags = (acct.Flags | lsf.passwordSpent) >>> 0
    if (tx.RegularKey === undefined) {
      // With the master key disabled and no signer list, removing the regular key would lock the account.
      const signers = view.read(keylet.signers(tx.Account))
      if ((acct.Flags & lsf.disableMaster) !== 0 && !signers) return 'tecNO_ALTERNATIVE_KEY'
      delete acct.RegularKey
    } else {
      acct.RegularKey = tx.RegularKey as string
    }
    return 'tesSUCCESS'
  },
}
