/**
 * What the job benchmarks share: minting straight into the in-process ledger, starting a run at the
 * beginning of a ledger, and following one engine job to its end with the figures every suite reports.
 */
import { randomBytes } from 'node:crypto'

import { Wallet, encodeSeed, xrpToDrops } from 'xrpl'
import type { Client } from 'xrpl'

import { readItems, readJob } from '../../src/db/jobs.ts'
import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import { GENESIS_SEED } from '../../src/sandbox/index.ts'
import type { SandboxLedger } from '../../src/sandbox/index.ts'
import { DemoSubmitter } from '../../src/sandbox/demo/submitter.ts'
import type { JobRequest } from '../../src/worker/api.ts'
import type { EngineHarness } from '../helpers/engine.ts'
import { accountTxs } from '../helpers/jobs.ts'
import type { Figures } from './run.ts'

/** tfBurnable | tfTransferable. */
const MINT_FLAGS = 0x0000_0009
const FINAL = new Set(['completed', 'cancelled', 'failed', 'paused'])

/** One measured run. */
export interface Run {
  ledgers: number
  ms: number
  planMs: number
  /** The account's transactions validated during the run. */
  transactions: number
  /** What those transactions paid in fees, in drops (their Fee fields). */
  feeDrops: number
  items: JobItemRow[]
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
export const elapsed = (t0: number) => Math.round(performance.now() - t0)
export const round1 = (x: number) => Math.round(x * 10) / 10

/** Mints `count` NFTs to `holder`, 1,000 to a ledger; returns their ids in minting order. */
export function mint(s: DemoSubmitter, holder: Wallet, count: number): string[] {
  const ids: string[] = []
  for (let done = 0; done < count; done += 1000) {
    const hashes = Array.from({ length: Math.min(1000, count - done) }, () =>
      s.submit(holder, { TransactionType: 'NFTokenMint', NFTokenTaxon: 1, Flags: MINT_FLAGS }),
    )
    const metas = s.close()
    for (const hash of hashes) ids.push((metas.get(hash) as { nftoken_id: string }).nftoken_id)
  }
  return ids
}

/**
 * Runs `build` with fee escalation off (an expected ledger size of a million), so a fixture of
 * thousands of transactions goes into a few ledgers; synchronous, so the close timer cannot cut in.
 */
export function withoutEscalation<T>(ledger: SandboxLedger, build: () => T): T {
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    return build()
  } finally {
    ledger.expectedLedgerSize = expected
  }
}

/** What holderFixture built. */
export interface HolderFixture {
  /** A fresh ed25519 holder (see jobs.ts for why ed25519). */
  holder: Wallet
  /** Fresh funded accounts, 10 XRP each. */
  recipients: string[]
  /** The holder's NFTs in minting order. */
  nfts: string[]
}

/**
 * Funds a fresh holder with `holderXrp`, `recipients` fresh accounts with 10 XRP each and the
 * `others` with `othersXrp` each, then mints `nfts` NFTs to the holder: straight into the ledger,
 * without fee escalation.
 */
export function holderFixture(
  ledger: SandboxLedger,
  opts: {
    holderXrp: number
    recipients: number
    nfts: number
    others?: string[]
    othersXrp?: number
  },
): HolderFixture {
  const holder = Wallet.fromSeed(encodeSeed(randomBytes(16), 'ed25519'))
  const recipients = Array.from({ length: opts.recipients }, () => Wallet.generate().classicAddress)
  const genesis = Wallet.fromSeed(GENESIS_SEED)
  const s = new DemoSubmitter(ledger)
  return withoutEscalation(ledger, () => {
    const pay = (to: string, xrp: number) =>
      s.submit(genesis, { TransactionType: 'Payment', Destination: to, Amount: xrpToDrops(xrp) })
    pay(holder.classicAddress, opts.holderXrp)
    for (const r of recipients) pay(r, 10)
    for (const o of opts.others ?? []) pay(o, opts.othersXrp ?? 10)
    s.close()
    return { holder, recipients, nfts: mint(s, holder, opts.nfts) }
  })
}

/**
 * Resolves with the index of the next ledger to close, right after it closed: every run starts at
 * the beginning of an open ledger, so none begins with a part-ledger and the figures repeat.
 */
export function ledgerClosed(ledger: SandboxLedger): Promise<number> {
  return new Promise((resolve) => {
    const stop = ledger.onClose((closed) => {
      stop()
      resolve(closed.header.ledger_index)
    })
  })
}

/** Plans, starts and follows one engine job until it is final; every item must succeed. */
export async function engineRun(
  h: EngineHarness,
  client: Client,
  request: JobRequest,
): Promise<Run> {
  const t0 = performance.now()
  const plan = await h.engine.planJob(request)
  const planMs = elapsed(t0)
  if (!plan.canStart || plan.problems.length) {
    throw new Error(`bench jobs: ${request.kind} plan: ${JSON.stringify(plan.problems)}`)
  }
  const startLedger = await ledgerClosed(h.sb.ledger)
  const t1 = performance.now()
  await h.engine.startJob(plan.jobId)
  for (;;) {
    const job = await readJob(h.db, plan.jobId)
    if (job && FINAL.has(job.status)) {
      if (job.status !== 'completed' || job.counts.succeeded !== job.counts.total) {
        throw new Error(`bench jobs: ${request.kind} job ended ${JSON.stringify(job)}`)
      }
      break
    }
    await sleep(20)
  }
  const ms = elapsed(t1)
  const items = await readItems(h.db, plan.jobId)
  const last = Math.max(
    ...items.map((i) => i.attempts.find((a) => a.final === 'tesSUCCESS')!.ledgerIndex!),
  )
  const wallet = await h.engine.getWallet()
  const txs = await accountTxs(client, wallet!.address, startLedger)
  // Exactly once: one validated transaction per item, nothing else (no faults are injected here).
  if (txs.length !== items.length) {
    throw new Error(`bench jobs: ${items.length} items but ${txs.length} transactions`)
  }
  const feeDrops = txs.reduce((sum, tx) => sum + Number(tx.tx_json?.Fee ?? 0), 0)
  return { ledgers: last - startLedger, ms, planMs, transactions: txs.length, feeDrops, items }
}

/** The physical minimum: ceil(N / expected ledger size) ledgers at the base fee. */
export function minimumLedgers(n: number, expectedLedgerSize: number): number {
  return Math.ceil(n / expectedLedgerSize)
}

/** A run's figures under `name`: ledgers beside their minimum, wall and plan time, pace. */
export function pipelineFigures(
  name: string,
  n: number,
  run: Run,
  expectedLedgerSize: number,
): Figures {
  const minimum = minimumLedgers(n, expectedLedgerSize)
  return {
    [`${name}_ledgers`]: run.ledgers,
    [`${name}_minimum_ledgers`]: minimum,
    [`${name}_ratio_to_minimum`]: Math.round((run.ledgers / minimum) * 100) / 100,
    [`${name}_ms`]: run.ms,
    [`${name}_plan_ms`]: run.planMs,
    [`${name}_tx_per_ledger`]: round1(n / run.ledgers),
  }
}
