/** SetRegularKey (rippled SetRegularKey.cpp). */
import { lsf } from '../entries.ts'
import type { Transactor } from '../context.ts'
import { peekAccount } from '../context.ts'

export const setRegularKey: Transactor = {
  blocker: true,
  preflight(tx) {
    if (tx.RegularKey !== undefined && tx.RegularKey === tx.Account) return 'temBAD_REGKEY'
    return 'tesSUCCESS'
  },
  preclaim() {
    return 'tesSUCCESS'
  },
  doApply({ view, tx }) {
    const acct = peekAccount(view, tx.Account)
    if (tx.RegularKey === undefined) {
      // Without a signer list (not modelled) removing the only alternative key would lock the account.
      if ((acct.Flags & lsf.disableMaster) !== 0) return 'tecNO_ALTERNATIVE_KEY'
      delete acct.RegularKey
    } else {
      acct.RegularKey = tx.RegularKey as string
    }
    return 'tesSUCCESS'
  },
}
