/**
 * `npm run bench snapshot` (issue 31): the holder snapshot of a 10,000-NFT collection held by 2,000
 * accounts, read through Clio's limits (the sandbox's `limits: 'clio'`, every message 100 ms late),
 * against its minimums: 100 pages of 100 ÷ 20 requests a second = 5 s, and, as each page asks after
 * the last one's marker, 100 round trips of at least 100 ms = 10 s. Checked as it is measured: the
 * holders and counts equal an independent reading (account_nfts of every holder, through the admin
 * port, which takes nothing from the engine's budget), and a snapshot cut off after 40 pages and
 * resumed by a reopened engine gives the same result at the same ledger.
 */
import 'fake-indexeddb/auto'

import { Client, Wallet } from 'xrpl'
import type { AccountNFTsResponse } from 'xrpl'

import { holderSnapshotId, readHolderSnapshot } from '../../src/db/holderSnapshots.ts'
import { DemoSubmitter } from '../../src/sandbox/demo/submitter.ts'
import type { HolderSnapshot } from '../../src/worker/api.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import type { EngineHarness } from '../helpers/engine.ts'
import { elapsed, holderFixture, withoutEscalation } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

const NFTS = Number(process.env.BENCH_SNAPSHOT_NFTS ?? size(10_000, 300))
const HOLDERS = Number(process.env.BENCH_SNAPSHOT_HOLDERS ?? size(2_000, 60))
const REPLY_MS = 100
const PAGE = 100
const CLIO_PER_SECOND = 20
const CUT_AFTER_PAGES = size(40, 1)

/** How many NFTs holder i gets: a few hold many (as in real collections), most hold a few. */
function holdings(nfts: number, holders: number): number[] {
  const whales = Math.floor(holders / 20)
  const whaleShare = Math.floor((nfts * 0.4) / whales)
  const counts = Array.from({ length: holders }, (_, i) => (i < whales ? whaleShare : 0))
  let left = nfts - whaleShare * whales
  for (let i = whales; left > 0; i = i + 1 >= holders ? whales : i + 1) {
    counts[i]! += 1
    left -= 1
  }
  return counts
}

/** The collection: minted by an issuer, handed out by free offers its holders accept. */
function buildCollection(h: EngineHarness): { issuer: Wallet; holders: Wallet[] } {
  const holders = Array.from({ length: HOLDERS }, () => Wallet.generate())
  const f = holderFixture(h.sb.ledger, {
    holderXrp: 100_000,
    recipients: 0,
    nfts: NFTS,
    others: holders.map((w) => w.classicAddress),
    othersXrp: 20,
  })
  const owners = holdings(NFTS, HOLDERS).flatMap((n, i) => Array<Wallet>(n).fill(holders[i]!))
  const s = new DemoSubmitter(h.sb.ledger)
  withoutEscalation(h.sb.ledger, () => {
    for (let at = 0; at < NFTS; at += 1000) {
      const batch = f.nfts.slice(at, at + 1000)
      const offers = batch.map((nftId, i) =>
        s.submit(f.holder, {
          TransactionType: 'NFTokenCreateOffer',
          NFTokenID: nftId,
          Amount: '0',
          Flags: 1,
          Destination: owners[at + i]!.classicAddress,
        }),
      )
      const metas = s.close()
      offers.forEach((hash, i) => {
        const offerId = (metas.get(hash) as { offer_id: string }).offer_id
        s.submit(owners[at + i]!, {
          TransactionType: 'NFTokenAcceptOffer',
          NFTokenSellOffer: offerId,
        })
      })
      s.close()
    }
  })
  return { issuer: f.holder, holders }
}

/** Each holder's count of the issuer's NFTs at `ledger`, read with account_nfts (admin port). */
async function independentCounts(
  client: Client,
  accounts: readonly Wallet[],
  issuer: string,
  ledger: number,
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const account of accounts) {
    const pages = await client.requestAll(
      // No limit: requestAll would stop collecting at `limit` NFTs in total.
      { command: 'account_nfts', account: account.classicAddress, ledger_index: ledger },
      'account_nfts',
    )
    const n = pages
      .flatMap((p) => (p as AccountNFTsResponse).result.account_nfts)
      .filter((nft) => nft.Issuer === issuer).length
    if (n > 0) counts.set(account.classicAddress, n)
  }
  return counts
}

const countsOf = (s: HolderSnapshot) => new Map(s.holders.map((x) => [x.address, x.count]))

function sameCounts(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): boolean {
  return a.size === b.size && [...a].every(([k, v]) => b.get(k) === v)
}

export const snapshotSuite: Suite = {
  name: 'snapshot',
  async run() {
    const h = await startEngineHarness({
      closeMs: 0,
      replyDelayMs: REPLY_MS,
      limits: 'clio',
      adminPort: 0,
    })
    const client = new Client(h.sb.adminUrl!)
    await client.connect()
    try {
      const t0 = performance.now()
      const { issuer, holders } = buildCollection(h)
      const buildMs = elapsed(t0)
      const request = { issuer: issuer.classicAddress, taxon: 1 }

      const t1 = performance.now()
      const snapshot = await h.engine.snapshotHolders(request)
      const snapshotMs = elapsed(t1)
      const pages = Math.ceil(NFTS / PAGE)
      const minimumMs = (pages / CLIO_PER_SECOND) * 1000
      const expected = await independentCounts(
        client,
        holders,
        issuer.classicAddress,
        snapshot.ledgerIndex!,
      )
      if (!sameCounts(countsOf(snapshot), expected)) {
        throw new Error('bench snapshot: the holders differ from the independent reading')
      }

      // Cut off after CUT_AFTER_PAGES pages; a reopened engine resumes it at the same ledger.
      h.sb.faults.dropOn = { command: 'nfts_by_issuer', after: CUT_AFTER_PAGES }
      const cut = await h.engine.snapshotHolders({ ...request, fresh: true }).then(
        () => false,
        () => true,
      )
      const stored = await readHolderSnapshot(
        h.db,
        holderSnapshotId('sandbox', issuer.classicAddress, 1),
      )
      const reopened = h.reopen()
      await reopened.connect('sandbox')
      const t2 = performance.now()
      const resumed = await reopened.snapshotHolders(request)
      const resumedMs = elapsed(t2)
      const resumedSame =
        resumed.ledgerIndex === stored?.ledgerIndex &&
        sameCounts(countsOf(resumed), countsOf(snapshot))
      if (!cut || !resumedSame) {
        throw new Error(`bench snapshot: cut ${cut}, resumed the same ${resumedSame}`)
      }
      const figures: Figures = {
        nfts: snapshot.nfts,
        holders: snapshot.holders.length,
        pages,
        build_collection_ms: buildMs,
        snapshot_ms: snapshotMs,
        minimum_ms: minimumMs,
        snapshot_vs_minimum: Math.round((snapshotMs / minimumMs) * 100) / 100,
        // Pages follow one another (each asks after the last one's marker): each waits a round trip.
        latency_minimum_ms: pages * REPLY_MS,
        snapshot_vs_latency_minimum: Math.round((snapshotMs / (pages * REPLY_MS)) * 100) / 100,
        matches_independent_reading: 1,
        resumed_from_page: stored?.pages ?? 0,
        resumed_ms: resumedMs,
        resumed_same_ledger_and_counts: 1,
      }
      return figures
    } finally {
      await client.disconnect()
      await h.stop()
    }
  },
}
