/**
 * The rules that turn a holder snapshot into a distribution list (see DistributionRules): who is
 * left out, how many NFTs each holder gets, and how pro-rata shares are rounded. Pure, so that the
 * preview and the plan give the same list.
 */
import { MAX_DISTRIBUTION_BYTES } from '../../../shared/constants.ts'
import { EngineError } from '../../../shared/errors.ts'
import { isRecord } from '../../../shared/isRecord.ts'
import { counted } from '../../../shared/plural.ts'
import type { CsvProblem, DistributionRow } from '../../contract/airdrop.ts'
import type { DistributionRules, HolderMark, SnapshotHolder } from '../../contract/holders.ts'
import { MAX_NFTS_PER_RECIPIENT } from '../airdropKind.ts'
import { readBlockList } from './blockList.ts'

const MARKS: readonly HolderMark[] = ['issuer', 'connected', 'marketplace']
const MODES: ReadonlySet<unknown> = new Set(['perHolder', 'perNft', 'proRata'])
/** The most NFTs a pro-rata distribution shares out (a job's most items). */
const MAX_TOTAL = 100_000
/** The most addresses a block list holds. */
const MAX_BLOCKED = 100_000

const MARK_REASONS: Record<HolderMark, string> = {
  issuer: 'the issuer',
  connected: 'this wallet',
  marketplace: "a marketplace's broker",
}

function invalid(message: string): EngineError {
  return new EngineError('VALIDATION', message)
}

function whole(value: unknown, name: string, min: number, max: number, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw invalid(`${name} must be a whole number from ${min} to ${max.toLocaleString('en-US')}`)
  }
  return value
}

/** The rules, checked, with their defaults. */
export interface CheckedRules {
  mode: DistributionRules['mode']
  each: number
  total: number
  minHolding: number
  exclude: HolderMark[]
  blockList: string[]
  blockListText: string | undefined
  cap: number | null
  keepUnconfirmed: boolean
}

/** The rules, checked (they crossed the worker boundary, or come from a stored job), with their defaults. */
export function checkedRules(rules: unknown): CheckedRules {
  if (!isRecord(rules)) throw invalid('The distribution rules are malformed')
  const { mode } = rules
  if (!MODES.has(mode)) throw invalid(`Unknown distribution rule: ${String(mode)}`)
  const exclude = rules.exclude === undefined ? [...MARKS] : rules.exclude
  if (!Array.isArray(exclude) || exclude.some((m) => !MARKS.includes(m as HolderMark))) {
    throw invalid('The holders to leave out must be among: issuer, connected, marketplace')
  }
  const blockList = rules.blockList === undefined ? [] : rules.blockList
  if (!Array.isArray(blockList) || blockList.some((a) => typeof a !== 'string')) {
    throw invalid('The block list must be a list of addresses')
  }
  if (blockList.length > MAX_BLOCKED) {
    throw invalid(
      `The block list may hold at most ${MAX_BLOCKED.toLocaleString('en-US')} addresses`,
    )
  }
  const { blockListText, keepUnconfirmed } = rules
  if (blockListText !== undefined && typeof blockListText !== 'string') {
    throw invalid('The block list text must be text')
  }
  if (typeof blockListText === 'string' && blockListText.length > MAX_DISTRIBUTION_BYTES) {
    throw invalid(`The block list is larger than ${MAX_DISTRIBUTION_BYTES / 1024 / 1024} MB`)
  }
  if (keepUnconfirmed !== undefined && typeof keepUnconfirmed !== 'boolean') {
    throw invalid('keepUnconfirmed must be true or false')
  }
  return {
    mode: mode as DistributionRules['mode'],
    each: whole(rules.each, 'NFTs per holder', 1, MAX_NFTS_PER_RECIPIENT, 1),
    total: mode === 'proRata' ? whole(rules.total, 'NFTs to share', 1, MAX_TOTAL) : 0,
    minHolding: whole(rules.minHolding, 'The minimum holding', 1, Number.MAX_SAFE_INTEGER, 1),
    exclude: exclude as HolderMark[],
    blockList: blockList as string[],
    blockListText,
    cap:
      rules.cap === undefined
        ? null
        : whole(rules.cap, 'The cap per holder', 1, MAX_NFTS_PER_RECIPIENT),
    keepUnconfirmed: keepUnconfirmed === true,
  }
}

/**
 * The rules as applied, to keep with a job: defaults filled in, the block list its addresses (the
 * pasted text read), so that applying them again gives the same list without the text.
 */
