/** TicketCreate (rippled CreateTicket.cpp). */
import type { Ticket } from '../entries.ts'
import { keylet } from '../keylets.ts'
import { ownerDirInsert, ownerDirRemove } from '../directory.ts'
import type { ApplyView } from '../view.ts'
import type { Transactor } from '../context.ts'
import { peekAccount, readAccount, reserve } from '../context.ts'

const MAX_TICKETS = 250

/**
 * Deletes one of an account's tickets (used, or going with the account): out of its owner
 * directory, OwnerCount and TicketCount down by one (TicketCount leaves at 0), as rippled's
 * ticketDelete does.
 */
export function deleteTicket(view: ApplyView, account: string, ticket: Readonly<Ticket>): void {
  ownerDirRemove(view, account, ticket.OwnerNode, ticket.index)
  view.erase(ticket.index)
  const acct = peekAccount(view, account)
  acct.OwnerCount -= 1
  acct.TicketCount = (acct.TicketCount ?? 1) - 1
  if (acct.TicketCount === 0) delete acct.TicketCount
}

export const ticketCreate: Transactor = {
  preflight(tx) {
    const n = tx.TicketCount as number | undefined
    if (n === undefined || n < 1 || n > MAX_TICKETS) return 'temINVALID_COUNT'
    return 'tesSUCCESS'
  },
  preclaim({ view, tx }) {
    const acct = readAccount(view, tx.Account)!
    const usesTicket = tx.TicketSequence !== undefined ? 1 : 0
    if ((acct.TicketCount ?? 0) + (tx.TicketCount as number) - usesTicket > MAX_TICKETS) {
      return 'tecDIR_FULL'
    }
    return 'tesSUCCESS'
  },
  doApply({ view, tx, ledger, priorBalance }) {
    const count = tx.TicketCount as number
    const acct = peekAccount(view, tx.Account)
    if (priorBalance < reserve(ledger, acct.OwnerCount + count)) return 'tecINSUFFICIENT_RESERVE'
    // The account's Sequence was already consumed by this transaction (or it used a ticket).
    const first = acct.Sequence
    for (let i = 0; i < count; i++) {
      const seq = first + i
      const key = keylet.ticket(tx.Account, seq)
      const ticket: Ticket = {
        Account: tx.Account,
        Flags: 0,
        LedgerEntryType: 'Ticket',
        OwnerNode: ownerDirInsert(view, tx.Account, key),
        TicketSequence: seq,
        index: key,
      }
      view.insert(ticket)
    }
    acct.Sequence = first + count
    acct.OwnerCount += count
    acct.TicketCount = (acct.TicketCount ?? 0) + count
    return 'tesSUCCESS'
  },
}
