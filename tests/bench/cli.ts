/**
 * `npm run bench cli`: the 10,000-offer airdrop of the scale suite (one offer per NFT to 40
 * recipients, 1 s ledgers, 200 transactions a ledger at the base fee) run through `xnm` as a team
 * would run it: `xnm airdrop plan` from a CSV, then `xnm job start`, each a process of its own on the
 * durable store. Figures: the ledgers the job took beside the physical minimum (counted from the
 * ledger open when `job start` was launched, so the process's start and the store's load count too),
 * and what the store keeps per item on disk.
 *
 * The sandbox runs in this process, the CLI in its own: the figures are the CLI's and its store's.
 */
import { spawn } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client } from 'xrpl'
import { readItems, readJob } from '../../src/db/jobs.ts'
import { openDurableStore } from '../../src/node/store/durableStore.ts'
import { startSandbox } from '../../src/sandbox/index.ts'
import { accountTxs } from '../helpers/jobs.ts'
import { elapsed, holderFixture, ledgerClosed, minimumLedgers, round1 } from './jobRuns.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

const NFTS = size(10_000, 40)
const RECIPIENTS = size(40, 4)
const EXPECTED_LEDGER_SIZE = 200
// The smoke run closes ledgers faster: its figures measure nothing, and it must take seconds.
const CLOSE_MS = size(1000, 400)

/** Runs xnm to its end; throws unless it exits 0. */
function xnm(args: string[], lockDir: string): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [resolve('bin/xnm.mjs'), ...args], {
      env: { ...process.env, XNM_LOCK_DIR: lockDir, XNM_SECRET: '' },
    })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    child.on('exit', (code) =>
      code === 0 ? done(out) : fail(new Error(`xnm ${args.join(' ')}: exit ${code}\n${err}`)),
    )
  })
}

async function cliAirdrop(): Promise<Figures> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-cli-'))
  const sb = await startSandbox({
    port: 0,
    closeMs: CLOSE_MS,
    expectedLedgerSize: EXPECTED_LEDGER_SIZE,
  })
  const client = new Client(sb.url)
  try {
    await client.connect()
    const f = holderFixture(sb.ledger, { holderXrp: 1_000_000, recipients: RECIPIENTS, nfts: NFTS })
    const per = NFTS / RECIPIENTS
    const csv = join(dir, 'drop.csv')
    const nfts = join(dir, 'nfts.txt')
    const secret = join(dir, 'secret')
    await writeFile(
      csv,
      `wallet_address,nft_amount\n${f.recipients.map((r) => `${r},${per}`).join('\n')}\n`,
    )
    await writeFile(nfts, f.nfts.join('\n'))
    await writeFile(secret, f.holder.seed!, { mode: 0o600 })
    const store = join(dir, 'store')
    const common = [
      '--network',
      'sandbox',
      '--endpoint',
      sb.url,
      '--store',
      store,
      '--secret-file',
      secret,
      '--json',
    ]

    const t0 = performance.now()
    const planned = await xnm(
      [...common, 'airdrop', 'plan', '--csv', csv, '--nfts', nfts],
      join(dir, 'locks'),
    )
    const planMs = elapsed(t0)
    const jobId = (
      JSON.parse(planned.split('\n').find((l) => l.includes('"type":"plan"'))!) as {
        jobId: string
      }
    ).jobId

    const startLedger = await ledgerClosed(sb.ledger)
    const t1 = performance.now()
    await xnm([...common, 'job', 'start', jobId], join(dir, 'locks'))
    const runMs = elapsed(t1)

    const opened = await openDurableStore(store)
    try {
      const job = await readJob(opened.db, jobId)
      const items = await readItems(opened.db, jobId)
      if (job?.status !== 'completed' || job.counts.succeeded !== NFTS) {
        throw new Error(`bench cli: the job ended ${JSON.stringify(job)}`)
      }
      const last = Math.max(
        ...items.map((i) => i.attempts.find((a) => a.final === 'tesSUCCESS')!.ledgerIndex!),
      )
      const txs = await accountTxs(client, f.holder.classicAddress, startLedger)
      if (txs.length !== NFTS)
        throw new Error(`bench cli: ${NFTS} items but ${txs.length} transactions`)
      const ledgers = last - startLedger
      const minimum = minimumLedgers(NFTS, EXPECTED_LEDGER_SIZE)
      const bytes = opened.journal.sizeOnDisk()
      return {
        cli_offers10000_ledgers: ledgers,
        cli_offers10000_minimum_ledgers: minimum,
        cli_offers10000_ratio_to_minimum: Math.round((ledgers / minimum) * 100) / 100,
        cli_offers10000_plan_ms: planMs,
        cli_offers10000_start_ms: runMs,
        cli_offers10000_tx_per_ledger: round1(NFTS / ledgers),
        cli_store_bytes: bytes,
        cli_store_bytes_per_item: Math.round(bytes / NFTS),
      }
    } finally {
      await opened.close()
    }
  } finally {
    await client.disconnect()
    await sb.stop()
    await rm(dir, { recursive: true, force: true })
  }
}

export const cliSuite: Suite = { name: 'cli', run: cliAirdrop }
