/**
 * Job tests against the sandbox's demo ledger: an engine harness with an independent client to see
 * the ledger as anyone else would, and readers of what that client sees.
 */
import { Client, convertHexToString } from 'xrpl'
import type { AccountNFTsResponse, AccountTxTransaction, LedgerEntry } from 'xrpl'

import { readAccountNfts } from '../../src/worker/ledger/accountNfts.ts'
import { startEngineHarness } from './engine.ts'
import type { EngineHarness } from './engine.ts'
import type { EngineOptions } from '../../src/worker/engineOptions.ts'
import { closeLedgers } from './sandbox.ts'

/** An NFTokenOffer ledger entry (xrpl.js's type leaves out its NFTokenID). */
export type Offer = LedgerEntry.NFTokenOffer & { NFTokenID: string }

/** An engine harness on the demo ledger, with an independent client on the same sandbox. */
export interface DemoJobsHarness extends EngineHarness {
  client: Client
}

/**
 * Starts the demo ledger (expected ledger size 1,000), an engine and an independent client; with
 * `closeEveryMs`, ledgers close on that ticker until stop(); `options` go to the engines.
 */
export async function startDemoJobsHarness(
  closeEveryMs?: number,
  options: Partial<EngineOptions> = {},
): Promise<DemoJobsHarness> {
  const sandbox = { demo: true, gatewayPort: 0, expectedLedgerSize: 1000 }
  const h = await startEngineHarness(sandbox, options)
  const client = new Client(h.sb.url)
  await client.connect()
  const stopClosing = closeEveryMs === undefined ? () => {} : closeLedgers(h.sb, closeEveryMs)
  return {
    ...h,
    client,
    stop: async () => {
      stopClosing()
      await client.disconnect()
      await h.stop()
    },
  }
}

/** An account's NFT offers on the validated ledger, every page. */
export async function offersOf(client: Client, account: string): Promise<Offer[]> {
  const pages = await client.requestAll({
    command: 'account_objects',
    account,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  return pages.flatMap((p) => p.result.account_objects as unknown as Offer[])
}

/** The index of the latest validated ledger. */
export async function validatedIndex(client: Client): Promise<number> {
  const ledger = await client.request({ command: 'ledger', ledger_index: 'validated' })
  return ledger.result.ledger_index
}

/** The account's transferable NFTs of its own collections, without any offer, from `skip` on. */
export async function freeNfts(
  client: Client,
  account: string,
  count: number,
  skip = 0,
): Promise<string[]> {
  const { nfts } = await readAccountNfts(client, account, () => undefined)
  const offered = new Set((await offersOf(client, account)).map((o) => o.NFTokenID))
  return nfts
    .filter((n) => n.issuer === account && n.transferable && !offered.has(n.nftId))
    .slice(skip, skip + count)
    .map((n) => n.nftId)
}

/** An account's validated transactions after `afterLedger`, oldest first (every page). */
export async function accountTxs(
  client: Client,
  account: string,
  afterLedger: number,
): Promise<AccountTxTransaction[]> {
  const pages = await client.requestAll({
    command: 'account_tx',
    // requestAll adds no api_version: without one, rippled answers in version 1.
    api_version: 2,
    account,
    ledger_index_min: afterLedger + 1,
    ledger_index_max: -1,
    forward: true,
  })
  return pages.flatMap((p) => p.result.transactions as AccountTxTransaction[])
}

/** An account's NFTs on the validated ledger, every page: NFTokenID → URI as text. */
export async function nftUrisOf(client: Client, account: string): Promise<Map<string, string>> {
  const pages = await client.requestAll(
    // No limit: requestAll would stop collecting at `limit` NFTs in total.
    { command: 'account_nfts', account, ledger_index: 'validated' },
    'account_nfts',
  )
  return new Map(
    pages.flatMap((p) =>
      (p as AccountNFTsResponse).result.account_nfts.map((n): [string, string] => [
        n.NFTokenID,
        convertHexToString(n.URI ?? ''),
      ]),
    ),
  )
}
