/**
 * The e2e run's global setup (playwright.config.ts), once the sandbox is up and before any worker
 * starts: funds each worker's funding account (ledger.ts), and reads the sandbox demo holder's
 * ledger state. The workers share the demo holder read-only: many specs count its NFTs and offers
 * while another worker runs, so none may change them. The teardown reads the state again and fails
 * the run if anything changed it.
 */
import type { FullConfig } from '@playwright/test'
import type { AccountNFTsResponse } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { fundFunders, withSandbox } from './ledger.ts'

/** The demo holder's account root, NFTs and owned objects on the validated ledger, as one string. */
async function demoHolderState(): Promise<string> {
  const account = demoAccounts().holder.address
  return withSandbox(async (client) => {
    const info = await client.request({
      command: 'account_info',
      account,
      ledger_index: 'validated',
    })
    const { Sequence, OwnerCount, Balance, Flags } = info.result.account_data
    // xrpl.js follows the markers (the holder is read-only during the run: no page can move).
    const nftPages: AccountNFTsResponse[] = await client.requestAll(
      {
        command: 'account_nfts',
        account,
        ledger_index: 'validated',
        limit: 400,
      },
      // xrpl.js knows no list key of its own for account_nfts.
      'account_nfts',
    )
    const objectPages = await client.requestAll({
      command: 'account_objects',
      account,
      ledger_index: 'validated',
      limit: 400,
    })
    const nfts = nftPages.flatMap((page) => page.result.account_nfts.map((nft) => nft.NFTokenID))
    const objects = objectPages.flatMap((page) =>
      page.result.account_objects.map((entry) => entry.index),
    )
    return JSON.stringify({
      Sequence,
      OwnerCount,
      Balance,
      Flags,
      nfts: nfts.sort(),
      objects: objects.sort(),
    })
  })
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  await fundFunders(config.workers)
  const before = await demoHolderState()
  return async () => {
    const after = await demoHolderState()
    if (after !== before) {
      throw new Error(
        'The sandbox demo holder changed during the run: the specs share it read-only (two ' +
          'workers count its NFTs and offers at once). A test that changes an account must use a ' +
          `fresh one (fundedAccount).\nbefore: ${before}\nafter:  ${after}`,
      )
    }
  }
}
