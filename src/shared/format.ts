/**
 * Display formatting shared by the UI and the engine. Amounts are computed on integer drops with
 * BigInt so that no float rounding shows up on screen (and so this module needs no dependency).
 */
import { ADDRESS_HEAD_CHARS, ADDRESS_TAIL_CHARS, DROPS_PER_XRP } from './constants.ts'

const DROPS = BigInt(DROPS_PER_XRP)
const XRP_DECIMALS = 6

/**
 * An address shortened to its first 6 and last 4 characters, e.g. `rHb9CJ...Zd8U`.
 *
 * @param address - a classic address (or any identifier); short values come back unchanged.
 */
export function shortAddress(address: string): string {
  if (address.length <= ADDRESS_HEAD_CHARS + ADDRESS_TAIL_CHARS + 3) return address
  return `${address.slice(0, ADDRESS_HEAD_CHARS)}...${address.slice(-ADDRESS_TAIL_CHARS)}`
}

/** An NFTokenID or offer id as messages show it: enough of both ends to tell them apart. */
export function shortId(id: string): string {
  return `${id.slice(0, 8)}...${id.slice(-8)}`
}

/** Integer drops from a string, number or bigint; null for anything else. */
function toDrops(drops: string | number | bigint): bigint | null {
  if (typeof drops === 'bigint') return drops
  const text =
    typeof drops === 'number' ? (Number.isSafeInteger(drops) ? String(drops) : '') : drops
  return /^-?\d+$/.test(text.trim()) ? BigInt(text.trim()) : null
}

/** Integer division rounding half away from zero. */
function roundDiv(value: bigint, divisor: bigint): bigint {
  const negative = value < 0n
  const magnitude = negative ? -value : value
  const rounded = (magnitude + divisor / 2n) / divisor
  return negative ? -rounded : rounded
}

/** Renders `units / 10^decimals` with exactly `decimals` digits after the point. */
function fixedPoint(units: bigint, decimals: number): string {
  const negative = units < 0n
  const digits = (negative ? -units : units).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = decimals > 0 ? `.${digits.slice(digits.length - decimals)}` : ''
  return `${negative ? '-' : ''}${whole}${fraction}`
}

function trimZeros(text: string): string {
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text
}

/**
 * An amount of drops as XRP: up to 6 decimals, trailing zeros trimmed (`'200000'` → `'0.2'`).
 * A fractional drops value (below 1e-6 XRP) is shown in drops; unparseable input is returned as is.
 *
 * @param drops - integer drops as string, number or bigint.
 */
export function formatDrops(drops: string | number | bigint): string {
  const value = toDrops(drops)
  if (value === null) {
    const text = String(drops).trim()
    return /^0?\.\d+$/.test(text) ? `${text} drops` : text
  }
  return trimZeros(fixedPoint(value, XRP_DECIMALS))
}

/**
 * An XRP figure given as a number (as server_info reports reserves) shown like {@link formatDrops}.
 *
 * @param xrp - XRP as a JSON number, e.g. `0.2`.
 */
export function formatXrp(xrp: number): string {
  if (!Number.isFinite(xrp)) return String(xrp)
  return formatDrops(BigInt(Math.round(xrp * DROPS_PER_XRP)))
}

/** Decimals by magnitude (spec part 2 §9): ≥ 1000 → 1, ≥ 10 → 2, ≥ 1 → 3, below 1 → 4. */
function precisionFor(magnitudeDrops: bigint): number {
  if (magnitudeDrops >= 1000n * DROPS) return 1
  if (magnitudeDrops >= 10n * DROPS) return 2
  if (magnitudeDrops >= DROPS) return 3
  return 4
}

/**
 * An amount of drops as XRP with the precision the spec gives for its size: 1234.5, 12.35, 1.235, 0.1235.
 *
 * @param drops - integer drops as string, number or bigint; unparseable input is returned as is.
 */
export function formatXrpPrecise(drops: string | number | bigint): string {
  const value = toDrops(drops)
  if (value === null) return String(drops)
  const decimals = precisionFor(value < 0n ? -value : value)
  const units = roundDiv(value, 10n ** BigInt(XRP_DECIMALS - decimals))
  return fixedPoint(units, decimals)
}

const THOUSAND_XRP = 1_000n * DROPS
const MILLION_XRP = 1_000n * THOUSAND_XRP

/**
 * An amount of drops in compact XRP: K for thousands, M for millions, one decimal at most
 * (`1500 XRP` → `'1.5K'`); below a thousand XRP it is {@link formatXrpPrecise}.
 *
 * @param drops - integer drops as string, number or bigint; unparseable input is returned as is.
 */
export function formatXrpCompact(drops: string | number | bigint): string {
  const value = toDrops(drops)
  if (value === null) return String(drops)
  const sign = value < 0n ? '-' : ''
  const magnitude = value < 0n ? -value : value
  if (magnitude < THOUSAND_XRP) return formatXrpPrecise(value)
  const thousandTenths = roundDiv(magnitude * 10n, THOUSAND_XRP)
  // 999,960 XRP rounds to 1000.0K: show it as 1M instead.
  if (thousandTenths < 10_000n) return `${sign}${trimZeros(fixedPoint(thousandTenths, 1))}K`
  return `${sign}${trimZeros(fixedPoint(roundDiv(magnitude * 10n, MILLION_XRP), 1))}M`
}
