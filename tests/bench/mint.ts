/**
 * Mint and modify at a project team's sizes (issue 46), by the engine in Node on the sandbox with
 * the ledger settings of the airdrop benchmarks (scale.ts offers10000, jobs.ts): ledgers close every
 * second, 200 transactions a ledger at the base fee, and each run is measured as theirs are
 * (jobRuns.ts engineRun: from the ledger open at its start to the one that validated its last
 * transaction; one validated transaction per item, read back from the ledger with a client).
 *
 * - mint_offer10000: 10,000 NFTs minted straight into their recipients' offers (XLS-52: one
 *   NFTokenMint with Amount 0 and a Destination each), to 10,000 recipients, beside the minimum
 *   ceil(N / expected ledger size) ledgers (the goal: at most 1.1 times it, as the airdrop's);
 * - mint_then_offer10000: the same airdrop the way it was done before XLS-52: a mint job of 10,000
 *   NFTs, then an airdrop job offering them to the same 10,000 recipients; its transactions, ledgers
 *   (the two jobs' summed: the time between them, planning the airdrop, is not counted), fees (the
 *   Fee fields of the validated transactions) and wall time (planning included) beside the
 *   mint-offer's, and their ratios;
 * - check10000 (mintChecks.ts): metadata checks of a 10,000-URI manifest against the gateway pool;
 * - modify1000 (mintChecks.ts): 1,000 mutable NFTs given new URIs by a modify job.
 *
 * Each run starts on a ledger of its own, prepared as entries (tests/helpers/bigLedger.ts: 10,000
 * payments from the genesis account, signed and checked with secp256k1 in this thread, would take
 * half a minute): an ed25519 holder (see jobs.ts for why) and the funded recipients, nothing minted.
 * BENCH_ONLY=name[,name] runs some of the runs.
 */
import 'fake-indexeddb/auto'

import type { MintRow } from '../../src/worker/api.ts'
import { engineRun, pipelineFigures, round1 } from './jobRuns.ts'
import type { Run } from './jobRuns.ts'
import { checks10000, modify1000 } from './mintChecks.ts'
import { CLOSE_MS, EXPECTED_LEDGER_SIZE, TERMS, servedUri, startWorld } from './mintWorld.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

const N = size(10_000, 20)

/** One URI per recipient, each minted into that recipient's offer. */
function offeredRows(recipients: readonly string[]): MintRow[] {
  return recipients.map((recipient, i) => ({ uri: servedUri(i + 1), recipient }))
}

/** 10,000 mint-offers: the airdrop is the mint. */
async function mintOffer(): Promise<Run> {
  const w = await startWorld(N)
  try {
    // skipMetadataCheck: the metadata check is measured on its own (check10000); here the ledger's
    // pace alone, as the airdrop benchmark measures it.
    return await engineRun(w.h, w.client, {
      kind: 'mint',
      terms: TERMS,
      rows: offeredRows(w.recipients),
      skipMetadataCheck: true,
    })
  } finally {
    await w.stop()
  }
}

/** The same airdrop in two jobs: 10,000 NFTs minted, then offered to the same 10,000 recipients. */
async function mintThenOffer(): Promise<{ minted: Run; offered: Run }> {
  const w = await startWorld(N)
  try {
    const rows = offeredRows(w.recipients).map(({ uri }) => ({ uri }))
    // skipMetadataCheck for the same reason as the mint-offers'.
    const minted = await engineRun(w.h, w.client, {
      kind: 'mint',
      terms: TERMS,
      rows,
      skipMetadataCheck: true,
    })
    const offered = await engineRun(w.h, w.client, {
      kind: 'airdrop',
      distribution: w.recipients.map((address) => ({ address, count: 1 })),
      nftIds: minted.items.map((item) => item.mintedNftId!),
      randomize: false,
    })
    return { minted, offered }
  } finally {
    await w.stop()
  }
}

/** What one way of airdropping cost, under `name`. */
function costFigures(name: string, runs: readonly Run[]) {
  const sum = (pick: (run: Run) => number) => runs.reduce((total, run) => total + pick(run), 0)
  return {
    [`${name}_txs`]: sum((r) => r.transactions),
    [`${name}_ledgers`]: sum((r) => r.ledgers),
    [`${name}_fee_drops`]: sum((r) => r.feeDrops),
    [`${name}_seconds`]: round1(sum((r) => r.planMs + r.ms) / 1000),
  }
}

async function mintOffers(): Promise<Figures> {
  const offers = await mintOffer()
  const { minted, offered } = await mintThenOffer()
  const one = costFigures('mint_offer10000', [offers])
  const two = costFigures('mint_then_offer10000', [minted, offered])
  const ratio = (what: string) =>
    Math.round((two[`mint_then_offer10000_${what}`]! / one[`mint_offer10000_${what}`]!) * 100) / 100
  return {
    ...pipelineFigures('mint_offer10000', N, offers, EXPECTED_LEDGER_SIZE),
    ...one,
    ...two,
    mint_then_offer10000_mint_ledgers: minted.ledgers,
    mint_then_offer10000_offer_ledgers: offered.ledgers,
    ratio_two_jobs_over_mint_offer_txs: ratio('txs'),
    ratio_two_jobs_over_mint_offer_ledgers: ratio('ledgers'),
    ratio_two_jobs_over_mint_offer_fee_drops: ratio('fee_drops'),
    ratio_two_jobs_over_mint_offer_seconds: ratio('seconds'),
  }
}

/** The suite's runs by name; BENCH_ONLY=name[,name] runs some of them. */
const RUNS: Record<string, () => Promise<Figures>> = {
  mint_offer10000: mintOffers,
  check10000: checks10000,
  modify1000,
}

async function run(): Promise<Figures> {
  const only = process.env.BENCH_ONLY?.split(',')
  let figures: Figures = {
    ledger_close_ms: CLOSE_MS,
    expected_ledger_size_txs: EXPECTED_LEDGER_SIZE,
  }
  for (const [name, runOne] of Object.entries(RUNS)) {
    if (!only || only.includes(name)) figures = { ...figures, ...(await runOne()) }
  }
  return figures
}

/** `npm run bench mint`. */
export const mintSuite: Suite = { name: 'mint', run }
