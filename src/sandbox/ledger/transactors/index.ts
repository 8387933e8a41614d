/** The transaction types the sandbox applies, by TransactionType. */
import type { Transactor } from '../context.ts'
import { accountSet } from './accountSet.ts'
import { nftokenAcceptOffer } from './nftokenAcceptOffer.ts'
import { nftokenBurn } from './nftokenBurn.ts'
import { nftokenCancelOffer } from './nftokenCancelOffer.ts'
import { nftokenCreateOffer } from './nftokenCreateOffer.ts'
import { nftokenMint } from './nftokenMint.ts'
import { payment } from './payment.ts'
import { setRegularKey } from './setRegularKey.ts'
import { ticketCreate } from './ticketCreate.ts'

export const transactors: Readonly<Record<string, Transactor>> = {
  AccountSet: accountSet,
  NFTokenAcceptOffer: nftokenAcceptOffer,
  NFTokenBurn: nftokenBurn,
  NFTokenCancelOffer: nftokenCancelOffer,
  NFTokenCreateOffer: nftokenCreateOffer,
  NFTokenMint: nftokenMint,
  Payment: payment,
  SetRegularKey: setRegularKey,
  TicketCreate: ticketCreate,
}
