import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'

import type { Attempt, Intent, JobItemRow } from '../../src/db/types/jobItems.ts'
import type { JobRow } from '../../src/db/types/jobs.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import { INTENT_TYPES } from '../../src/worker/jobKinds.ts'
import { JOB_REPORT_COLUMNS, jobReportCsv } from '../../src/worker/jobs/report/reportCsv.ts'

const ACCOUNT = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'
const RECIPIENT = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'
const NFT_ID = '000B0539C35B55AA096BA6C87A6E6C965A6534150DC56E5E12C5D09E0000000C'
const HASH_A = 'A'.repeat(64)
const HASH_B = 'B'.repeat(64)
const HASH_C = 'C'.repeat(64)

const JOB: JobRow = {
  id: 'job-1',
  kind: 'airdrop',
  network: 'sandbox',
  account: ACCOUNT,
  createdAt: 0,
  updatedAt: 0,
  status: 'completed',
  params: {},
  counts: { total: 0, pending: 0, inFlight: 0, succeeded: 0, failed: 0, skipped: 0 },
}

function attempt(hash: string, fields: Partial<Attempt> = {}): Attempt {
  return {
    sequence: 1,
    firstLedger: 80,
    lastLedgerSequence: 100,
    feeDrops: '12',
    hash,
    txBlob: '00',
    signedAt: 0,
    ...fields,
  }
}

function item(index: number, intent: Intent, fields: Partial<JobItemRow> = {}): JobItemRow {
  return {
    id: `${JOB.id}:${String(index).padStart(6, '0')}`,
    jobId: JOB.id,
    index,
    intent,
    status: 'pending',
    attempts: [],
    ...fields,
  }
}

function offer(amountDrops: string, destination?: string): Intent {
  return destination === undefined
    ? { type: 'offer', nftId: NFT_ID, amountDrops }
    : { type: 'offer', nftId: NFT_ID, amountDrops, destination }
}

/** The report as a caller reading it back sees it: header and cells. */
function parse(csv: string): { header: string[]; rows: Record<string, string>[] } {
  const result = Papa.parse<Record<string, string>>(csv, { header: true, skipEmptyLines: true })
  expect(result.errors).toEqual([])
  return { header: result.meta.fields ?? [], rows: result.data }
}

