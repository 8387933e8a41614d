/**
 * `npm run bench limits` (issue 27): the engine within public servers' limits, each figure beside its
 * minimum, at a mainnet-like pace (ledgers every 3.5 s, every server message 100 ms late):
 *
 * - offers10000_rippled: 10,000 offers through rippled's Resource Manager (the sandbox's
 *   `limits: 'rippled'`): connections dropped (goal 0), the share of replies that carried a load
 *   warning (goal ≤ 1 %), the time against the budget's minimum, 10,000 × 400 units ÷ 5,000 units a
 *   second = 800 s (goal ≤ 1.15×);
 * - offers10000_clio: the same through Clio's DOSGuard: refusals that reached the job (goal 0), the
 *   time against N ÷ 20 s (goal ≤ 1.15×);
 * - bids5000_clio, floor2000_clio: 'Bids on your NFTs' for 5,000 NFTs and the floor of a 2,000-NFT
 *   collection through Clio's limits (time ≤ 1.2× requests ÷ 20 s);
 * - offers10000_own: the same 10,000 offers on a node of the user's own (no limits): against the
 *   ledger's limit, ceil(N / expected ledger size) ledgers (goal ≤ 1.1×).
 *
 * BENCH_ONLY=rippled,clio,bids,floor,own runs only those; BENCH_OFFERS=N sends N offers instead of
 * 10,000 (a quick look). The independent client reads through the sandbox's admin port, which is
 * never limited, so it takes nothing from the engine's budget.
 */
import 'fake-indexeddb/auto'

import { Client } from 'xrpl'

import type { SandboxOptions } from '../../src/sandbox/index.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import type { EngineHarness } from '../helpers/engine.ts'
import { elapsed, engineRun, holderFixture, pipelineFigures, round1 } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

// The smoke run closes ledgers faster: its figures measure nothing, and it must take seconds.
const CLOSE_MS = size(3500, 400)
const REPLY_MS = 100
const EXPECTED_LEDGER_SIZE = 200
const OFFERS = Number(process.env.BENCH_OFFERS ?? size(10_000, 40))
const RECIPIENTS = size(40, 4)
const BIDS_NFTS = size(5_000, 20)
const FLOOR_NFTS = size(2_000, 20)
/** rippled's charge for a submit and its warning balance; Clio's requests a second. */
const SUBMIT_UNITS = 400
const WARN_BALANCE = 5_000
const CLIO_PER_SECOND = 20

const only = process.env.BENCH_ONLY?.split(',')
const wanted = (name: string) => !only || only.includes(name)

const ratio = (a: number, b: number) => Math.round((a / b) * 100) / 100

async function harness(limits: SandboxOptions['limits']): Promise<{
  h: EngineHarness
  client: Client
  stop: () => Promise<void>
}> {
  const h = await startEngineHarness({
    closeMs: CLOSE_MS,
    replyDelayMs: REPLY_MS,
    expectedLedgerSize: EXPECTED_LEDGER_SIZE,
    limits,
    adminPort: 0,
  })
  const client = new Client(h.sb.adminUrl!)
  await client.connect()
  return {
    h,
    client,
    stop: async () => {
      await client.disconnect()
      await h.stop()
    },
  }
}

/** Every request the sandbox's main port answered or refused so far. */
const requestsOf = (h: EngineHarness) =>
  [...h.sb.server.commandCounts.values()].reduce((a, b) => a + b, 0)

