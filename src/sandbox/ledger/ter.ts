/**
 * Transaction engine results (rippled TER.h / TER.cpp): the code names the sandbox returns, their
 * numeric values and messages, and the classes that decide what happens to a transaction.
 */
const TABLE = {
  tesSUCCESS: [0, 'The transaction was applied. Only final in a validated ledger.'],
  tecUNFUNDED_OFFER: [103, 'Insufficient balance to fund created offer.'],
  tecUNFUNDED_PAYMENT: [104, 'Insufficient XRP balance to send.'],
  tecDIR_FULL: [121, 'Can not add entry to full directory.'],
  tecNO_DST: [124, 'Destination does not exist. Send XRP to create it.'],
  tecNO_DST_INSUF_XRP: [125, 'Destination does not exist. Too little XRP sent to create it.'],
  tecNO_ALTERNATIVE_KEY: [
    130,
    'The operation would remove the ability to sign transactions with the account.',
  ],
  tecNO_ISSUER: [133, 'Issuer account does not exist.'],
  tecNO_TARGET: [138, 'Target account does not exist.'],
  tecNO_PERMISSION: [139, 'No permission to perform requested operation.'],
  tecNO_ENTRY: [140, 'No matching entry found.'],
  tecINSUFFICIENT_RESERVE: [141, 'Insufficient reserve to complete requested operation.'],
  tecNEED_MASTER_KEY: [142, 'The operation requires the use of the Master Key.'],
  tecDST_TAG_NEEDED: [143, 'A destination tag is required.'],
  tecINTERNAL: [144, 'An internal error has occurred during processing.'],
  tecEXPIRED: [148, 'Expiration time is passed.'],
  tecHAS_OBLIGATIONS: [151, 'The account cannot be deleted since it has obligations.'],
  tecTOO_SOON: [152, 'It is too early to attempt the requested operation. Please wait.'],
  tecMAX_SEQUENCE_REACHED: [154, 'The maximum sequence number was reached.'],
  tecNO_SUITABLE_NFTOKEN_PAGE: [155, 'A suitable NFToken page could not be located.'],
  tecNFTOKEN_BUY_SELL_MISMATCH: [156, 'The buy and sell offers do not match.'],
  tecNFTOKEN_OFFER_TYPE_MISMATCH: [157, 'The type of the offer is incorrect.'],
  tecCANT_ACCEPT_OWN_NFTOKEN_OFFER: [158, 'An NFToken offer cannot be claimed by its owner.'],
  tecINSUFFICIENT_FUNDS: [159, 'Not enough funds available to complete requested transaction.'],
  tecOBJECT_NOT_FOUND: [160, 'A requested object could not be located.'],
  tecINSUFFICIENT_PAYMENT: [161, 'The payment is not sufficient.'],
  tefFAILURE: [-199, 'Failed to apply.'],
  tefBAD_AUTH: [-196, "Transaction's public key is not authorized."],
  tefBAD_LEDGER: [-195, 'Ledger in unexpected state.'],
  tefEXCEPTION: [-193, 'Unexpected program state.'],
  tefPAST_SEQ: [-190, 'This sequence number has already passed.'],
  tefMASTER_DISABLED: [-188, 'Master key is disabled.'],
  tefMAX_LEDGER: [-187, 'Ledger sequence too high.'],
  tefBAD_SIGNATURE: [-186, 'A signature is provided for a non-signer.'],
  tefBAD_QUORUM: [-185, 'Signatures provided do not meet the quorum.'],
  tefNOT_MULTI_SIGNING: [-184, 'Account has no appropriate list of multi-signers.'],
  tefTOO_BIG: [-181, 'Transaction affects too many items.'],
  tefNO_TICKET: [-180, 'Ticket is not in ledger.'],
  tefNFTOKEN_IS_NOT_TRANSFERABLE: [-179, 'The specified NFToken is not transferable.'],
  terRETRY: [-99, 'Retry transaction.'],
  terINSUF_FEE_B: [-97, 'Account balance can not pay fee.'],
  terNO_ACCOUNT: [-96, 'The source account does not exist.'],
  terPRE_SEQ: [-92, 'Missing/inapplicable prior transaction.'],
  terQUEUED: [-89, 'Held until escalated fee drops.'],
  terPRE_TICKET: [-88, 'Ticket is not yet in ledger.'],
  telBAD_DOMAIN: [-398, 'Domain too long.'],
  telINSUF_FEE_P: [-394, 'Fee insufficient.'],
  telCAN_NOT_QUEUE: [-392, 'Can not queue at this time.'],
  telCAN_NOT_QUEUE_BALANCE: [
    -391,
    'Can not queue at this time: insufficient balance to pay all queued fees.',
  ],
  telCAN_NOT_QUEUE_BLOCKS: [
    -390,
    'Can not queue at this time: would block later queued transaction(s).',
  ],
  telCAN_NOT_QUEUE_BLOCKED: [-389, 'Can not queue at this time: blocking transaction in queue.'],
  telCAN_NOT_QUEUE_FEE: [
    -388,
    'Can not queue at this time: fee insufficient to replace queued transaction.',
  ],
  telCAN_NOT_QUEUE_FULL: [-387, 'Can not queue at this time: queue is full.'],
  telNETWORK_ID_MAKES_TX_NON_CANONICAL: [
    -384,
    'Transactions submitted to this node/network must NOT include a NetworkID field.',
  ],
  temMALFORMED: [-299, 'Malformed transaction.'],
  temBAD_AMOUNT: [-298, 'Malformed: Bad amount.'],
  temBAD_EXPIRATION: [-296, 'Malformed: Bad expiration.'],
  temBAD_FEE: [-295, 'Invalid fee, negative or not XRP.'],
  temBAD_OFFER: [-292, 'Malformed: Bad offer.'],
  temBAD_REGKEY: [-289, 'Malformed: Regular key cannot be same as master key.'],
  temBAD_SEND_XRP_MAX: [-286, 'Malformed: Send max is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_PARTIAL: [-284, 'Malformed: Partial payment is not allowed for XRP to XRP.'],
  temBAD_SEND_XRP_PATHS: [-283, 'Malformed: Paths are not allowed for XRP to XRP.'],
  temBAD_SIGNATURE: [-282, 'Malformed: Bad signature.'],
  temDST_IS_SRC: [-279, 'Destination may not be source.'],
  temINVALID: [-277, 'The transaction is ill-formed.'],
  temINVALID_FLAG: [-276, 'The transaction has an invalid flag.'],
  temREDUNDANT: [-275, 'The transaction is redundant.'],
  temDISABLED: [-273, 'The transaction requires logic that is currently disabled.'],
  temBAD_SIGNER: [-272, 'Malformed: No signer may duplicate account or other signers.'],
  temBAD_QUORUM: [-271, 'Malformed: Quorum is unreachable.'],
  temBAD_WEIGHT: [-270, 'Malformed: Weight must be a positive value.'],
  temINVALID_COUNT: [-266, 'Malformed: Count field outside valid range.'],
  temSEQ_AND_TICKET: [-263, 'Transaction contains a TicketSequence and a non-zero Sequence.'],
  temBAD_NFTOKEN_TRANSFER_FEE: [
    -262,
    'Malformed: The NFToken transfer fee must be between 1 and 5000, inclusive.',
  ],
} as const satisfies Record<string, readonly [number, string]>

export type Ter = keyof typeof TABLE

export function terCode(ter: Ter): number {
  return TABLE[ter][0]
}

export function terMessage(ter: Ter): string {
  return TABLE[ter][1]
}

export const isTes = (t: Ter): boolean => t === 'tesSUCCESS'
export const isTec = (t: Ter): boolean => t.startsWith('tec')
export const isTef = (t: Ter): boolean => t.startsWith('tef')
export const isTem = (t: Ter): boolean => t.startsWith('tem')
/** Applied to the ledger (fee and sequence consumed). */
export const isApplied = (t: Ter): boolean => isTes(t) || isTec(t)