describe('jobReportCsv', () => {
  it('writes the header and one row per item in plan order, with every cell', () => {
    const items = [
      item(2, { type: 'burn', nftId: NFT_ID }),
      item(0, offer('0'), {
        recipient: RECIPIENT,
        status: 'succeeded',
        attempts: [
          attempt(HASH_A, { final: 'dead', ledgerIndex: 101 }),
          attempt(HASH_B, { final: 'tesSUCCESS', ledgerIndex: 120 }),
          attempt(HASH_C, { final: 'dead' }),
        ],
        result: 'tesSUCCESS',
        message: 'The offer was created.',
        offerId: 'D'.repeat(64),
      }),
      item(
        3,
        { type: 'cancel', offerIds: [HASH_A, HASH_B, HASH_C] },
        {
          status: 'inFlight',
          attempts: [attempt(HASH_A, { final: 'dead', ledgerIndex: 90 }), attempt(HASH_B)],
        },
      ),
      item(1, offer('1500000', RECIPIENT), {
        status: 'failed',
        attempts: [attempt(HASH_C, { final: 'tecNO_DST', ledgerIndex: 130 })],
        result: 'tecNO_DST',
        message: "The recipient's account does not exist on this network.",
      }),
    ]
    const { header, rows } = parse(jobReportCsv(JOB, items, INTENT_TYPES))
    expect(header).toEqual([...JOB_REPORT_COLUMNS])
    expect(rows).toEqual([
      {
        index: '0',
        action: 'offer',
        nft_id: NFT_ID,
        recipient: RECIPIENT,
        amount_xrp: '0',
        status: 'succeeded',
        tx_hash: HASH_B,
        result: 'tesSUCCESS',
        message: 'The offer was created.',
        offer_id: 'D'.repeat(64),
        ledger_index: '120',
      },
      {
        index: '1',
        action: 'offer',
        nft_id: NFT_ID,
        recipient: RECIPIENT,
        amount_xrp: '1.5',
        status: 'failed',
        tx_hash: HASH_C,
        result: 'tecNO_DST',
        message: "The recipient's account does not exist on this network.",
        offer_id: '',
        ledger_index: '130',
      },
      {
        index: '2',
        action: 'burn',
        nft_id: NFT_ID,
        recipient: '',
        amount_xrp: '',
        status: 'pending',
        tx_hash: '',
        result: '',
        message: '',
        offer_id: '',
        ledger_index: '',
      },
      {
        index: '3',
        action: 'cancel',
        nft_id: `${HASH_A};${HASH_B};${HASH_C}`,
        recipient: '',
        amount_xrp: '',
        status: 'inFlight',
        tx_hash: HASH_B,
        result: '',
        message: '',
        offer_id: '',
        ledger_index: '',
      },
    ])
  })

  it.each<[string, string]>([
    ['0', '0'],
    ['1', '0.000001'],
    ['10', '0.00001'],
    ['999999', '0.999999'],
    ['1000000', '1'],
    ['1500000', '1.5'],
    ['1000001', '1.000001'],
    ['123456789012345678', '123456789012.345678'],
    ['100000000000000000', '100000000000'],
  ])('writes %s drops as %s XRP, exactly', (drops, xrp) => {
    const { rows } = parse(jobReportCsv(JOB, [item(0, offer(drops))], INTENT_TYPES))
    expect(rows[0]?.amount_xrp).toBe(xrp)
  })

  it('prefers the offer destination when no airdrop recipient is recorded', () => {
    const { rows } = parse(jobReportCsv(JOB, [item(0, offer('5', RECIPIENT))], INTENT_TYPES))
    expect(rows[0]?.recipient).toBe(RECIPIENT)
  })

  it('falls back to the plain-words message of the result', () => {
    const items = [
      item(0, offer('0', RECIPIENT), { status: 'failed', result: 'tecNO_PERMISSION' }),
      item(1, { type: 'burn', nftId: NFT_ID }, { status: 'skipped', result: 'cancelled' }),
    ]
    const { rows } = parse(jobReportCsv(JOB, items, INTENT_TYPES))
    expect(rows.map((row) => row.message)).toEqual([
      INTENT_TYPES.resultMessage('tecNO_PERMISSION', 'offer'),
      INTENT_TYPES.resultMessage('cancelled', 'burn'),
    ])
  })

  it.each<[string, string]>([
    ['commas', 'Failed, then retried, then failed'],
    ['quotes', 'The "recipient" said \'no\''],
    ['a line break', 'First line\nsecond line'],
    ['a CRLF line break', 'First line\r\nsecond line'],
    ['everything', '"a", b\n"c"'],
    ['leading and trailing spaces', '  padded  '],
    ['non-ASCII text', 'Empfänger ✓ 受取人'],
  ])('keeps a message with %s intact', (_name, message) => {
    const { rows } = parse(jobReportCsv(JOB, [item(0, offer('0'), { message })], INTENT_TYPES))
    expect(rows[0]?.message).toBe(message)
  })

  it.each<[string, string]>([
    ['=HYPERLINK("http://evil.example","click")', `'=HYPERLINK("http://evil.example","click")`],
    ['+1+2', "'+1+2"],
    ['-2+3', "'-2+3"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', "'\r=1+1"],
    ['=1+1\nsecond line', "'=1+1\nsecond line"],
    ['plain text', 'plain text'],
    [' =not first', ' =not first'],
  ])('neutralises a formula in %j', (text, shown) => {
    const items = [item(0, offer('0'), { recipient: text, message: text })]
    const { rows } = parse(jobReportCsv(JOB, items, INTENT_TYPES))
    expect(rows[0]?.recipient).toBe(shown)
    expect(rows[0]?.message).toBe(shown)
  })

  it('writes only the header for a job without items', () => {
    expect(jobReportCsv(JOB, [], INTENT_TYPES)).toBe(`${JOB_REPORT_COLUMNS.join(',')}\r\n`)
  })

  it('refuses items of another job', () => {
    const stranger = { ...item(0, offer('0')), jobId: 'job-2', id: 'job-2:000000' }
    let caught: unknown
    try {
      jobReportCsv(JOB, [stranger], INTENT_TYPES)
    } catch (error) {
      caught = error
    }
    expect(isEngineError(caught) && caught.code).toBe('INTERNAL')
    expect(isEngineError(caught) && caught.message).toBe(
      'Item job-2:000000 does not belong to job job-1.',
    )
  })
})
