/**
 * Jobs at the sizes project teams airdrop at (issue 12): 10,000 offers, one per NFT, to 40 recipients
 * (250 each), by the engine in Node on the sandbox, each run beside its physical minimum,
 * ceil(N / expected ledger size) ledgers at the base fee.
 *
 * - offers10000: the sandbox as the jobs suite has it (1 s ledgers, 200 transactions a ledger at the
 *   base fee);
 * - offers10000_mainnet_link: the same over a mainnet-like link: ledgers every 3.5 s and every server
 *   message 100 ms late.
 *
 * - plan100000: a 100,000-recipient airdrop planned (pre-flight included) and started;
 * - fees1000_competing: the fees a job pays while other accounts compete for the same ledgers.
 *
 * BENCH_ONLY=plan100000 (say) runs only the runs named; BENCH_PROFILE=file writes a CPU profile of the (last) run; BENCH_VERBOSE=1 prints each run's
 * transactions per ledger.
 *
 * The holder's key is ed25519 for the reason given in jobs.ts (one Node thread runs both sides).
 */
import 'fake-indexeddb/auto'

import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Session } from 'node:inspector/promises'

import { Client, Wallet, encodeSeed } from 'xrpl'

import { GENESIS_SEED } from '../../src/sandbox/index.ts'
import type { SandboxLedger, SandboxOptions } from '../../src/sandbox/index.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import { readItems, readJob, readJobRequest } from '../../src/db/jobs.ts'
import { LedgerDb } from '../../src/db/schema.ts'
import { NETWORK_IDS, buildNetworks } from '../../src/shared/networks.ts'
import { Engine } from '../../src/worker/engine.ts'
import { writeBigState } from '../helpers/bigLedger.ts'
import { startThreadedSandbox } from './threadedSandbox.ts'
import { elapsed, engineRun, holderFixture, pipelineFigures, sleep } from './jobRuns.ts'
import type { HolderFixture, Run } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

// The smoke run closes ledgers faster: its figures measure nothing, and it must take seconds.
const CLOSE_MS = size(1000, 400)
/** A mainnet-like link: ledgers every 3.5 s, every server message 100 ms late. */
const MAINNET_CLOSE_MS = size(3500, 400)
const MAINNET_REPLY_MS = 100
const EXPECTED_LEDGER_SIZE = 200
const NFTS = size(10_000, 40)
const RECIPIENTS = size(40, 4)
/** The CSV's limit: recipients (and NFTs) of the largest airdrop. */
const BIG = size(100_000, 200)

/** The holder of the 10,000 NFTs and its 40 recipients. */
function buildFixture(ledger: SandboxLedger): HolderFixture {
  return holderFixture(ledger, { holderXrp: 1_000_000, recipients: RECIPIENTS, nfts: NFTS })
}

/**
 * With BENCH_PROFILE=file, a CPU profile of `work` alone (not the fixture's set-up) is written there:
 * open it in Chrome's DevTools, or summarise it by file.
 */
async function profiled<T>(work: () => Promise<T>): Promise<T> {
  const file = process.env.BENCH_PROFILE
  if (!file) return await work()
  const session = new Session()
  session.connect()
  await session.post('Profiler.enable')
  await session.post('Profiler.start')
  try {
    return await work()
  } finally {
    const { profile } = await session.post('Profiler.stop')
    await writeFile(file, JSON.stringify(profile))
    session.disconnect()
  }
}

/** Prints the validated transactions of each ledger the run used (BENCH_VERBOSE=1). */
function logPerLedger(run: Run): void {
  if (!process.env.BENCH_VERBOSE) return
  const perLedger = new Map<number, number>()
  for (const item of run.items) {
    const ledger = item.attempts.find((a) => a.final === 'tesSUCCESS')!.ledgerIndex!
    perLedger.set(ledger, (perLedger.get(ledger) ?? 0) + 1)
  }
  const counts = [...perLedger].sort((a, b) => a[0] - b[0]).map(([, n]) => n)
  console.log(`  per ledger: ${counts.join(' ')}`)
}

