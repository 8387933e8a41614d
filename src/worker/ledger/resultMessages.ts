/**
 * Plain-words messages for the results a bulk NFT job's items end with: the ledger's transaction
 * results (tes/tec/tef/ter/tel/tem) and the engine's own outcomes (`dead`, `skipped`, `cancelled`).
 * Written for the holder of the NFTs, not for a developer. Each intent type adds the sentences that
 * say more for its transaction (IntentSpec.results). Deciding what a result means for the job
 * (final, retriable) is the runner's business, not this module's.
 */

/**
 * Sentences for results that mean something more precise for one kind of transaction (each intent
 * type's own, in its IntentSpec): `tecNO_PERMISSION` on a sell offer to a recipient is the recipient
 * blocking incoming offers.
 */
export type ResultSentences = Readonly<Record<string, string>>

/** Words an item's result in the words of its transaction (IntentTypes does, from each spec). */
export interface ResultWords {
  /** The sentence for `code` on an item of intent type `type` (see resultMessage). */
  resultMessage(code: string, type: string): string
}

/** Ends a sentence for a result that left the ledger as it was. */
export const NOTHING_CHANGED = 'nothing was changed'
const BUSY = 'The network is busy'

/** One sentence per result, whatever the item does. */
const MESSAGES: ResultSentences = {
  tesSUCCESS: 'Done: the network confirmed it.',
  tecNO_DST: "The recipient's account does not exist on this network.",
  tecNO_PERMISSION: 'Your account is not allowed to do this.',
  tecINSUFFICIENT_RESERVE:
    'Your account does not hold enough XRP to cover the reserve this needs. The network fee was charged.',
  tecNO_ENTRY:
    'The NFT is not in your account (it may have been sold, transferred or burned already).',
  tecEXPIRED: 'The expiration time had already passed.',
  tecOBJECT_NOT_FOUND: 'The offer no longer exists (it was accepted, cancelled or has expired).',
  tecUNFUNDED_OFFER: 'Your account does not hold enough XRP to back this offer.',
  tecINSUFF_FEE: 'Your account could not pay the network fee in full.',
  tecNO_SUITABLE_NFTOKEN_PAGE:
    "The ledger could not find room for the NFT in the account's NFT storage.",
  tecMAX_SEQUENCE_REACHED: "The account has reached one of the ledger's counting limits.",
  tefNFTOKEN_IS_NOT_TRANSFERABLE:
    'This NFT cannot be transferred: its issuer made it non-transferable, so only the issuer may receive it.',
  tefBAD_AUTH:
    'The key used to sign is not allowed to sign for this account (it is neither its master key nor its regular key).',
  tefMASTER_DISABLED: "This account's master key is disabled: connect with its regular key.",
  tefPAST_SEQ: `The account already used this transaction's sequence number for another transaction, so this one can no longer apply; ${NOTHING_CHANGED}.`,
  tefMAX_LEDGER: `The transaction's time window closed before the network included it; ${NOTHING_CHANGED}.`,
  terQUEUED: `${BUSY}: the transaction is waiting in its queue and should apply in one of the next ledgers.`,
  terPRE_SEQ: 'Waiting for an earlier transaction of your account to apply first.',
  terINSUF_FEE_B: "Your account's XRP balance is too low to pay the network fee.",
  telCAN_NOT_QUEUE: `${BUSY} and did not accept the transaction into its queue.`,
  telCAN_NOT_QUEUE_BALANCE: `${BUSY}, and your account's balance cannot cover the fees of all its queued transactions.`,
  telCAN_NOT_QUEUE_BLOCKS: `${BUSY}, and this kind of transaction cannot wait in its queue behind other transactions of your account.`,
  telCAN_NOT_QUEUE_BLOCKED: `${BUSY}, and a transaction of your account already in its queue keeps this one out.`,
  telCAN_NOT_QUEUE_FEE: `${BUSY}, and the fee was too low to replace a transaction already in its queue.`,
  telCAN_NOT_QUEUE_FULL: `${BUSY} and its transaction queue is full.`,
  telINSUF_FEE_P: `${BUSY}: the fee offered was below what it currently charges.`,
  temMALFORMED: `The network rejected the transaction as malformed; ${NOTHING_CHANGED}.`,
  temBAD_AMOUNT: `The network rejected the amount as invalid; ${NOTHING_CHANGED}.`,
  temBAD_EXPIRATION: `The network rejected the expiration time as invalid; ${NOTHING_CHANGED}.`,
  temDISABLED: `This network does not support this kind of transaction (the feature is not enabled there); ${NOTHING_CHANGED}.`,
  temBAD_FEE: `The network rejected the fee as invalid; ${NOTHING_CHANGED}.`,
  dead: `The transaction expired before the network included it; ${NOTHING_CHANGED}.`,
  skipped: 'Skipped: this item was left out of the job, so nothing was sent.',
  cancelled: 'Not sent: the job was cancelled before this item was signed.',
  notReplaced:
    "Not sent: the NFT's earlier offer could not be cancelled, so no second price was made for it.",
}

/** A result code as a message quotes it: short and printable. */
function quoteCode(code: string): string {
  const printable = code.replace(/[^\x20-\x7e]/g, '?')
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable
}

/** The sentence for a code no table describes, by the class its prefix names. */
function genericMessage(code: string): string {
  if (code === '') return 'The network returned no result.'
  const shown = quoteCode(code)
  if (code.startsWith('telCAN_NOT_QUEUE')) {
    return `${BUSY} and did not accept the transaction into its queue (result ${shown}).`
  }
  if (code.startsWith('tec')) {
    return `The network did not carry this out (result ${shown}); the network fee was charged.`
  }
  if (code.startsWith('tem')) {
    return `The network rejected the transaction as invalid (result ${shown}); ${NOTHING_CHANGED}.`
  }
  if (code.startsWith('tef')) {
    return `The network rejected the transaction (result ${shown}); ${NOTHING_CHANGED}.`
  }
  if (code.startsWith('tel')) {
    return `The server in use did not accept the transaction (result ${shown}).`
  }
  if (code.startsWith('ter')) return `The transaction could not apply yet (result ${shown}).`
  return `The network returned result ${shown}.`
}

/**
 * A plain-words sentence for the result of a job item, fit to show to the NFT holder.
 *
 * @param code - a transaction result (`tesSUCCESS`, `tecNO_DST`, `tefPAST_SEQ`, …) or one of the
 *   engine's own outcomes: `dead` (provably never applied), `skipped` (left out of the job),
 *   `cancelled` (the job was cancelled before the item was signed).
 * @param specific - the item's transaction's own sentences, for a more precise one where the result
 *   means different things (`tecNO_PERMISSION` on an offer: the recipient blocks incoming offers);
 *   an intent type's are `IntentTypes.resultMessage`'s.
 * @returns the sentence; for a code it does not know, a generic one that names the code.
 *
 * @example
 * ```ts
 * resultMessage('tecNO_DST') // "The recipient's account does not exist on this network."
 * resultMessage('tecNO_PERMISSION', offerIntent.results)
 * // 'The recipient does not accept NFT offers (their account blocks incoming offers).'
 * ```
 */
export function resultMessage(code: string, specific?: ResultSentences): string {
  if (specific && Object.hasOwn(specific, code)) return specific[code] as string
  if (Object.hasOwn(MESSAGES, code)) return MESSAGES[code] as string
  return genericMessage(code)
}
