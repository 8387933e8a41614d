/**
 * What rippled charges a client for one RPC request (resource/Fees.cpp; the handlers set the
 * request's `loadType`, which starts at the reference fee). Several handlers raise it only once they
 * succeed, so an error costs the reference fee: a bid request for an NFT without bids costs 20.
 */

/** rippled Fees.cpp: feeReferenceRPC, feeMediumBurdenRPC, feeHeavyBurdenRPC, feeMalformedRPC. */
export const COST = { reference: 20, medium: 400, heavy: 3000, malformed: 100 } as const

/**
 * Handlers that charge the medium fee on success: account_objects, account_tx, the NFT offer lists
 * (AccountObjects.cpp, AccountTx.cpp, NFTOffers.cpp). rippled has no nfts_by_issuer (a Clio method);
 * the sandbox charges its pages as a medium read like these.
 */
const MEDIUM_ON_SUCCESS = new Set([
  'account_objects',
  'account_tx',
  'account_lines',
  'nft_buy_offers',
  'nft_sell_offers',
  'nfts_by_issuer',
])

/**
 * The cost of a request given its reply envelope. rippled charges malformed requests (no command,
 * a bad api_version) 100, sets the medium fee at the top of `submit` (whatever its outcome) and the
 * heavy one at the top of `submit_multisigned`, charges `account_nfts` medium for its last page only
 * (a page that stops at `limit` returns before the charge is raised) and `ledger` with full or
 * accounts heavy (medium in binary). A bad signature costs a submit like any other: rippled charges
 * its 2,000 for invalid signatures to peers, not to RPC clients.
 */
export function requestCost(
  request: Record<string, unknown>,
  reply: Record<string, unknown>,
): number {
  const { command } = request
  if (typeof command !== 'string' || !validApiVersion(request.api_version)) return COST.malformed
  if (command === 'submit') return COST.medium
  if (command === 'submit_multisigned') return COST.heavy
  // callMethod raises the reference fee to feeExceptionRPC (100) when a handler throws.
  if (reply.error === 'internal') return COST.malformed
  if (reply.status !== 'success') return COST.reference
  const result = reply.result as Record<string, unknown> | undefined
  if (command === 'account_nfts') return result?.marker === undefined ? COST.medium : COST.reference
  if (command === 'ledger' && (request.full === true || request.accounts === true))
    return request.binary === true ? COST.medium : COST.heavy
  return MEDIUM_ON_SUCCESS.has(command) ? COST.medium : COST.reference
}

const validApiVersion = (v: unknown) => v === undefined || v === 1 || v === 2
