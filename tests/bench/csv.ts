/**
 * Distribution CSV throughput: the worker's parser (papaparse, then every address checked with its
 * checksum, duplicates and the holder refused) on generated lists of 1,000 and 10,000 rows (the
 * limit, MAX_DISTRIBUTION_ROWS, until jobs of 100,000 work), and a 10,000-row list where one row in ten is broken (bad checksum, empty amount,
 * duplicate). Against it, the spec's floor: a plain split on commas with no checks, on the same text,
 * to show what the checks cost. Then the airdrop plan of 10,000 recipients, shuffled.
 *
 * Addresses are real classic addresses (random account ids through xrpl.js's codec) from a seeded
 * PRNG, so every run reads the same files.
 */
import { encodeAccountID } from 'xrpl'

import { mulberry32 } from '../../src/sandbox/demo/catalogRandom.ts'
import { MAX_DISTRIBUTION_ROWS } from '../../src/shared/constants.ts'
import { parseDistributionCsv } from '../../src/worker/airdrop/distributionCsv.ts'
import { planIntents } from '../../src/worker/jobKinds.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

const HOLDER = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const RUNS = size(3, 1)

function addresses(count: number, seed: number): string[] {
  const random = mulberry32(seed)
  return Array.from({ length: count }, () => {
    const id = Uint8Array.from({ length: 20 }, () => Math.floor(random() * 256))
    return encodeAccountID(id)
  })
}

/** A CSV with quoted header names, CRLF and amounts 1–3; `broken` rows in ten go bad. */
function csvText(list: string[], broken = 0): string {
  const lines = ['"wallet_address","nft_amount"']
  list.forEach((address, i) => {
    const bad = i % 10 < broken
    if (!bad) lines.push(`${address},${(i % 3) + 1}`)
    else if (i % 3 === 0) lines.push(`${address.slice(0, -1)}x,1`)
    else if (i % 3 === 1) lines.push(`${address},`)
    else lines.push(`${list[0] ?? address},1`)
  })
  return lines.join('\r\n') + '\r\n'
}

/** The spec's floor: split on newlines and commas, find the column, no checks. */
function plainSplit(text: string): number {
  const [head = '', ...rows] = text.split(/\r?\n/).filter((line) => line.trim() !== '')
  const at = head.toLowerCase().split(',').indexOf('"wallet_address"')
  return rows.filter((row) => (row.split(',')[at] ?? '').trim() !== '').length
}

/** Median wall time of `RUNS` runs, ms. */
async function median(work: () => unknown): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now()
    await work()
    times.push(performance.now() - start)
  }
  times.sort((a, b) => a - b)
  return Math.round((times[Math.floor(RUNS / 2)] ?? 0) * 10) / 10
}

async function parseFigures(rows: number, list: string[]): Promise<Figures> {
  const text = csvText(list.slice(0, rows))
  const blob = new Blob([text])
  let kept = 0
  const parseMs = await median(async () => {
    kept = (await parseDistributionCsv(blob, 'list.csv', HOLDER)).rows.length
  })
  if (kept !== rows) throw new Error(`parsed ${kept} of ${rows} rows`)
  const splitMs = await median(() => plainSplit(text))
  const key = rows >= 1000 ? `${rows / 1000}k` : String(rows)
  return {
    [`rows${key}_file_kb`]: Math.round(blob.size / 1024),
    [`rows${key}_parse_ms`]: parseMs,
    [`rows${key}_plain_split_ms`]: splitMs,
    [`rows${key}_rows_per_s`]: Math.round(rows / (parseMs / 1000)),
  }
}

async function brokenFigures(list: string[]): Promise<Figures> {
  const text = csvText(list.slice(0, 10_000), 1)
  let problems = 0
  const ms = await median(async () => {
    problems = (await parseDistributionCsv(text, 'list.csv', HOLDER)).problems.length
  })
  return { rows10k_tenth_broken_parse_ms: ms, rows10k_tenth_broken_problems: problems }
}

function planFigures(list: string[]): Promise<Figures> {
  const distribution = list.slice(0, 10_000).map((address) => ({ address, count: 1 }))
  const nftIds = list.slice(0, 10_000).map((_, i) => i.toString(16).toUpperCase().padStart(64, '0'))
  return median(() => planIntents({ kind: 'airdrop', distribution, nftIds, randomize: true })).then(
    (ms) => ({ plan10k_shuffled_ms: ms }),
  )
}

export const csvSuite: Suite = {
  name: 'csv',
  async run() {
    const list = addresses(MAX_DISTRIBUTION_ROWS, 0x63737631)
    let figures: Figures = {}
    for (const rows of [1000, MAX_DISTRIBUTION_ROWS]) {
      figures = { ...figures, ...(await parseFigures(rows, list)) }
    }
    return { ...figures, ...(await brokenFigures(list)), ...(await planFigures(list)) }
  },
}
