/**
 * SignerListSet (rippled SignerListSet.cpp): sets the account's list of multi-signers and their
 * quorum, replacing any list it had, or removes it (quorum 0, no entries). A list costs one owner
 * reserve whatever its size (lsfOneOwnerCount, MultiSignReserve).
 */
import type { SignerEntry, SignerList } from '../entries.ts'
import { compareAccountIds, keylet } from '../keylets.ts'
import { ownerDirInsert, ownerDirRemove } from '../directory.ts'
import type { Transactor, TxJson } from '../context.ts'
import { peekAccount, reserve } from '../context.ts'
import { lsf } from '../entries.ts'
import { MAX_SIGNERS, MIN_SIGNERS } from '../signature.ts'
import type { Ter } from '../ter.ts'
import { tfUniversal } from '../txFlags.ts'
import type { ApplyView } from '../view.ts'

/** SignerList flag: the list counts as one owner object. */
export const lsfOneOwnerCount = 0x00010000

/** The entries sorted by AccountID, as rippled stores them and checks them. */
function sortedEntries(tx: TxJson): SignerEntry[] {
  const list = (tx.SignerEntries as SignerEntry[] | undefined) ?? []
  return [...list].sort((a, b) => compareAccountIds(a.SignerEntry.Account, b.SignerEntry.Account))
}

/** rippled's validateQuorumAndSignerEntries. */
function validate(tx: TxJson, entries: readonly SignerEntry[]): Ter {
  if (entries.length < MIN_SIGNERS || entries.length > MAX_SIGNERS) return 'temMALFORMED'
  for (let i = 1; i < entries.length; i++) {
    if (entries[i]!.SignerEntry.Account === entries[i - 1]!.SignerEntry.Account) {
      return 'temBAD_SIGNER'
    }
  }
  let total = 0
  for (const { SignerEntry: e } of entries) {
    if (!e.SignerWeight) return 'temBAD_WEIGHT'
    // Signers need not exist in the ledger, but the account cannot sign for itself.
    if (e.Account === tx.Account) return 'temBAD_SIGNER'
    total += e.SignerWeight
  }
  const quorum = tx.SignerQuorum as number
  return quorum === 0 || total < quorum ? 'temBAD_QUORUM' : 'tesSUCCESS'
}

/** Removes the account's signer list, if any, with the owner count it took. */
export function removeSignerList(view: ApplyView, account: string): void {
  const key = keylet.signers(account)
  const list = view.read<SignerList>(key)
  if (!list) return
  const acct = peekAccount(view, account)
  // Lists made before MultiSignReserve counted 2 plus one per signer.
  acct.OwnerCount -= (list.Flags & lsfOneOwnerCount) !== 0 ? 1 : 2 + list.SignerEntries.length
  ownerDirRemove(view, account, list.OwnerNode, key)
  view.erase(key)
}

export const signerListSet: Transactor = {
  blocker: true,
  preflight(tx) {
    if (((tx.Flags ?? 0) & ~tfUniversal) !== 0) return 'temINVALID_FLAG'
    const quorum = tx.SignerQuorum
    if (typeof quorum !== 'number') return 'temMALFORMED'
    const hasEntries = tx.SignerEntries !== undefined
    if (quorum === 0 && !hasEntries) return 'tesSUCCESS'
    if (quorum === 0 || !hasEntries) return 'temMALFORMED'
    const list = tx.SignerEntries as unknown[]
    if (!list.every((e) => typeof (e as SignerEntry | null)?.SignerEntry === 'object')) {
      return 'temMALFORMED'
    }
    return validate(tx, sortedEntries(tx))
  },
  preclaim() {
    return 'tesSUCCESS'
  },
  doApply({ view, tx, ledger, priorBalance }) {
    const account = tx.Account
    if (tx.SignerQuorum === 0) {
      const acct = view.read(keylet.account(account))!
      const master = (acct.Flags & lsf.disableMaster) === 0
      if (!master && acct.RegularKey === undefined) return 'tecNO_ALTERNATIVE_KEY'
      removeSignerList(view, account)
      return 'tesSUCCESS'
    }
    removeSignerList(view, account)
    const acct = peekAccount(view, account)
    if (priorBalance < reserve(ledger, acct.OwnerCount + 1)) return 'tecINSUFFICIENT_RESERVE'
    const key = keylet.signers(account)
    const list: SignerList = {
      LedgerEntryType: 'SignerList',
      Flags: lsfOneOwnerCount,
      OwnerNode: ownerDirInsert(view, account, key),
      SignerQuorum: tx.SignerQuorum as number,
      SignerEntries: sortedEntries(tx).map(({ SignerEntry: e }) => ({
        SignerEntry: {
          Account: e.Account,
          SignerWeight: e.SignerWeight,
          ...(e.WalletLocator === undefined ? {} : { WalletLocator: e.WalletLocator }),
        },
      })),
      SignerListID: 0,
      index: key,
    }
    view.insert(list)
    acct.OwnerCount += 1
    return 'tesSUCCESS'
  },
}