/** 10,000 offers, one per NFT, to 40 recipients, on a sandbox with these timings. */
async function offers10000(name: string, sandbox: SandboxOptions): Promise<Figures> {
  const h = await startEngineHarness({ expectedLedgerSize: EXPECTED_LEDGER_SIZE, ...sandbox })
  const client = new Client(h.sb.url)
  try {
    await client.connect()
    // The fixture goes straight into the ledger, without the link's delay.
    const delay = h.sb.faults.delayMs
    h.sb.faults.delayMs = 0
    const t0 = performance.now()
    const f = buildFixture(h.sb.ledger)
    const setupMs = elapsed(t0)
    await h.engine.connectWallet({ kind: 'familySeed', secret: f.holder.seed! })
    h.sb.faults.delayMs = delay
    const perRecipient = NFTS / RECIPIENTS
    const busy = h.sb.server.busyMs
    const offers = await profiled(() =>
      engineRun(h, client, {
        kind: 'airdrop',
        distribution: f.recipients.map((address) => ({ address, count: perRecipient })),
        nftIds: f.nfts,
        randomize: false,
      }),
    )
    logPerLedger(offers)
    const sandboxMs = Math.round(h.sb.server.busyMs - busy)
    return {
      [`${name}_ledger_close_ms`]: sandbox.closeMs ?? 0,
      [`${name}_reply_delay_ms`]: delay,
      [`${name}_setup_ms`]: setupMs,
      ...pipelineFigures(name, NFTS, offers, EXPECTED_LEDGER_SIZE),
      // The sandbox's own work in the same thread (checking signatures, applying, answering).
      [`${name}_sandbox_busy_ms`]: sandboxMs,
      [`${name}_sandbox_busy_share`]: Math.round((sandboxMs / offers.ms) * 100) / 100,
    }
  } finally {
    await client.disconnect()
    await h.stop()
  }
}

/**
 * A 100,000-recipient airdrop (the CSV limit), one NFT each, planned on a prepared ledger (tests/helpers/bigLedger.ts):
 * validation, intents, pre-flight (100,000 accounts read, NFTs and own offers) and the items written;
 * then its first ledgers run, to show the runner takes it; what IndexedDB holds per item. The sandbox
 * runs in a thread of its own here, as a server is another machine for the app: the figures are the
 * engine's.
 */
