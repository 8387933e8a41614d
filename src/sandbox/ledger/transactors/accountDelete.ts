/**
 * AccountDelete (rippled AccountDelete.cpp): an account with nothing owed deletes itself and sends
 * what XRP it has left to the destination. Its tickets, signer list and NFT offers go with it; NFTs it
 * holds, or has minted and not all burned, keep it. The fee is one owner reserve (see baseFeeOf).
 */
import type { NFTokenOffer, Ticket } from '../entries.ts'
import { lsf } from '../entries.ts'
import { keylet } from '../keylets.ts'
import { dirEntries } from '../directory.ts'
import type { Transactor } from '../context.ts'
import { addBalance, peekAccount, readAccount } from '../context.ts'
import { deleteOffer } from '../nftokenOffers.ts'
import { ownerPages } from '../nftokenPages.ts'
import { checkFlags } from '../nftokenRules.ts'
import type { ApplyView } from '../view.ts'
import { removeSignerList } from './signerListSet.ts'
import { deleteTicket } from './ticketCreate.ts'

/** Ledgers an account must wait after its Sequence (rippled: 256 ledgers between creation and deletion). */
const SEQ_DELTA = 255
/** rippled's maxDeletableDirEntries: more owned entries than this and the deletion is too big. */
const MAX_DELETABLE = 1000
/**
 * Owned entries deleted with the account. rippled also deletes DEX offers, deposit preauthorisations,
 * DIDs, oracles, credentials and delegations; their transactions are temDISABLED here, so the
 * sandbox never holds them.
 */
const DELETABLE = new Set(['SignerList', 'Ticket', 'NFTokenOffer'])

function deleteOwned(view: ApplyView, account: string, key: string): void {
  const entry = view.read(key)
  if (!entry) return
  switch (entry.LedgerEntryType) {
    case 'NFTokenOffer':
      deleteOffer(view, entry as Readonly<NFTokenOffer>)
      return
    case 'SignerList':
      removeSignerList(view, account)
      return
    case 'Ticket':
      deleteTicket(view, account, entry as Readonly<Ticket>)
      return
    default:
      // Preclaim lets only the types above through.
      throw new Error(`sandbox: AccountDelete cannot delete a ${entry.LedgerEntryType}`)
  }
}

export const accountDelete: Transactor = {
  preflight(tx) {
    const flags = checkFlags(tx, 0)
    if (flags !== 'tesSUCCESS') return flags
    if (tx.CredentialIDs !== undefined) return 'temDISABLED'
    return tx.Destination === tx.Account ? 'temDST_IS_SRC' : 'tesSUCCESS'
  },
  preclaim({ view, tx, ledger }) {
    const destination = tx.Destination as string
    const dst = readAccount(view, destination)
    if (!dst) return 'tecNO_DST'
    if ((dst.Flags & lsf.requireDestTag) !== 0 && tx.DestinationTag === undefined) {
      return 'tecDST_TAG_NEEDED'
    }
    // Deposit preauthorisations do not exist in the sandbox, so none can let this through.
    if ((dst.Flags & lsf.depositAuth) !== 0) return 'tecNO_PERMISSION'
    const acct = readAccount(view, tx.Account)!
    if ((acct.MintedNFTokens ?? 0) !== (acct.BurnedNFTokens ?? 0)) return 'tecHAS_OBLIGATIONS'
    if (ownerPages(view, tx.Account).length > 0) return 'tecHAS_OBLIGATIONS'
    if (acct.Sequence + SEQ_DELTA > ledger.seq) return 'tecTOO_SOON'
    const minted = (acct.FirstNFTokenSequence ?? 0) + (acct.MintedNFTokens ?? 0)
    if (minted + SEQ_DELTA > ledger.seq) return 'tecTOO_SOON'
    const owned = dirEntries(view, keylet.ownerDir(tx.Account))
    let deletable = 0
    for (const key of owned) {
      const entry = view.read(key)
      if (!entry) return 'tefBAD_LEDGER'
      if (!DELETABLE.has(entry.LedgerEntryType)) return 'tecHAS_OBLIGATIONS'
      deletable += 1
      if (deletable > MAX_DELETABLE) return 'tefTOO_BIG'
    }
    return 'tesSUCCESS'
  },
  doApply({ view, tx, extras }) {
    const account = tx.Account
    for (const key of dirEntries(view, keylet.ownerDir(account))) deleteOwned(view, account, key)
    const remaining = BigInt(readAccount(view, account)!.Balance)
    addBalance(view, account, -remaining)
    addBalance(view, tx.Destination as string, remaining)
    if (remaining > 0n) {
      // Receiving XRP gives back the free key reset, as a Payment does.
      const dst = peekAccount(view, tx.Destination as string)
      dst.Flags = (dst.Flags & ~lsf.passwordSpent) >>> 0
    }
    extras.DeliveredAmount = remaining.toString()
    extras.delivered_amount = remaining.toString()
    // The owner directory went with its last entry; the account root goes now.
    view.erase(keylet.account(account))
    return 'tesSUCCESS'
  },
}
