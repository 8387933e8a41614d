/**
 * The per-item report of a job as CSV, for the user to download and open in a spreadsheet. Built from
 * the job's rows in IndexedDB (docs/architecture.md §1: exports come from stored rows), with papaparse.
 */
import Papa from 'papaparse'

import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import { EngineError } from '../../../shared/errors.ts'
import { formatDrops } from '../../../shared/format.ts'
import type { ResultWords } from '../../ledger/resultMessages.ts'
import { intentEffects } from '../../../shared/intents.ts'
import type { IntentEffects } from '../../../shared/intents.ts'
import { isRecord } from '../../../shared/isRecord.ts'

/** The report's columns, in order. */
export const JOB_REPORT_COLUMNS = [
  'index',
  'action',
  'nft_id',
  'recipient',
  'amount_xrp',
  'status',
  'tx_hash',
  'result',
  'message',
  'offer_id',
  'ledger_index',
] as const

type ReportRow = Record<(typeof JOB_REPORT_COLUMNS)[number], string>

/**
 * Cells a spreadsheet could read as a formula (or that start with a control character it may skip
 * before one). papaparse's own default pattern needs the whole cell on one line, so a multi-line
 * `=…` cell would slip through it: this one looks at the first character only.
 */
const FORMULA_START = /^[=+\-@\t\r]/

/** The attempt the report shows: the one that succeeded, else the latest. */
function shownAttempt(attempts: Attempt[]): Attempt | undefined {
  return attempts.find((attempt) => attempt.final === 'tesSUCCESS') ?? attempts.at(-1)
}

/**
 * The NFT column: the NFT an item offers, burns, sells, changes or minted (once it is), or the
 * offer ids it cancels.
 */
function nftColumn(item: JobItemRow, effects: IntentEffects): string {
  return (
    effects.cancels?.join(';') ?? effects.nft?.id ?? effects.modifies?.id ?? item.mintedNftId ?? ''
  )
}

/** The offer an item makes: its own, or the one a mint makes with its NFT. */
function offerOf(effects: IntentEffects) {
  return effects.offer ?? effects.mint?.offer
}

function amountColumn(effects: IntentEffects): string {
  const offer = offerOf(effects)
  return offer ? formatDrops(offer.amountDrops) : ''
}

function recipientColumn(item: JobItemRow, effects: IntentEffects): string {
  return item.recipient ?? offerOf(effects)?.destination ?? ''
}

function messageColumn(item: JobItemRow, words: ResultWords): string {
  if (item.message !== undefined) return item.message
  return item.result === undefined ? '' : words.resultMessage(item.result, item.intent.type)
}

function reportRow(item: JobItemRow, words: ResultWords): ReportRow {
  const attempt = shownAttempt(item.attempts)
  const effects = intentEffects(item.intent)
  return {
    index: String(item.index),
    action: item.intent.type,
    nft_id: nftColumn(item, effects),
    recipient: recipientColumn(item, effects),
    amount_xrp: amountColumn(effects),
    status: item.status,
    tx_hash: attempt?.hash ?? '',
    result: item.result ?? '',
    message: messageColumn(item, words),
    offer_id: item.offerId ?? '',
    ledger_index: attempt?.ledgerIndex === undefined ? '' : String(attempt.ledgerIndex),
  }
}

/**
 * A job's report as CSV: a header row, then one row per item in plan order.
 *
 * Columns: `index` (the item's plan index), `action` (`offer`, `burn` or `cancel`), `nft_id` (for a
 * cancellation, its offer ids joined with `;`), `recipient` (the airdrop recipient or the offer's
 * destination), `amount_xrp` (the offer's price in XRP, exact: `'1.5'`, `'0'`, `'0.000001'`),
 * `status`, `tx_hash` (the successful attempt's hash, else the latest attempt's), `result` (the final
 * result code), `message` (plain words), `offer_id` (the offer created), `ledger_index` (the
 * validated ledger of the shown attempt's result).
 *
 * Recipients and messages may come from a user's CSV, so every cell that a spreadsheet could take for
 * a formula (starting with `=`, `+`, `-`, `@`, tab or carriage return) gets a leading apostrophe.
 *
 * @param job - the job the items belong to.
 * @param items - its items, in any order.
 * @param words - words a result the item has no message for (the registry of intent types).
 * @returns the CSV text (CRLF line ends, RFC 4180 quoting by papaparse).
 * @throws EngineError `INTERNAL` when an item belongs to another job.
 */
export function jobReportCsv(job: JobRow, items: JobItemRow[], words: ResultWords): string {
  const stranger = items.find((item) => item.jobId !== job.id)
  if (stranger) {
    throw new EngineError('INTERNAL', `Item ${stranger.id} does not belong to job ${job.id}.`)
  }
  const sorted = [...items].sort((a, b) => a.index - b.index)
  const rows = sorted.map((item) => reportRow(item, words))
  const fields: string[] = [...JOB_REPORT_COLUMNS]
  const data: Record<string, string>[] = rows
  // A re-offer links each NFT's new recipient to the one it was offered to before.
  if (sorted.some((item) => item.previousRecipient !== undefined)) {
    fields.push('previous_recipient')
    sorted.forEach((item, i) => (data[i]!.previous_recipient = item.previousRecipient ?? ''))
  }
  // An airdrop to a holder snapshot names, on every row, the snapshot it went to.
  const snapshot = snapshotOf(job)
  if (snapshot) {
    fields.push(...SNAPSHOT_COLUMNS)
    for (const row of data) Object.assign(row, snapshot)
  }
  return Papa.unparse({ fields, data }, { header: true, escapeFormulae: FORMULA_START })
}

/** The columns of an airdrop to a holder snapshot, after the others. */
export const SNAPSHOT_COLUMNS = ['snapshot_issuer', 'snapshot_taxon', 'snapshot_ledger_index']

/** The snapshot an airdrop's recipients came from, as report cells; null for any other job. */
function snapshotOf(job: JobRow): Record<string, string> | null {
  const snapshot = job.params.snapshot
  if (!isRecord(snapshot)) return null
  const cell = (value: unknown) =>
    typeof value === 'string' || typeof value === 'number' ? String(value) : ''
  return {
    snapshot_issuer: cell(snapshot.issuer),
    snapshot_taxon: cell(snapshot.taxon),
    snapshot_ledger_index: cell(snapshot.ledgerIndex),
  }
}
