/** AccountSet (rippled SetAccount.cpp), for the flags the app uses. */
import { lsf } from '../entries.ts'
import type { Transactor } from '../context.ts'
import { peekAccount } from '../context.ts'

/** asf values (SetFlag / ClearFlag) and the account flag each one toggles. */
const ASF: Record<number, number> = {
  1: lsf.requireDestTag,
  2: lsf.requireAuth,
  3: lsf.disallowXRP,
  4: lsf.disableMaster,
  6: lsf.noFreeze,
  7: lsf.globalFreeze,
  8: lsf.defaultRipple,
  9: lsf.depositAuth,
  12: lsf.disallowIncomingNFTokenOffer,
  13: lsf.disallowIncomingCheck,
  14: lsf.disallowIncomingPayChan,
  15: lsf.disallowIncomingTrustline,
}
const asfAuthorizedNFTokenMinter = 10
const asfDisableMaster = 4

export const accountSet: Transactor = {
  blocker: true,
  preflight(tx) {
    const set = tx.SetFlag as number | undefined
    const clear = tx.ClearFlag as number | undefined
    if (set !== undefined && set === clear) return 'temINVALID_FLAG'
    if (set === asfAuthorizedNFTokenMinter && tx.NFTokenMinter === undefined) return 'temMALFORMED'
    if (clear === asfAuthorizedNFTokenMinter && tx.NFTokenMinter !== undefined) return 'temMALFORMED'
    return 'tesSUCCESS'
  },
  preclaim() {
    return 'tesSUCCESS'
  },
  doApply({ view, tx }) {
    const acct = peekAccount(view, tx.Account)
    const set = tx.SetFlag as number | undefined
    const clear = tx.ClearFlag as number | undefined
    if (set === asfDisableMaster && !acct.RegularKey) return 'tecNO_ALTERNATIVE_KEY'
    if (set === asfAuthorizedNFTokenMinter) acct.NFTokenMinter = tx.NFTokenMinter as string
    if (clear === asfAuthorizedNFTokenMinter) delete acct.NFTokenMinter
    if (set !== undefined && ASF[set]) acct.Flags = (acct.Flags | ASF[set]) >>> 0
    if (clear !== undefined && ASF[clear]) acct.Flags = (acct.Flags & ~ASF[clear]) >>> 0
    return 'tesSUCCESS'
  },
}
