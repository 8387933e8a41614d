/**
 * Bulk jobs: the pipelined engine against a naive submit-and-wait loop, in one process, on the
 * sandbox with realistic open-ledger limits — an expected ledger size of 200 (beyond it fees
 * escalate and base-fee transactions queue, 10 per account at most) and ledgers closing on a timer,
 * once a second.
 *
 * Why 1 s: xrpl.js's `submitAndWait` sleeps 1 s (its LEDGER_CLOSE_TIME) before each look-up, so a
 * shorter interval would not make the naive loop any faster, only make it span several ledgers per
 * transaction (an unfair figure for it); with 1 s closes it gets its best, one ledger per
 * transaction. Mainnet closes every 3–4 s, so 1 s is the harder case for the engine.
 *
 * One holder, 1,000 funded recipients and 2,200 NFTs are built straight into the in-process ledger
 * (signed, as the demo is). The holder's key is ed25519: the engine and the sandbox share one Node
 * thread here, and secp256k1 is signed and checked in JavaScript on both sides (≈1.5 ms to sign,
 * ≈2 ms to check), which would cap the engine near 200 transactions a second — a cost a real server
 * pays on its own hardware; ed25519 is signed and checked natively (src/worker/wallet/keySign.ts).
 * (With a secp256k1 holder both 1,000-runs take 6 ledgers.)
 * Then, in order:
 * - offers1000: an airdrop of 1,000 zero-amount offers, one per recipient, by the engine;
 * - cancel1000: those 1,000 offers cancelled by the engine (500 ids per NFTokenCancelOffer);
 * - burns1000: 1,000 NFTs burned by the engine;
 * - offers100 and burns100: the same kinds of work, 100 transactions each, by the engine and by a
 *   loop of `client.submitAndWait` (one transaction after the other), on distinct NFTs/recipients;
 * - burns1000_slow_link: 1,000 more burns by the engine with every server reply 25 ms late;
 * - list1000: the List tab's work on 1,000 NFTs: previewListing (random prices from a seed, the
 *   collection's floor read through the sandbox's Clio `nfts_by_issuer`), then the listing job of
 *   1,000 priced sell offers (`_preview_ms` is the pricing, `_plan_ms` the job's planning).
 *
 * Every run (engine or naive) starts right after a ledger closes, so none begins with a part-ledger
 * and the figures repeat. `_ledgers` = ledgers consumed: from the ledger open at the start to the
 * one that validated the run's last transaction (work that fits in the open ledger consumes 1);
 * `_minimum_ledgers` = ceil(N / expected ledger size), the physical minimum at base fee; `_ms` =
 * wall time from startJob (or the loop's start) until every transaction is validated and, for the
 * engine, its job is final in IndexedDB; `_plan_ms` = the engine's planJob (intents recorded,
 * pre-flight), before that; `_tx_per_ledger` = transactions / ledgers. Ratios are naive / engine;
 * the ms ratio counts the engine's plan too.
 */
import 'fake-indexeddb/auto'

import { Client } from 'xrpl'
import type { SubmittableTransaction, Wallet } from 'xrpl'

import type { SandboxLedger } from '../../src/sandbox/index.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import type { EngineHarness } from '../helpers/engine.ts'
import {
  elapsed,
  engineRun,
  holderFixture,
  ledgerClosed,
  minimumLedgers as minimumAt,
  pipelineFigures as figuresAt,
  round1,
} from './jobRuns.ts'
import type { Run } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

// The smoke run closes ledgers faster: its figures measure nothing, and it must take seconds.
const CLOSE_MS = size(1000, 400)
const EXPECTED_LEDGER_SIZE = 200
const N = size(1000, 20)
const SMALL = size(100, 3)
const SLOW_LINK_MS = 25
const TF_SELL_NFTOKEN = 0x0000_0001

/** What the setup built: who and what each run uses. */
interface Fixture {
  holder: Wallet
  recipients: string[]
  /** For offers1000 (then free again once cancelled: offers100 reuse them). */
  offerNfts: string[]
  burnNfts: string[]
  engineBurnNfts: string[]
  naiveBurnNfts: string[]
  slowLinkBurnNfts: string[]
  listNfts: string[]
}

/** The holder, 1,000 recipients and the NFTs of every run, in the order the runs use them. */
function buildFixture(ledger: SandboxLedger): Fixture {
  const { holder, recipients, nfts } = holderFixture(ledger, {
    holderXrp: 100_000,
    recipients: N,
    nfts: 4 * N + 2 * SMALL,
  })
  return {
    holder,
    recipients,
    offerNfts: nfts.slice(0, N),
    burnNfts: nfts.slice(N, 2 * N),
    engineBurnNfts: nfts.slice(2 * N, 2 * N + SMALL),
    naiveBurnNfts: nfts.slice(2 * N + SMALL, 2 * N + 2 * SMALL),
    slowLinkBurnNfts: nfts.slice(2 * N + 2 * SMALL, 3 * N + 2 * SMALL),
    listNfts: nfts.slice(3 * N + 2 * SMALL),
  }
}

/** The naive baseline: one transaction at a time, each waited for with xrpl.js's submitAndWait. */
async function naiveRun(
  h: EngineHarness,
  client: Client,
  wallet: Wallet,
  txs: SubmittableTransaction[],
): Promise<Run> {
  const startLedger = await ledgerClosed(h.sb.ledger)
  const t0 = performance.now()
  let last = startLedger
  let feeDrops = 0
  for (const tx of txs) {
    const res = await client.submitAndWait(tx, { wallet, autofill: true })
    const result = (res.result.meta as { TransactionResult?: string }).TransactionResult
    if (result !== 'tesSUCCESS')
      throw new Error(`bench jobs: naive ${tx.TransactionType}: ${result}`)
    last = Math.max(last, res.result.ledger_index ?? last)
    feeDrops += Number(res.result.tx_json.Fee ?? 0)
  }
  const ms = elapsed(t0)
  return {
    ledgers: last - startLedger,
    ms,
    planMs: 0,
    transactions: txs.length,
    feeDrops,
    items: [],
  }
}

