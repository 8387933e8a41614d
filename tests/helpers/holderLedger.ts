/**
 * A collection and its holders on an in-process sandbox ledger, for the holder-snapshot tests: NFTs
 * minted by an issuer and handed to holders (a free offer each, accepted) in the open ledger.
 */
import { expect } from 'vitest'
import type { Wallet } from 'xrpl'

import type { SandboxLedger } from '../../src/sandbox/index.ts'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { fundInProcess, mintInProcess, openSequence, submitInProcess } from './sandbox.ts'

/** The taxon mintInProcess gives. */
export const COLLECTION_TAXON = 1

/** Hands `nftId` from `from` to `to` (a free offer to it, accepted), in the open ledger. */
export function give(ledger: SandboxLedger, from: Wallet, to: Wallet, nftId: string): void {
  const seq = openSequence(ledger, from.address)
  const offer = submitInProcess(ledger, from, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: nftId,
    Amount: '0',
    Flags: 1,
    Destination: to.address,
  })
  expect(offer.engine_result).toBe('tesSUCCESS')
  const accept = submitInProcess(ledger, to, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: keylet.nftOffer(from.address, seq).toUpperCase(),
  })
  expect(accept.engine_result).toBe('tesSUCCESS')
}

/**
 * Funds the issuer and the holders, mints `minted` NFTs of COLLECTION_TAXON and hands holder i
 * `counts[i]` of them; the rest stay with the issuer. Closes the ledger.
 *
 * @returns the issuer's NFTs left (theirs to airdrop), in the ledger's order.
 */
export function holdersOf(
  ledger: SandboxLedger,
  issuer: Wallet,
  holders: readonly Wallet[],
  counts: readonly number[],
  minted: number,
): string[] {
  fundInProcess(ledger, 1000, issuer)
  fundInProcess(ledger, 100, ...holders)
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    mintInProcess(ledger, issuer, minted)
    ledger.accept()
    const ids = ledger.nfts.byIssuer(issuer.address, COLLECTION_TAXON).map((r) => r.nft_id)
    let next = 0
    holders.forEach((holder, i) => {
      for (let n = 0; n < (counts[i] ?? 0); n++) give(ledger, issuer, holder, ids[next++]!)
    })
    ledger.accept()
    return ids.slice(next)
  } finally {
    ledger.expectedLedgerSize = expected
  }
}