function appliedRules(r: CheckedRules, blocked: ReadonlySet<string>): DistributionRules {
  return {
    mode: r.mode,
    ...(r.mode === 'perHolder' ? { each: r.each } : {}),
    ...(r.mode === 'proRata' ? { total: r.total } : {}),
    minHolding: r.minHolding,
    exclude: [...r.exclude],
    blockList: [...blocked],
    ...(r.cap === null ? {} : { cap: r.cap }),
    keepUnconfirmed: r.keepUnconfirmed,
  }
}

/**
 * The rules to keep with a job: checked, defaults filled in, a pasted block list read into addresses.
 *
 * @throws EngineError `VALIDATION` for rules out of range.
 */
export function keptRules(rules: unknown): DistributionRules {
  const r = checkedRules(rules)
  return appliedRules(r, readBlockList(r.blockList, r.blockListText).addresses)
}

/** What the rules give. */
export interface RulesOutcome {
  /** The rules as applied (see appliedRules). */
  rules: DistributionRules
  rows: DistributionRow[]
  problems: CsvProblem[]
  leftOut: { reason: string; holders: number }[]
  rounding: string | null
}

/**
 * Applies `rules` to the holders of a snapshot (in its order: most NFTs first).
 *
 * @throws EngineError `VALIDATION` for rules out of range.
 */
export function applyRules(holders: readonly SnapshotHolder[], rules: unknown): RulesOutcome {
  const r = checkedRules(rules)
  const { addresses: blocked, problems } = readBlockList(r.blockList, r.blockListText)
  const leftOut = new Map<string, number>()
  const leave = (reason: string) => leftOut.set(reason, (leftOut.get(reason) ?? 0) + 1)
  const eligible: { holder: SnapshotHolder; line: number }[] = []
  holders.forEach((holder, i) => {
    const mark = r.exclude.find((m) => holder.marks.includes(m))
    if (mark) return leave(MARK_REASONS[mark])
    if (blocked.has(holder.address)) return leave('on the block list')
    if (holder.count < r.minHolding) return leave(`holds fewer than ${r.minHolding}`)
    eligible.push({ holder, line: i + 1 })
  })
  const shares = sharesOf(
    eligible.map((e) => e.holder),
    r,
  )
  const rows: DistributionRow[] = []
  eligible.forEach(({ holder, line }, i) => {
    let count = shares[i] ?? 0
    if (count === 0) return leave('a share that rounds to 0')
    if (r.cap !== null && count > r.cap) count = r.cap
    if (count > MAX_NFTS_PER_RECIPIENT) {
      problems.push({
        line,
        severity: 'note',
        message: `${holder.address} would get ${count} NFTs; one recipient gets at most ${MAX_NFTS_PER_RECIPIENT}`,
      })
      count = MAX_NFTS_PER_RECIPIENT
    }
    rows.push({ line, address: holder.address, count })
  })
  return {
    rules: appliedRules(r, blocked),
    rows,
    problems,
    leftOut: [...leftOut].map(([reason, n]) => ({ reason, holders: n })),
    rounding:
      r.mode === 'proRata'
        ? `Each holder's share is ${counted(r.total, 'NFT')} × its holding ÷ the NFTs the holders kept hold, rounded down; the NFTs left over go one each to the largest remainders (ties: the larger holding, then the address)`
        : null,
  }
}

/** How many NFTs each eligible holder gets by the rules' mode, before the cap. */
function sharesOf(holders: readonly SnapshotHolder[], r: CheckedRules): number[] {
  if (r.mode === 'perHolder') return holders.map(() => r.each)
  if (r.mode === 'perNft') return holders.map((h) => h.count)
  // Largest remainder (Hamilton): exact in integers, whatever the sizes.
  const held = holders.reduce((sum, h) => sum + BigInt(h.count), 0n)
  if (held === 0n) return holders.map(() => 0)
  const total = BigInt(r.total)
  const exact = holders.map((h, i) => {
    const product = total * BigInt(h.count)
    return { i, floor: product / held, remainder: product % held, holder: h }
  })
  let left = total - exact.reduce((sum, e) => sum + e.floor, 0n)
  const byRemainder = [...exact].sort(
    (a, b) =>
      (b.remainder > a.remainder ? 1 : b.remainder < a.remainder ? -1 : 0) ||
      b.holder.count - a.holder.count ||
      (a.holder.address < b.holder.address ? -1 : 1),
  )
  for (const e of byRemainder) {
    if (left <= 0n) break
    e.floor += 1n
    left -= 1n
  }
  return exact.map((e) => Number(e.floor))
}
