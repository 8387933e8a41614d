/**
 * Transaction flags and AccountSet SetFlag / ClearFlag values (rippled TxFlags.h) that the sandbox
 * checks, and that its demo data uses to build transactions.
 */

/** tfFullyCanonicalSig, which every transaction type accepts. */
export const tfUniversal = 0x80000000
/** NFTokenCreateOffer / NFTokenMint-offer flag: the offer sells the token. */
export const tfSellNFToken = 0x00000001
/** Payment: deliver what is possible (never allowed for XRP to XRP). */
export const tfPartialPayment = 0x00020000
/** AccountSet flags that change who may sign (they make the transaction a queue blocker). */
export const tfRequireAuth = 0x00040000
export const tfOptionalAuth = 0x00080000

/** AccountSet SetFlag / ClearFlag values. */
export const asf = {
  requireDest: 1,
  requireAuth: 2,
  disallowXRP: 3,
  disableMaster: 4,
  accountTxnID: 5,
  noFreeze: 6,
  globalFreeze: 7,
  defaultRipple: 8,
  depositAuth: 9,
  authorizedNFTokenMinter: 10,
  disallowIncomingNFTokenOffer: 12,
  disallowIncomingCheck: 13,
  disallowIncomingPayChan: 14,
  disallowIncomingTrustline: 15,
} as const