async function plan100000(): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-scale-'))
  const file = join(dir, 'ledger.json')
  const t0 = performance.now()
  const big = await writeBigState(file, { nfts: BIG, recipients: BIG })
  const sb = await startThreadedSandbox({
    port: 0,
    loadFrom: file,
    closeMs: CLOSE_MS,
    expectedLedgerSize: EXPECTED_LEDGER_SIZE,
  })
  const base = buildNetworks({})
  const networks = { ...base, sandbox: { ...base.sandbox, endpoints: [sb.url] } }
  const db = new LedgerDb(`bench-scale-${Date.now()}`)
  const engine = new Engine({ networks, offered: NETWORK_IDS, db })
  const client = new Client(sb.url)
  try {
    await engine.connect('sandbox')
    await client.connect()
    await engine.connectWallet({ kind: 'familySeed', secret: big.holder.seed! })
    const setupMs = elapsed(t0)
    const t1 = performance.now()
    const plan = await profiled(() =>
      engine.planJob({
        kind: 'airdrop',
        distribution: big.recipients.map((address) => ({ address, count: 1 })),
        nftIds: big.nftIds,
        randomize: true,
      }),
    )
    const planMs = elapsed(t1)
    if (!plan.canStart || plan.problems.length || plan.items !== BIG) {
      throw new Error(`bench scale: 100,000 plan: ${JSON.stringify(plan).slice(0, 500)}`)
    }
    const items = await readItems(db, plan.jobId)
    const job = await readJob(db, plan.jobId)
    const request = await readJobRequest(db, plan.jobId)
    const itemBytes = items.reduce((n, item) => n + JSON.stringify(item).length, 0)
    // The first ledgers of the run: the runner takes 100,000 items at the ledger's pace.
    const validated = async () =>
      (await client.request({ command: 'ledger', ledger_index: 'validated' })).result.ledger_index
    const succeededAt = async (ledger: number) => {
      while ((await validated()) < ledger) await sleep(50)
      return (await readJob(db, plan.jobId))!.counts.succeeded
    }
    const t2 = performance.now()
    await engine.startJob(plan.jobId)
    // The runner reads the job's 100,000 items first; then 10 ledgers at its pace.
    while ((await readJob(db, plan.jobId))!.counts.inFlight === 0) await sleep(20)
    const firstSubmitMs = elapsed(t2)
    const from = (await validated()) + 1
    const runLedgers = 10
    const before = await succeededAt(from)
    const ran = (await succeededAt(from + runLedgers)) - before
    await engine.pauseJob(plan.jobId)
    return {
      plan100000_setup_ms: setupMs,
      plan100000_plan_and_preflight_ms: planMs,
      plan100000_item_bytes_json: Math.round(itemBytes / items.length),
      plan100000_job_row_bytes_json: JSON.stringify(job).length,
      plan100000_request_bytes_json: JSON.stringify(request).length,
      plan100000_start_to_first_submit_ms: firstSubmitMs,
      plan100000_run_tx_per_ledger_over_10: Math.round(ran / runLedgers),
    }
  } finally {
    await client.disconnect()
    await engine.dispose()
    db.close()
    await sb.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

/**
 * Fees under competition: 1,000 offers (to 4 recipients) while 100 other accounts each submit a
 * payment at the base fee every ledger, so the job shares the open ledger's 200 base-fee places. The
 * fees the job paid against base fee × N, and its ledgers (the job gets what the others leave).
 */
async function feesCompeting(): Promise<Figures> {
  const n = size(1000, 20)
  const h = await startEngineHarness({
    closeMs: CLOSE_MS,
    expectedLedgerSize: EXPECTED_LEDGER_SIZE,
  })
  const client = new Client(h.sb.url)
  const others = Array.from({ length: size(100, 3) }, () =>
    Wallet.fromSeed(encodeSeed(randomBytes(16), 'ed25519')),
  )
  let stopCompeting = () => {}
  try {
    await client.connect()
    const { holder, recipients, nfts } = holderFixture(h.sb.ledger, {
      holderXrp: 100_000,
      recipients: 4,
      nfts: n,
      others: others.map((o) => o.classicAddress),
      othersXrp: 1000,
    })
    const genesis = Wallet.fromSeed(GENESIS_SEED)
    const next = new Map(others.map((o) => [o.classicAddress, 1]))
    for (const o of others) {
      const info = await client.request({ command: 'account_info', account: o.classicAddress })
      next.set(o.classicAddress, info.result.account_data.Sequence)
    }
    // Each ledger, every other account pays the genesis account 1 drop at the base fee.
    stopCompeting = h.sb.ledger.onClose(() => {
      for (const o of others) {
        const sequence = next.get(o.classicAddress)!
        const { tx_blob } = o.sign({
          TransactionType: 'Payment',
          Account: o.classicAddress,
          Destination: genesis.classicAddress,
          Amount: '1',
          Fee: '10',
          Sequence: sequence,
        })
        const r = h.sb.ledger.submit(tx_blob)
        if (/^(tes|ter)/.test(r.engine_result)) next.set(o.classicAddress, sequence + 1)
      }
    })
    await h.engine.connectWallet({ kind: 'familySeed', secret: holder.seed! })
    const offers = await engineRun(h, client, {
      kind: 'airdrop',
      distribution: recipients.map((address) => ({ address, count: n / recipients.length })),
      nftIds: nfts,
      randomize: false,
    })
    const paid = offers.items.reduce((sum, item) => {
      const a = item.attempts.find((x) => x.final === 'tesSUCCESS')!
      return sum + BigInt(a.feeDrops)
    }, 0n)
    const base = 10n * BigInt(n)
    return {
      fees1000_competing_accounts: others.length,
      fees1000_competing_paid_drops: Number(paid),
      fees1000_competing_base_fee_times_n_drops: Number(base),
      fees1000_competing_ratio_to_base: Number((paid * 1000n) / base) / 1000,
      fees1000_competing_confirmed_drops: 12 * n,
      fees1000_competing_ledgers: offers.ledgers,
    }
  } finally {
    stopCompeting()
    await client.disconnect()
    await h.stop()
  }
}

/** The suite's runs by name; BENCH_ONLY=name[,name] runs some of them. */
const RUNS: Record<string, () => Promise<Figures>> = {
  plan100000,
  fees1000_competing: feesCompeting,
  offers10000: () => offers10000('offers10000', { closeMs: CLOSE_MS }),
  offers10000_mainnet_link: () =>
    offers10000('offers10000_mainnet_link', {
      closeMs: MAINNET_CLOSE_MS,
      replyDelayMs: MAINNET_REPLY_MS,
    }),
}

async function run(): Promise<Figures> {
  const only = process.env.BENCH_ONLY?.split(',')
  let figures: Figures = { expected_ledger_size_txs: EXPECTED_LEDGER_SIZE }
  for (const [name, runOne] of Object.entries(RUNS)) {
    if (!only || only.includes(name)) figures = { ...figures, ...(await runOne()) }
  }
  return figures
}

/** `npm run bench scale`. */
export const scaleSuite: Suite = { name: 'scale', run }
