/**
 * Many sell offers at once, straight into an in-process sandbox ledger (signed, as the demo is built):
 * for tests and benchmarks that need an account with thousands of offers.
 */
import type { Wallet } from 'xrpl'

import type { SandboxLedger } from '../../src/sandbox/ledger/ledger.ts'
import { DemoSubmitter } from '../../src/sandbox/demo/submitter.ts'
import { fundInProcess } from './sandbox.ts'

/** tfSellNFToken of NFTokenCreateOffer. */
const TF_SELL_NFTOKEN = 0x0000_0001

/**
 * Funds `seller` with `xrp`, mints it `nfts` NFTs and puts `perNft` sell offers on each (distinct
 * amounts), in two ledgers; returns the offer ids in creation order.
 */
export function createSellOffersInProcess(
  ledger: SandboxLedger,
  seller: Wallet,
  nfts: number,
  perNft: number,
  xrp = 1000,
): string[] {
  fundInProcess(ledger, xrp, seller)
  const submitter = new DemoSubmitter(ledger)
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    const mints = Array.from({ length: nfts }, () =>
      submitter.submit(seller, { TransactionType: 'NFTokenMint', NFTokenTaxon: 7, Flags: 8 }),
    )
    const minted = submitter.close()
    const nftIds = mints.map((hash) => (minted.get(hash) as { nftoken_id?: string }).nftoken_id!)
    const offers = nftIds.flatMap((nftId, n) =>
      Array.from({ length: perNft }, (_, k) =>
        submitter.submit(seller, {
          TransactionType: 'NFTokenCreateOffer',
          NFTokenID: nftId,
          Amount: String((n * perNft + k + 1) * 1000),
          Flags: TF_SELL_NFTOKEN,
        }),
      ),
    )
    const created = submitter.close()
    return offers.map((hash) => (created.get(hash) as { offer_id?: string }).offer_id!)
  } finally {
    ledger.expectedLedgerSize = expected
  }
}
