/** The transaction types the sandbox applies, by TransactionType. */
import type { Transactor } from '../context.ts'
import { accountDelete } from './accountDelete.ts'
import { accountSet } from './accountSet.ts'
import { nftokenAcceptOffer } from './nftokenAcceptOffer.ts'
import { nftokenBurn } from './nftokenBurn.ts'
import { nftokenCancelOffer } from './nftokenCancelOffer.ts'
import { nftokenCreateOffer } from './nftokenCreateOffer.ts'
import { nftokenMint } from './nftokenMint.ts'
import { nftokenModify } from './nftokenModify.ts'
import { payment } from './payment.ts'
import { setRegularKey } from './setRegularKey.ts'
import { signerListSet } from './signerListSet.ts'
import { ticketCreate } from './ticketCreate.ts'

export const transactors: Readonly<Record<string, Transactor>> = {
  AccountDelete: accountDelete,
  AccountSet: accountSet,
  NFTokenAcceptOffer: nftokenAcceptOffer,
  NFTokenBurn: nftokenBurn,
  NFTokenCancelOffer: nftokenCancelOffer,
  NFTokenCreateOffer: nftokenCreateOffer,
  NFTokenMint: nftokenMint,
  NFTokenModify: nftokenModify,
  Payment: payment,
  SetRegularKey: setRegularKey,
  SignerListSet: signerListSet,
  TicketCreate: ticketCreate,
}
