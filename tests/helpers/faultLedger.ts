/**
 * The ledger side of the jobs fault and resume tests, read through an independent xrpl.js client:
 * the baseline before a job, the holder's offers, NFTs and transactions, and the exactly-once check of
 * an airdrop job against them and IndexedDB.
 */
import { expect } from 'vitest'
import type { AccountNFTsResponse, AccountTxTransaction, LedgerEntry } from 'xrpl'

import { countItems, readItems, readJob } from '../../src/db/jobs.ts'
import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import type { World } from './faultWorld.ts'
import { accountTxs } from './jobs.ts'
import { holder, planAirdrop, recipients } from './faultWorld.ts'

/** What the ledger held before a job: the baseline of the exactly-once check. */
export interface Before {
  ledger: number
  offerIds: Set<string>
  nfts: Map<string, string[]>
}

export async function ledgerBefore(w: World, to: readonly string[] = recipients): Promise<Before> {
  const res = await w.client.request({ command: 'ledger', ledger_index: 'validated' })
  const offers = await holderOffers(w)
  const nfts = new Map<string, string[]>()
  for (const a of [holder, ...to]) nfts.set(a, await accountNfts(w, a))
  return { ledger: res.result.ledger_index, offerIds: new Set(offers.map((o) => o.index)), nfts }
}

/** Per world, how many of its NFTs earlier airdrops took (each airdrop takes fresh ones). */
const usedNfts = new WeakMap<World, number>()

/**
 * Plans an airdrop of the world's next `n` NFTs to the first `n` recipients (freed of earlier
 * offers), and reads the ledger before it: the baseline of the exactly-once check. Not started.
 */
export async function planNextAirdrop(
  w: World,
  n: number,
): Promise<{ jobId: string; to: string[]; before: Before }> {
  const from = usedNfts.get(w) ?? 0
  usedNfts.set(w, from + n)
  const to = recipients.slice(0, n)
  const jobId = await planAirdrop(w, w.nftIds.slice(from, from + n), to)
  return { jobId, to, before: await ledgerBefore(w, to) }
}

/** An NFTokenOffer entry (xrpl.js's type lacks NFTokenID). */
export type OfferEntry = LedgerEntry.NFTokenOffer & { NFTokenID: string }

export async function holderOffers(w: World): Promise<OfferEntry[]> {
  const pages = await w.client.requestAll({
    command: 'account_objects',
    account: holder,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  return pages.flatMap((p) => p.result.account_objects as unknown as OfferEntry[])
}

async function accountNfts(w: World, account: string): Promise<string[]> {
  const pages = await w.client.requestAll(
    // No limit: requestAll would stop collecting at `limit` NFTs in total.
    { command: 'account_nfts', account, ledger_index: 'validated' },
    'account_nfts',
  )
  return pages
    .flatMap((p) => (p as AccountNFTsResponse).result.account_nfts.map((n) => n.NFTokenID))
    .sort()
}

/** The holder's validated transactions since `fromLedger`, oldest first. */
export function holderTxs(w: World, fromLedger: number): Promise<AccountTxTransaction[]> {
  return accountTxs(w.client, holder, fromLedger - 1)
}

interface TxView {
  hash: string
  type: string
  result: string
  nftId?: string
  destination?: string
}

function txView(t: AccountTxTransaction): TxView {
  const json = t.tx_json as unknown as Record<string, unknown>
  const meta = t.meta as { TransactionResult: string }
  return {
    hash: t.hash!,
    type: json.TransactionType as string,
    result: meta.TransactionResult,
    nftId: json.NFTokenID as string | undefined,
    destination: json.Destination as string | undefined,
  }
}

/**
 * The exactly-once invariant of an airdrop job, on the ledger and in IndexedDB: every item final and
 * counted; per intent, at most one validated transaction ever, tesSUCCESS exactly for the succeeded
 * items, with the stored hash; one new offer per succeeded item and none other; the holder still holds
 * every NFT offered (offers do not move them); no recipient gained an NFT. Returns the items.
 */
export async function expectExactlyOnce(
  w: World,
  jobId: string,
  before: Before,
  to: readonly string[] = recipients,
): Promise<JobItemRow[]> {
  const job = (await readJob(w.h.db, jobId))!
  const items = await readItems(w.h.db, jobId)
  expect(items.every((i) => ['succeeded', 'failed', 'skipped'].includes(i.status))).toBe(true)
  expect(job.counts).toEqual(countItems(items))
  const txs = (await holderTxs(w, before.ledger + 1)).map(txView)
  const created = (await holderOffers(w)).filter((o) => !before.offerIds.has(o.index))
  for (const item of items) expectItemOnce(item, txs, created)
  expect(created).toHaveLength(items.filter((i) => i.status === 'succeeded').length)
  // Nothing else was signed for the job: its intents and gap-filling no-ops only.
  for (const t of txs) expect(['NFTokenCreateOffer', 'AccountSet']).toContain(t.type)
  const jobNfts = items
    .filter((i) => i.status === 'succeeded')
    .map((i) => (i.intent as { nftId: string }).nftId)
  const held = new Set(await accountNfts(w, holder))
  for (const id of jobNfts) expect(held.has(id)).toBe(true)
  for (const a of to) expect(await accountNfts(w, a)).toEqual(before.nfts.get(a))
  return items
}

function expectItemOnce(item: JobItemRow, txs: TxView[], created: OfferEntry[]) {
  const intent = item.intent as { nftId: string; destination: string }
  const label = `item ${item.index} (${item.status} ${item.result ?? ''})`
  const mine = txs.filter(
    (t) =>
      t.type === 'NFTokenCreateOffer' &&
      t.nftId === intent.nftId &&
      t.destination === intent.destination,
  )
  const offers = created.filter(
    (o) => o.NFTokenID === intent.nftId && o.Destination === intent.destination,
  )
  const onLedger = item.attempts.filter((a) => a.ledgerIndex !== undefined)
  if (item.status === 'succeeded') {
    expect(
      mine.map((t) => t.result),
      label,
    ).toEqual(['tesSUCCESS'])
    expect(
      onLedger.map((a) => a.hash),
      label,
    ).toEqual([mine[0]!.hash])
    expect(
      offers.map((o) => o.index),
      label,
    ).toEqual([item.offerId])
  } else if (item.status === 'failed' && item.result?.startsWith('tec')) {
    expect(
      mine.map((t) => t.result),
      label,
    ).toEqual([item.result])
    expect(offers, label).toHaveLength(0)
  } else {
    expect(mine, label).toHaveLength(0)
    expect(offers, label).toHaveLength(0)
  }
}
