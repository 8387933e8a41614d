/** AccountSet (rippled SetAccount.cpp), for the flags and the Domain the app uses. */
import type { AccountRoot } from '../entries.ts'
import { lsf } from '../entries.ts'
import type { Transactor, TxJson } from '../context.ts'
import { peekAccount, signedWithMaster } from '../context.ts'
import { keylet } from '../keylets.ts'
import type { ApplyView } from '../view.ts'
import type { Ter } from '../ter.ts'
import { asf, tfOptionalAuth, tfRequireAuth } from '../txFlags.ts'

/** rippled's DOMAIN_BYTES_MAX: a longer Domain is telBAD_DOMAIN. */
const DOMAIN_BYTES_MAX = 256

/** asf values (SetFlag / ClearFlag) and the account flag each one toggles. */
const ASF_FLAG = new Map<number, number>([
  [asf.requireDest, lsf.requireDestTag],
  [asf.requireAuth, lsf.requireAuth],
  [asf.disallowXRP, lsf.disallowXRP],
  [asf.disableMaster, lsf.disableMaster],
  [asf.noFreeze, lsf.noFreeze],
  [asf.globalFreeze, lsf.globalFreeze],
  [asf.defaultRipple, lsf.defaultRipple],
  [asf.depositAuth, lsf.depositAuth],
  [asf.disallowIncomingNFTokenOffer, lsf.disallowIncomingNFTokenOffer],
  [asf.disallowIncomingCheck, lsf.disallowIncomingCheck],
  [asf.disallowIncomingPayChan, lsf.disallowIncomingPayChan],
  [asf.disallowIncomingTrustline, lsf.disallowIncomingTrustline],
])
/** Flags that change who may sign for the account (rippled SetAccount::makeTxConsequences). */
const AUTH_ASF = new Set<number>([asf.requireAuth, asf.disableMaster, asf.accountTxnID])

/** An AccountSet blocks the queue only when it changes authorisation; a plain one queues like any other. */
export function accountSetIsBlocker(tx: TxJson): boolean {
  if (((tx.Flags ?? 0) & (tfRequireAuth | tfOptionalAuth)) !== 0) return true
  return AUTH_ASF.has(tx.SetFlag as number) || AUTH_ASF.has(tx.ClearFlag as number)
}

/**
 * Disabling the master key must be signed with the master key itself, and needs another way to sign:
 * a RegularKey or a signer list.
 */
function disableMaster(view: ApplyView, tx: TxJson, acct: Readonly<AccountRoot>): Ter {
  if ((acct.Flags & lsf.disableMaster) !== 0) return 'tesSUCCESS'
  if (!signedWithMaster(tx)) return 'tecNEED_MASTER_KEY'
  const other = acct.RegularKey !== undefined || view.read(keylet.signers(tx.Account)) !== undefined
  return other ? 'tesSUCCESS' : 'tecNO_ALTERNATIVE_KEY'
}

export const accountSet: Transactor = {
  preflight(tx) {
    const set = tx.SetFlag as number | undefined
    const clear = tx.ClearFlag as number | undefined
    if (set !== undefined && set === clear) return 'temINVALID_FLAG'
    if (set === asf.authorizedNFTokenMinter && tx.NFTokenMinter === undefined) return 'temMALFORMED'
    if (clear === asf.authorizedNFTokenMinter && tx.NFTokenMinter !== undefined)
      return 'temMALFORMED'
    const domain = tx.Domain
    if (
      domain !== undefined &&
      (typeof domain !== 'string' || domain.length / 2 > DOMAIN_BYTES_MAX)
    )
      return 'telBAD_DOMAIN'
    return 'tesSUCCESS'
  },
  preclaim() {
    return 'tesSUCCESS'
  },
  doApply({ view, tx }) {
    const acct = peekAccount(view, tx.Account)
    const set = tx.SetFlag as number | undefined
    const clear = tx.ClearFlag as number | undefined
    if (set === asf.disableMaster) {
      const ter = disableMaster(view, tx, acct)
      if (ter !== 'tesSUCCESS') return ter
    }
    if (set === asf.authorizedNFTokenMinter) acct.NFTokenMinter = tx.NFTokenMinter as string
    if (clear === asf.authorizedNFTokenMinter) delete acct.NFTokenMinter
    // An empty Domain removes it (rippled SetAccount).
    if (tx.Domain === '') delete acct.Domain
    else if (typeof tx.Domain === 'string') acct.Domain = tx.Domain.toUpperCase()
    const setBit = set === undefined ? undefined : ASF_FLAG.get(set)
    const clearBit = clear === undefined ? undefined : ASF_FLAG.get(clear)
    if (setBit !== undefined) acct.Flags = (acct.Flags | setBit) >>> 0
    if (clearBit !== undefined) acct.Flags = (acct.Flags & ~clearBit) >>> 0
    return 'tesSUCCESS'
  },
}
