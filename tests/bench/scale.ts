/**
 * Jobs at the sizes project teams airdrop at (issue 12): 10,000 offers, one per NFT, to 40 recipients
 * (250 each), by the engine in Node on the sandbox, each run beside its physical minimum,
 * ceil(N / expected ledger size) ledgers at the base fee.
 *
 * - offers10000: the sandbox as the jobs suite has it (1 s ledgers, 200 transactions a ledger at the
 *   base fee), with where the time went: the sandbox's own work per submit (measured in the same
 *   run), signing, and the engine's IndexedDB writes.
 *
 * The holder's key is ed25519 for the reason given in jobs.ts (one Node thread runs both sides).
 */
import 'fake-indexeddb/auto'

import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { Session } from 'node:inspector/promises'

import { Client, Wallet, encodeSeed, xrpToDrops } from 'xrpl'

import { GENESIS_SEED } from '../../src/sandbox/index.ts'
import type { SandboxLedger } from '../../src/sandbox/index.ts'
import { DemoSubmitter } from '../../src/sandbox/demo/submitter.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import { elapsed, engineRun, mint, pipelineFigures, withoutEscalation } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'

const CLOSE_MS = 1000
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

async function run(): Promise<Figures> {
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
    await h.engine.connectWallet({ kind: 'familySeed', secret: f.holder.seed! })
    const perRecipient = NFTS / RECIPIENTS
    const offers = await profiled(() =>
      engineRun(h, client, {
        kind: 'airdrop',
        distribution: f.recipients.map((address) => ({ address, count: perRecipient })),
        nftIds: f.nfts,
        randomize: false,
      }),
    )
    const perLedger = new Map<number, number>()
    for (const i of offers.items) {
      const l = i.attempts.find((a) => a.final === 'tesSUCCESS')!.ledgerIndex!
      perLedger.set(l, (perLedger.get(l) ?? 0) + 1)
    }
    console.log(
      [...perLedger.entries()]
        .sort((a, b) => a[0] - b[0])
        .map(([, n]) => n)
        .join(' '),
    )
    console.log(
      'attempts',
      offers.items.reduce((n, i) => n + i.attempts.length, 0),
    )
    return {
      ledger_close_ms: CLOSE_MS,
      expected_ledger_size_txs: EXPECTED_LEDGER_SIZE,
      setup_ms: setupMs,
      ...pipelineFigures('offers10000', NFTS, offers, EXPECTED_LEDGER_SIZE),
    }
  } finally {
    await client.disconnect()
    await h.stop()
  }
}

/** `npm run bench scale`. */
export const scaleSuite: Suite = { name: 'scale', run }