/** 10,000 offers, one per NFT, to 40 recipients, through the given limits. */
async function offers(name: string, limits: SandboxOptions['limits']): Promise<Figures> {
  const { h, client, stop } = await harness(limits)
  try {
    const delay = h.sb.faults.delayMs
    h.sb.faults.delayMs = 0
    const f = holderFixture(h.sb.ledger, {
      holderXrp: 1_000_000,
      recipients: RECIPIENTS,
      nfts: OFFERS,
    })
    await h.engine.connectWallet({ kind: 'familySeed', secret: f.holder.seed! })
    h.sb.faults.delayMs = delay
    h.sb.server.load.reset()
    const before = requestsOf(h)
    const run = await engineRun(h, client, {
      kind: 'airdrop',
      distribution: f.recipients.map((address) => ({ address, count: OFFERS / RECIPIENTS })),
      nftIds: f.nfts,
      randomize: false,
    })
    const requests = requestsOf(h) - before
    const { load } = h.sb.server
    const figures: Figures = {
      ...pipelineFigures(name, OFFERS, run, EXPECTED_LEDGER_SIZE),
      [`${name}_s`]: round1(run.ms / 1000),
      [`${name}_requests`]: requests,
      [`${name}_drops`]: load.drops,
      [`${name}_warned_replies`]: load.warnings,
      [`${name}_warned_share_percent`]: round1((load.warnings / Math.max(1, requests)) * 100),
      [`${name}_refusals`]: load.refusals,
    }
    if (name.endsWith('rippled')) {
      const minimum = (OFFERS * SUBMIT_UNITS) / WARN_BALANCE
      figures[`${name}_budget_minimum_s`] = minimum
      figures[`${name}_ratio_to_budget_minimum`] = ratio(run.ms / 1000, minimum)
    } else if (name.endsWith('clio')) {
      const minimum = OFFERS / CLIO_PER_SECOND
      figures[`${name}_budget_minimum_s`] = minimum
      figures[`${name}_ratio_to_budget_minimum`] = ratio(run.ms / 1000, minimum)
    }
    return figures
  } finally {
    await stop()
  }
}

/** 'Bids on your NFTs' for a holder of 5,000 NFTs, and a 2,000-NFT collection's floor, through Clio. */
async function clioReads(): Promise<Figures> {
  const { h, stop } = await harness('clio')
  try {
    const figures: Figures = {}
    /** One reading's figures: its requests, time, minimum at 20 a second, refusals. */
    const measure = async (name: string, read: () => Promise<unknown>) => {
      h.sb.server.load.reset()
      const before = requestsOf(h)
      const t0 = performance.now()
      await read()
      const s = elapsed(t0) / 1000
      const requests = requestsOf(h) - before
      figures[`${name}_requests`] = requests
      figures[`${name}_s`] = round1(s)
      figures[`${name}_minimum_s`] = round1(requests / CLIO_PER_SECOND)
      figures[`${name}_ratio_to_minimum`] = ratio(s, requests / CLIO_PER_SECOND)
      figures[`${name}_refusals`] = h.sb.server.load.refusals
    }
    if (wanted('bids')) {
      const f = holderFixture(h.sb.ledger, { holderXrp: 1_000, recipients: 0, nfts: BIDS_NFTS })
      await h.engine.connectWallet({ kind: 'familySeed', secret: f.holder.seed! })
      await measure('bids5000_clio', async () => {
        figures.bids5000_clio_nfts_checked = (await h.engine.loadBids()).nftsChecked
      })
    }
    if (wanted('floor')) {
      const f = holderFixture(h.sb.ledger, { holderXrp: 1_000, recipients: 0, nfts: FLOOR_NFTS })
      await measure('floor2000_clio', async () => {
        const floor = await h.engine.floorPrice(f.holder.classicAddress, 1)
        figures.floor2000_clio_listed = floor.collectionTotal
      })
    }
    return figures
  } finally {
    await stop()
  }
}

export const limitsSuite: Suite = {
  name: 'limits',
  async run() {
    const figures: Figures = { offers: OFFERS, ledger_close_ms: CLOSE_MS, reply_delay_ms: REPLY_MS }
    if (wanted('rippled')) Object.assign(figures, await offers('offers_rippled', 'rippled'))
    if (wanted('clio')) Object.assign(figures, await offers('offers_clio', 'clio'))
    if (wanted('bids') || wanted('floor')) Object.assign(figures, await clioReads())
    if (wanted('own')) Object.assign(figures, await offers('offers_own', 'none'))
    return figures
  },
}