const minimumLedgers = (n: number) => minimumAt(n, EXPECTED_LEDGER_SIZE)
const pipelineFigures = (name: string, n: number, run: Run) =>
  figuresAt(name, n, run, EXPECTED_LEDGER_SIZE)

function comparison(kind: string, engine: Run, naive: Run): Figures {
  return {
    [`engine_${kind}_ledgers`]: engine.ledgers,
    [`engine_${kind}_ms`]: engine.ms,
    [`engine_${kind}_plan_ms`]: engine.planMs,
    [`engine_${kind}_tx_per_ledger`]: round1(engine.transactions / engine.ledgers),
    [`naive_${kind}_ledgers`]: naive.ledgers,
    [`naive_${kind}_ms`]: naive.ms,
    [`naive_${kind}_tx_per_ledger`]: round1(naive.transactions / naive.ledgers),
    [`ratio_naive_over_engine_${kind}_ledgers`]: round1(naive.ledgers / engine.ledgers),
    [`ratio_naive_over_engine_${kind}_ms`]: round1(naive.ms / (engine.planMs + engine.ms)),
  }
}

export const jobsSuite: Suite = {
  name: 'jobs',
  async run(): Promise<Figures> {
    const h = await startEngineHarness({
      closeMs: CLOSE_MS,
      expectedLedgerSize: EXPECTED_LEDGER_SIZE,
    })
    const client = new Client(h.sb.url)
    try {
      await client.connect()
      const t0 = performance.now()
      const f = buildFixture(h.sb.ledger)
      const setupMs = elapsed(t0)
      const holder = f.holder.classicAddress
      await h.engine.connectWallet({ kind: 'familySeed', secret: f.holder.seed! })
      const distribution = (from: number, count: number) =>
        f.recipients.slice(from, from + count).map((address) => ({ address, count: 1 }))

      const offers = await engineRun(h, client, {
        kind: 'airdrop',
        distribution: distribution(0, N),
        nftIds: f.offerNfts,
        randomize: false,
      })
      const offerIds = offers.items.map((i) => i.offerId!)
      const cancel = await engineRun(h, client, { kind: 'cancel', offerIds })
      const cancelTxs = cancel.transactions
      const burns = await engineRun(h, client, { kind: 'burn', nftIds: f.burnNfts })

      const engineOffers = await engineRun(h, client, {
        kind: 'airdrop',
        distribution: distribution(0, SMALL),
        nftIds: f.offerNfts.slice(0, SMALL),
        randomize: false,
      })
      const naiveOffers = await naiveRun(
        h,
        client,
        f.holder,
        f.recipients.slice(SMALL, 2 * SMALL).map((Destination, i) => ({
          TransactionType: 'NFTokenCreateOffer',
          Account: holder,
          NFTokenID: f.offerNfts[SMALL + i]!,
          Amount: '0',
          Destination,
          Flags: TF_SELL_NFTOKEN,
        })),
      )
      const engineBurns = await engineRun(h, client, { kind: 'burn', nftIds: f.engineBurnNfts })
      const naiveBurns = await naiveRun(
        h,
        client,
        f.holder,
        f.naiveBurnNfts.map((NFTokenID) => ({
          TransactionType: 'NFTokenBurn',
          Account: holder,
          NFTokenID,
        })),
      )
      // A slow link: every reply 25 ms late (a phone far from its server), so round trips, not the
      // ledger, set the pace unless requests overlap.
      h.sb.faults.delayMs = SLOW_LINK_MS
      const slowBurns = await engineRun(h, client, { kind: 'burn', nftIds: f.slowLinkBurnNfts })
      h.sb.faults.delayMs = 0

      // The List tab (the wallet's list loaded, as the tab has it): prices from a recorded seed,
      // then the listing job.
      await h.engine.loadNfts()
      const t2 = performance.now()
      const preview = await h.engine.previewListing({
        nftIds: f.listNfts,
        strategy: { kind: 'random', minXrp: '1', maxXrp: '20', seed: 'f'.repeat(32) },
      })
      const previewMs = elapsed(t2)
      const listing = await engineRun(h, client, {
        kind: 'list',
        offers: preview.prices.map((p) => ({ nftId: p.nftId, amountDrops: p.drops })),
        strategy: 'random',
        seed: preview.seed,
      })
      return {
        ledger_close_ms: CLOSE_MS,
        expected_ledger_size_txs: EXPECTED_LEDGER_SIZE,
        setup_ms: setupMs,
        ...pipelineFigures('offers1000', N, offers),
        cancel1000_transactions: cancelTxs,
        cancel1000_minimum_ledgers: minimumLedgers(cancelTxs),
        cancel1000_ledgers: cancel.ledgers,
        cancel1000_ms: cancel.ms,
        ...pipelineFigures('burns1000', N, burns),
        offers100_minimum_ledgers: minimumLedgers(SMALL),
        ...comparison('offers100', engineOffers, naiveOffers),
        burns100_minimum_ledgers: minimumLedgers(SMALL),
        ...comparison('burns100', engineBurns, naiveBurns),
        slow_link_reply_delay_ms: SLOW_LINK_MS,
        ...pipelineFigures('burns1000_slow_link', N, slowBurns),
        list1000_preview_ms: previewMs,
        ...pipelineFigures('list1000', N, listing),
      }
    } finally {
      await client.disconnect()
      await h.stop()
    }
  },
}
