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
 * BENCH_PROFILE=file writes a CPU profile of the (last) run; BENCH_VERBOSE=1 prints each run's
 * transactions per ledger.
 *
 * The holder's key is ed25519 for the reason given in jobs.ts (one Node thread runs both sides).
 */
import 'fake-indexeddb/auto'

import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'

import { Client, Wallet, encodeSeed, xrpToDrops } from 'xrpl'

import { GENESIS_SEED } from '../../src/sandbox/index.ts'
import type { SandboxLedger, SandboxOptions } from '../../src/sandbox/index.ts'
import { DemoSubmitter } from '../../src/sandbox/demo/submitter.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import { elapsed, engineRun, mint, pipelineFigures, withoutEscalation } from './jobRuns.ts'
import type { Run } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'

const CLOSE_MS = 1000
/** A mainnet-like link: ledgers every 3.5 s, every server message 100 ms late. */
const MAINNET_CLOSE_MS = 3500
const MAINNET_REPLY_MS = 100
const EXPECTED_LEDGER_SIZE = 200
const NFTS = 10_000
const RECIPIENTS = 40

interface Fixture {
  holder: Wallet
  recipients: string[]
  nfts: string[]
}

function buildFixture(ledger: SandboxLedger): Fixture {
  const holder = Wallet.fromSeed(encodeSeed(randomBytes(16), 'ed25519'))
  const recipients = Array.from({ length: RECIPIENTS }, () => Wallet.generate().classicAddress)
  const genesis = Wallet.fromSeed(GENESIS_SEED)
  const s = new DemoSubmitter(ledger)
  return withoutEscalation(ledger, () => {
    const pay = (to: string, xrp: number) =>
      s.submit(genesis, { TransactionType: 'Payment', Destination: to, Amount: xrpToDrops(xrp) })
    pay(holder.classicAddress, 1_000_000)
    for (const r of recipients) pay(r, 10)
    s.close()
    return { holder, recipients, nfts: mint(s, holder, NFTS) }
  })
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
    const offers = await profiled(() =>
      engineRun(h, client, {
        kind: 'airdrop',
        distribution: f.recipients.map((address) => ({ address, count: perRecipient })),
        nftIds: f.nfts,
        randomize: false,
      }),
    )
    logPerLedger(offers)
    return {
      [`${name}_ledger_close_ms`]: sandbox.closeMs ?? 0,
      [`${name}_reply_delay_ms`]: delay,
      [`${name}_setup_ms`]: setupMs,
      ...pipelineFigures(name, NFTS, offers, EXPECTED_LEDGER_SIZE),
    }
  } finally {
    await client.disconnect()
    await h.stop()
  }
}

async function run(): Promise<Figures> {
  return {
    expected_ledger_size_txs: EXPECTED_LEDGER_SIZE,
    ...(await offers10000('offers10000', { closeMs: CLOSE_MS })),
    ...(await offers10000('offers10000_mainnet_link', {
      closeMs: MAINNET_CLOSE_MS,
      replyDelayMs: MAINNET_REPLY_MS,
    })),
  }
}

/** `npm run bench scale`. */
export const scaleSuite: Suite = { name: 'scale', run }
