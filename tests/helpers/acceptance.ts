/**
 * Acceptance-tracking tests on the demo ledger: airdrops run through the engine, recipients that
 * accept by hand, and readers of what the database (as the UI sees it) and the ledger show.
 */
import { expect } from 'vitest'
import type { AccountNFTsResponse, Client, Wallet } from 'xrpl'

import { readItems, readJob } from '../../src/db/jobs.ts'
import type { LedgerDb } from '../../src/db/schema.ts'
import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import type { Engine } from '../../src/worker/engine.ts'
import { jobFinished } from './engine.ts'
import { freeNfts } from './jobs.ts'
import type { DemoJobsHarness } from './jobs.ts'
import { eventually } from './poll.ts'

/** An airdrop of one NFT to each recipient, run to its end; returns the job id. */
export async function airdropTo(
  h: DemoJobsHarness,
  engine: Engine,
  holder: string,
  recipients: readonly string[],
): Promise<string> {
  const nftIds = await freeNfts(h.client, holder, recipients.length)
  const plan = await engine.planJob({
    kind: 'airdrop',
    distribution: recipients.map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: true,
  })
  expect(plan.problems).toEqual([])
  await engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId)
  expect(job.counts).toMatchObject({ total: recipients.length, succeeded: recipients.length })
  return plan.jobId
}

/** Polls the database (as the UI observes it) until `done` holds for the job and its items. */
export async function until(
  db: LedgerDb,
  jobId: string,
  done: (job: JobRow, items: JobItemRow[]) => boolean,
  timeoutMs = 30_000,
): Promise<{ job: JobRow; items: JobItemRow[] }> {
  const [job, items] = await eventually(
    // One read transaction: the row's summary and the items are written together, and read apart
    // a commit could fall between the two reads (items accepted, the summary not yet).
    () =>
      db.transaction('r', db.jobs, db.jobItems, () =>
        Promise.all([readJob(db, jobId), readItems(db, jobId)]),
      ),
    ([row, rows]) => row !== undefined && done(row, rows),
    `the acceptance of job ${jobId}`,
    { timeoutMs, everyMs: 50 },
  )
  return { job: job!, items }
}

/** The items' acceptance states by recipient address. */
export function statesByRecipient(items: readonly JobItemRow[]): Map<string, string | undefined> {
  return new Map(items.map((i) => [i.recipient ?? '', i.acceptance?.state]))
}

/** The summary counts the items give (never-checked offers count as offered). */
export function countsOf(items: readonly JobItemRow[]) {
  const counts = { offered: 0, accepted: 0, gone: 0 }
  for (const item of items) counts[item.acceptance?.state ?? 'offered'] += 1
  return counts
}

/** The item of an airdrop made to this recipient. */
export function itemFor(items: readonly JobItemRow[], recipient: string): JobItemRow {
  const item = items.find((i) => i.recipient === recipient)
  if (!item?.offerId) throw new Error(`no offer to ${recipient}`)
  return item
}

/** Submits a transaction signed by `wallet` and waits until it is validated with tesSUCCESS. */
export async function submitValidated(
  client: Client,
  wallet: Wallet,
  tx: Record<string, unknown>,
): Promise<void> {
  const result = await client.submitAndWait({ Account: wallet.classicAddress, ...tx } as never, {
    wallet,
  })
  const meta = result.result.meta as { TransactionResult?: string }
  expect(meta.TransactionResult).toBe('tesSUCCESS')
}

/** Whether `account` holds the NFT on the validated ledger (every account_nfts page). */
export async function holds(client: Client, account: string, nftId: string): Promise<boolean> {
  let marker: unknown
  let ledgerIndex: number | 'validated' = 'validated'
  do {
    const response: AccountNFTsResponse = await client.request({
      command: 'account_nfts',
      account,
      ledger_index: ledgerIndex,
      ...(marker === undefined ? {} : { marker }),
    })
    const { result } = response
    if (result.account_nfts.some((n) => n.NFTokenID === nftId)) return true
    ledgerIndex = result.ledger_index ?? 'validated'
    marker = result.marker
  } while (marker !== undefined)
  return false
}

/** The holder's NFTokenCancelOffer transactions validated from `fromLedger` on. */
export async function cancelTxsSince(
  client: Client,
  account: string,
  fromLedger: number,
): Promise<{ offers: number }[]> {
  const pages = await client.requestAll({
    command: 'account_tx',
    // requestAll adds no api_version: without one, rippled answers in version 1.
    api_version: 2,
    account,
    ledger_index_min: fromLedger,
    ledger_index_max: -1,
  })
  const txs = pages.flatMap((p) => p.result.transactions as unknown[]) as {
    tx_json?: unknown
    tx?: unknown
  }[]
  return txs
    .map(
      (t) =>
        (t.tx_json ?? t.tx) as {
          TransactionType?: string
          Account?: string
          NFTokenOffers?: string[]
        },
    )
    .filter((tx) => tx.TransactionType === 'NFTokenCancelOffer' && tx.Account === account)
    .map((tx) => ({ offers: tx.NFTokenOffers?.length ?? 0 }))
}
