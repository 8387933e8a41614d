/**
 * Shared set-up of the jobs fault and resume tests: one demo sandbox and engine per test file
 * (reopened on the same IndexedDB to stand for a restarted tab), airdrop jobs to the demo recipients
 * 11–40 (who never accept on their own), waiting on IndexedDB as the UI does, and faults aimed at
 * single submits. The ledger checks are in faultLedger.ts.
 */
import { expect } from 'vitest'
import { Client, decode } from 'xrpl'
import type { SubmittableTransaction, Wallet } from 'xrpl'

import { readItems, readJob } from '../../src/db/jobs.ts'
import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow, JobStatus } from '../../src/db/types/jobs.ts'
import { demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import type { Engine } from '../../src/worker/engine.ts'
import { startEngineHarness } from './engine.ts'
import type { EngineHarness } from './engine.ts'
import { closeLedgers, submitInProcess } from './sandbox.ts'
import { eventually } from './poll.ts'

export const accounts = demoAccounts()
export const holder = accounts.holder.classicAddress
/** Demo recipients 11–40: funded, accept incoming offers, never accept them by themselves. */
export const recipients = accounts.recipients.slice(10, 40).map((w) => w.classicAddress)

/** A demo sandbox closing a ledger every `closeMs`, an engine with the holder's wallet connected. */
export interface World {
  h: EngineHarness
  /** The engine that runs jobs now (a reopened one after a simulated restart). */
  engine: Engine
  /** An independent client for the checks. */
  client: Client
  /** The holder's transferable NFTs it issued itself (offerable to anyone). */
  nftIds: string[]
  /**
   * Stops and restarts the ledger closes every `closeMs`, so that no ledger closes meanwhile
   * (startWorld's worlds have it).
   */
  closing?: { pause(): void; resume(): void }
  stop(): Promise<void>
}

export interface WorldOptions {
  closeMs?: number
  lastLedgerOffset?: number
  maxInFlight?: number
  /** How long an external wallet may take to answer (the engine's default otherwise). */
  approvalTimeoutMs?: number
  expectedLedgerSize?: number
}

export async function startWorld(opts: WorldOptions = {}): Promise<World> {
  const h = await startEngineHarness(
    { demo: true, gatewayPort: 0, expectedLedgerSize: opts.expectedLedgerSize ?? 1000 },
    { jobs: jobLimits(opts) },
  )
  await connectHolder(h.engine)
  const client = new Client(h.sb.url)
  await client.connect()
  await h.engine.loadNfts(undefined, holder)
  const snapshot = await h.db.nftSnapshots.get(['sandbox', holder])
  const nftIds = snapshot!.nfts
    .filter((x) => x.transferable && x.issuer === holder)
    .map((x) => x.nftId)
  const closeMs = opts.closeMs ?? 60
  let stopClosing = closeLedgers(h.sb, closeMs)
  const pause = () => {
    stopClosing()
    stopClosing = () => {}
  }
  return {
    h,
    engine: h.engine,
    client,
    nftIds,
    closing: {
      pause,
      resume: () => {
        pause()
        stopClosing = closeLedgers(h.sb, closeMs)
      },
    },
    stop: async () => {
      stopClosing()
      await client.disconnect()
      await h.stop()
    },
  }
}

/** The small LastLedgerSequence offset these tests use, so dead attempts are found quickly. */
export function jobLimits(opts: WorldOptions): {
  lastLedgerOffset: number
  maxInFlight?: number
  approvalTimeoutMs?: number
} {
  return {
    lastLedgerOffset: opts.lastLedgerOffset ?? 6,
    ...(opts.maxInFlight ? { maxInFlight: opts.maxInFlight } : {}),
    ...(opts.approvalTimeoutMs ? { approvalTimeoutMs: opts.approvalTimeoutMs } : {}),
  }
}

/**
 * Closes the current engine as a tab would, and opens a new one (with `opts`) on the same DB;
 * `whileClosed` runs in between, when no engine writes (e.g. to check the job was still open).
 */
export async function reopenEngine(
  w: World,
  opts: WorldOptions = {},
  whileClosed?: () => Promise<void>,
): Promise<void> {
  await w.engine.dispose()
  await whileClosed?.()
  w.engine = w.h.reopen({ jobs: jobLimits(opts) })
  await w.engine.connect('sandbox')
  await connectHolder(w.engine)
}

/** A transaction another app than ours submitted: its hash and the server's answer to the submit. */
export interface SentElsewhere {
  hash: string
  submitted: string
  accepted: boolean
}

/**
 * Signs (autofilled unless given) and submits a transaction from another app than ours, without
 * waiting for a ledger (see validatedElsewhere).
 */
export async function sendElsewhere(
  w: World,
  wallet: Wallet,
  tx: SubmittableTransaction,
): Promise<SentElsewhere> {
  const signed = wallet.sign(await w.client.autofill(tx))
  const res = await w.client.request({ command: 'submit', tx_blob: signed.tx_blob })
  return { hash: signed.hash, submitted: res.result.engine_result, accepted: res.result.accepted }
}

/** Waits until a transaction sent elsewhere is in a validated ledger; returns its result. */
export async function validatedElsewhere(
  w: World,
  sent: SentElsewhere,
): Promise<{ submitted: string; final: string; hash: string }> {
  for (let tries = 0; tries < 500; tries++) {
    const found = await w.client
      .request({ command: 'tx', transaction: sent.hash })
      .catch(() => undefined)
    const meta = found?.result.meta
    if (found?.result.validated && typeof meta === 'object') {
      return { submitted: sent.submitted, final: meta.TransactionResult, hash: sent.hash }
    }
    if (!sent.accepted) throw new Error(`submitted elsewhere: ${sent.submitted}`)
    await sleep(10)
  }
  throw new Error(`submitted elsewhere, never validated: ${sent.submitted}`)
}

/**
 * Signs (autofilled unless given) and submits a transaction from another app than ours, then waits
 * until it is in a validated ledger; returns its result.
 */
export async function submitElsewhere(
  w: World,
  wallet: Wallet,
  tx: SubmittableTransaction,
): Promise<{ submitted: string; final: string; hash: string }> {
  return validatedElsewhere(w, await sendElsewhere(w, wallet, tx))
}

/** Waits until the engine's connection is up (after a dropped one, it reconnects by itself). */
export async function connected(w: World, limitMs = 10_000): Promise<void> {
  await eventually(
    () => w.engine.getNetworkStatus(),
    (status) => status.state === 'connected',
    'the engine connected again',
    { timeoutMs: limitMs, everyMs: 10 },
  )
}

export async function connectHolder(engine: Engine): Promise<void> {
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
}

/**
 * Cancels the holder's offers of these NFTs left by earlier jobs, so they can be airdropped again:
 * pre-flight flags an NFT that already has a sell offer (DUPLICATE), and these tests reuse NFTs.
 */
export async function releaseNfts(w: World, nftIds: readonly string[]): Promise<void> {
  const wanted = new Set(nftIds)
  const offered = async () => {
    const pages = await w.client.requestAll({
      command: 'account_objects',
      account: accounts.holder.classicAddress,
      type: 'nft_offer',
      ledger_index: 'validated',
    })
    return pages
      .flatMap((p) => p.result.account_objects as unknown as { index: string; NFTokenID: string }[])
      .filter((o) => wanted.has(o.NFTokenID))
      .map((o) => o.index)
  }
  const offerIds = await offered()
  if (offerIds.length === 0) return
  submitInProcess(w.h.sb.ledger, accounts.holder, {
    TransactionType: 'NFTokenCancelOffer',
    NFTokenOffers: offerIds,
  })
  await eventually(offered, (ids) => ids.length === 0, 'the old offers cancelled', { everyMs: 10 })
}

/** Plans an airdrop of `nftIds[i]` to `recipients[i]` (freed of earlier offers); the plan must be clean. */
export async function planAirdrop(
  w: World,
  nftIds: readonly string[],
  to: readonly string[] = recipients,
): Promise<string> {
  await releaseNfts(w, nftIds)
  const plan = await w.engine.planJob({
    kind: 'airdrop',
    distribution: to.slice(0, nftIds.length).map((address) => ({ address, count: 1 })),
    nftIds: [...nftIds],
    randomize: false,
  })
  expect(plan.problems).toEqual([])
  return plan.jobId
}

const FINAL_JOB: readonly JobStatus[] = ['completed', 'cancelled', 'failed', 'paused']

/** Waits (polling IndexedDB, as the UI observes it) until the job reaches one of `statuses`. */
export async function waitForJob(
  w: World,
  jobId: string,
  statuses: readonly JobStatus[] = FINAL_JOB,
  limitMs = 30_000,
): Promise<JobRow> {
  const job = await eventually(
    () => readJob(w.h.db, jobId),
    (row) => row !== undefined && statuses.includes(row.status),
    `job ${jobId} ${statuses.join(' or ')}`,
    { timeoutMs: limitMs },
  )
  return job!
}

/** Waits until `check` holds for the job's stored items (e.g. some are in flight). */
export async function waitForItems(
  w: World,
  jobId: string,
  check: (items: JobItemRow[]) => boolean,
  limitMs = 30_000,
): Promise<JobItemRow[]> {
  return eventually(() => readItems(w.h.db, jobId), check, `the items of job ${jobId}`, {
    timeoutMs: limitMs,
    everyMs: 10,
  })
}

/**
 * Brings a job started with the ledger closes paused (`w.closing.pause()` before `startJob`) to
 * `count` succeeded items, and holds it there: once `count` of the holder's transactions are in the
 * open ledger, one ledger closes, and the runner stores them succeeded. Nothing more validates until
 * the closes resume, and a ledger takes at most what the runner has in flight (its maxInFlight): the
 * job is mid-run whatever the machine's speed, and stays so while the test acts on it.
 */
export async function succeededWhileHeld(
  w: World,
  jobId: string,
  count = 1,
  limitMs = 30_000,
): Promise<JobItemRow[]> {
  const ledger = w.h.sb.ledger
  const inOpenLedger = () => ledger.open.txs.filter((t) => t.tx.Account === holder).length
  await eventually(
    () => Promise.resolve(inOpenLedger()),
    (n) => n >= count,
    `${count} of job ${jobId}'s transactions in the open ledger`,
    { timeoutMs: limitMs, everyMs: 5 },
  )
  await w.h.sb.ledgerAccept()
  return waitForItems(
    w,
    jobId,
    (items) => items.filter((i) => i.status === 'succeeded').length >= count,
    limitMs,
  )
}

/**
 * Wraps the sandbox's handling of client submits (`before` sees each blob, `after` each answer) until
 * the returned function is called.
 */
function interceptSubmits(
  w: World,
  before: (blob: string) => void,
  after: (result: string) => void = () => {},
): () => void {
  const ledger = w.h.sb.ledger
  const original = ledger.submitFromClient.bind(ledger)
  ledger.submitFromClient = (blob, failHard) => {
    before(blob)
    const r = original(blob, failHard)
    after(r.engine_result)
    return r
  }
  return () => void Reflect.deleteProperty(ledger, 'submitFromClient')
}

/**
 * Records the engine_result of every client submit the sandbox answers (faults included), and the
 * blob of every client submit, in order, until `stop`: evidence that a fault really met the job.
 */
export function recordSubmits(w: World): { results: string[]; blobs: string[]; stop(): void } {
  const results: string[] = []
  const blobs: string[] = []
  const stop = interceptSubmits(
    w,
    (blob) => blobs.push(blob),
    (r) => results.push(r),
  )
  return { results, blobs, stop }
}

/**
 * Loses the first client submit whose transaction matches `which` (answered tesSUCCESS, never
 * applied: the sandbox's loseSubmits fault, aimed at one transaction). The returned function stops
 * watching and tells whether it happened.
 */
export function loseFirst(
  w: World,
  which: (tx: Record<string, unknown>) => boolean,
): () => boolean {
  let lost = false
  const stop = interceptSubmits(w, (blob) => {
    if (lost || !which(decode(blob))) return
    lost = true
    w.h.sb.faults.loseSubmits = 1
  })
  return () => {
    stop()
    return lost
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms))
}
