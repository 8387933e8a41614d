/** AccountSet (rippled SetAccount.cpp), for the flags the app uses. */
import { lsf } from '../entries.ts'
import type { Transactor, TxJson } from '../context.ts'
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
/** Flags that change who may sign for the account (rippled SetAccount::makeTxConsequences). */
const AUTH_ASF = new Set([2, asfDisableMaster, 5]) // asfRequireAuth, asfDisableMaster, asfAccountTxnID
const tfRequireAuth = 0x00040000
const tfOptionalAuth = 0x00080000

/** An AccountSet blocks the queue only when it changes authorisation; a plain one queues like any other. */
export function accountSetIsBlocker(tx: TxJson): boolean {
  if (((tx.Flags ?? 0) & (tfRequireAuth | tfOptionalAuth)) !== 0) return true
  return AUTH_ASF.has(tx.SetFlag as number) || AUTH_ASF.has(tx.ClearFlag as number)
}

export const accountSet: Transactor = {
  preflight(tx) {
    const set = tx.SetFlag as number | undefined
    const clear = tx.ClearFlag as number | undefined
    if (set !== undefined && set === clear) return 'temINVALID_FLAG'
    if (set === asfAuthorizedNFTokenMinter && tx.NFTokenMinter === undefined) return 'temMALFORMED'
    if (clear === asfAuthorizedNFTokenMinter && tx.NFTokenMinter !== undefined)
      return 'temMALFORMED'
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
