/**
 * The checks of a chaos run (see chaosRun.ts): the ledger's baseline before the job, then the
 * ledger read through an independent client once the holder's account has settled. They count
 * rather than throw: per intent, lost and doubled; for the run, stuck (not completed in time,
 * something left in flight, a sequence gap).
 */
import { Client } from 'xrpl'
import type { AccountTxTransaction } from 'xrpl'

import { FINAL_ITEM, countItems, readItems, readJob } from '../../src/db/jobs.ts'
import type { JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import type { SandboxLedger } from '../../src/sandbox/index.ts'
import type { AccountRoot } from '../../src/sandbox/ledger/entries.ts'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { accountTxs, offersOf } from '../helpers/jobs.ts'
import type { Offer } from '../helpers/jobs.ts'
import { ledgers } from './chaosWorld.ts'
import type { ChaosWorld } from './chaosWorld.ts'

/** The ledger before the job: the baseline of the checks. */
export interface Before {
  ledger: number
  sequence: number
  otherLedger: number
}

export function baseline(cw: ChaosWorld): Before {
  const ledger = cw.w.h.sb.ledger
  return {
    ledger: ledger.validated.header.ledger_index,
    sequence: validatedSequence(ledger, cw.holder.classicAddress),
    otherLedger: cw.other.ledger.validated.header.ledger_index,
  }
}

/** The holder's validated Sequence before the job (read in-process: nothing runs yet). */
function validatedSequence(ledger: SandboxLedger, account: string): number {
  const root = ledger.validated.state?.get(keylet.account(account)) as AccountRoot | undefined
  if (!root) throw new Error(`no account ${account}`)
  return root.Sequence
}

/** What the checks found. */
export interface Verdict {
  lost: number
  doubled: number
  stuck: boolean
  problems: string[]
}

/** One validated transaction of the holder, as the checks read it. */
interface TxView {
  hash: string
  type: string
  result: string
  sequence: number
  nftId?: string
  destination?: string
}

/**
 * Reads the ledger through an independent client once the account has settled, and counts: per
 * intent, lost and doubled; for the run, stuck (not completed, something left in flight, a gap).
 */
export async function checkRun(
  cw: ChaosWorld,
  jobId: string,
  before: Before,
  completedInTime: boolean,
): Promise<Verdict> {
  const client = cw.w.client
  await client.connect()
  const settled = await accountSettled(cw, client)
  const job = await readJob(cw.w.h.db, jobId)
  const items = await readItems(cw.w.h.db, jobId)
  const txs = (await accountTxs(client, cw.holder.classicAddress, before.ledger)).map(txView)
  const offers = await offersOf(client, cw.holder.classicAddress)
  const v: Verdict = { lost: 0, doubled: 0, stuck: false, problems: [] }
  countIntents(v, items, txs, offers)
  countStrays(v, items, txs, offers)
  await countOtherNetwork(v, cw, before)
  const stuck = [
    ...jobStuck(job, items, completedInTime),
    ...sequenceGap(txs, before.sequence, settled),
  ]
  v.stuck = stuck.length > 0
  v.problems.push(...stuck)
  return v
}

/** The account's validated and open-ledger Sequence once they agree and nothing is queued. */
interface Settled {
  validated: number
  current: number
  queued: number
}

/** Waits (up to 20 ledgers) until nothing of the account waits in the open ledger or the queue. */
async function accountSettled(cw: ChaosWorld, client: Client): Promise<Settled> {
  const account = cw.holder.classicAddress
  let last: Settled = { validated: 0, current: 0, queued: 0 }
  for (let k = 0; k < 20; k++) {
    await ledgers(cw, 1)
    const [validated, current] = await Promise.all([
      client.request({ command: 'account_info', account, ledger_index: 'validated' }),
      client.request({ command: 'account_info', account, ledger_index: 'current', queue: true }),
    ])
    last = {
      validated: validated.result.account_data.Sequence,
      current: current.result.account_data.Sequence,
      queued: current.result.queue_data?.txn_count ?? 0,
    }
    if (k >= 1 && last.validated === last.current && last.queued === 0) break
  }
  return last
}

function txView(t: AccountTxTransaction): TxView {
  const json = t.tx_json as unknown as Record<string, unknown>
  return {
    hash: t.hash!,
    type: json.TransactionType as string,
    result: (t.meta as { TransactionResult: string }).TransactionResult,
    sequence: json.Sequence as number,
    nftId: json.NFTokenID as string | undefined,
    destination: json.Destination as string | undefined,
  }
}

/** Each intent against the ledger: one validated transaction and one offer, as the item records. */
function countIntents(v: Verdict, items: JobItemRow[], txs: TxView[], offers: Offer[]) {
  for (const item of items) {
    if (item.intent.type !== 'offer') continue
    const { nftId, destination } = item.intent
    const label = `item ${item.index} ${item.status}`
    const mine = txs.filter(
      (t) => t.type === 'NFTokenCreateOffer' && t.nftId === nftId && t.destination === destination,
    )
    const applied = mine.filter((t) => t.result === 'tesSUCCESS')
    const made = offers.filter((o) => o.NFTokenID === nftId && o.Destination === destination)
    if (mine.length > 1 || made.length > 1) {
      v.doubled += 1
      v.problems.push(`${label}: ${mine.length} validated transactions, ${made.length} offers`)
    } else if (applied.length === 0 || made.length === 0) {
      // Not applied (whatever the item says): a pending, in-flight or failed item counts too.
      v.lost += 1
      v.problems.push(`${label}${item.result ? ` ${item.result}` : ''}: not on the ledger`)
    } else if (!recordedAs(item, applied[0]!.hash, made[0]!.index)) {
      // Applied once, but the job does not know it as such: the user would be told otherwise.
      if (FINAL_ITEM.has(item.status)) v.lost += 1
      v.problems.push(`${label}: the ledger's transaction is not the one recorded`)
    }
  }
}

/** The item succeeded with this transaction and offer, and no other attempt claims a ledger. */
function recordedAs(item: JobItemRow, hash: string, offerId: string): boolean {
  const onLedger = item.attempts.filter((a) => a.ledgerIndex !== undefined).map((a) => a.hash)
  return (
    item.status === 'succeeded' &&
    item.offerId === offerId &&
    onLedger.length === 1 &&
    onLedger[0] === hash
  )
}

/** Transactions and offers no intent explains (besides the no-ops that fill sequence gaps). */
function countStrays(v: Verdict, items: JobItemRow[], txs: TxView[], offers: Offer[]) {
  const intents = new Set(
    items.map((i) =>
      i.intent.type === 'offer' ? `${i.intent.nftId}:${i.intent.destination}` : '',
    ),
  )
  for (const t of txs) {
    if (t.type === 'AccountSet') continue
    if (t.type === 'NFTokenCreateOffer' && intents.has(`${t.nftId}:${t.destination}`)) continue
    v.doubled += 1
    v.problems.push(`a stray ${t.type} ${t.result} (sequence ${t.sequence})`)
  }
  for (const o of offers) {
    if (intents.has(`${o.NFTokenID}:${o.Destination}`)) continue
    v.doubled += 1
    v.problems.push(`a stray offer ${o.index}`)
  }
}

/** Nothing of the job may reach the other network (the job is bound to its own). */
async function countOtherNetwork(v: Verdict, cw: ChaosWorld, before: Before): Promise<void> {
  const client = new Client(cw.other.url)
  await client.connect()
  try {
    const txs = await accountTxs(client, cw.holder.classicAddress, before.otherLedger)
    if (txs.length === 0) return
    v.doubled += txs.length
    v.problems.push(`${txs.length} transactions on the other network`)
  } finally {
    await client.disconnect()
  }
}

/** Why the job is stuck: not completed in time, or something left in flight. */
function jobStuck(job: JobRow | undefined, items: JobItemRow[], inTime: boolean): string[] {
  if (!job) return ['the job is gone']
  const found: string[] = []
  if (!inTime || job.status !== 'completed') found.push(`job ${job.status}, not completed in time`)
  const open = items.filter((i) => !FINAL_ITEM.has(i.status)).length
  if (open) found.push(`${open} items not final`)
  const live = items.flatMap((i) => i.attempts).filter((a) => a.final === undefined).length
  if (live) found.push(`${live} attempts still in flight`)
  const counts = countItems(items)
  if (JSON.stringify(job.counts) !== JSON.stringify(counts))
    found.push(`job counts ${JSON.stringify(job.counts)} but items say ${JSON.stringify(counts)}`)
  return found
}

/**
 * No sequence gap: every number from the job's first to the account's final Sequence used by one
 * validated transaction, and nothing of the account left in the open ledger or the queue.
 */
function sequenceGap(txs: TxView[], from: number, s: Settled): string[] {
  const used = txs.map((t) => t.sequence).sort((a, b) => a - b)
  const expected = Array.from({ length: Math.max(0, s.validated - from) }, (_, k) => from + k)
  const found: string[] = []
  if (JSON.stringify(used) !== JSON.stringify(expected))
    found.push(`sequences ${from}..${s.validated - 1} not each used once (${used.length} used)`)
  if (s.current !== s.validated || s.queued > 0)
    found.push(`open-ledger Sequence ${s.current}, validated ${s.validated}, ${s.queued} queued`)
  return found
}
