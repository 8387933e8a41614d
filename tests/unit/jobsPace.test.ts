import { describe, expect, it } from 'vitest'

import {
  MAX_SUBMIT_WINDOW,
  MIN_SUBMIT_WINDOW,
  Pace,
  feeFacts,
} from '../../src/worker/jobs/run/pace.ts'

const fee = (expected: string, minimum: string) => ({
  expected_ledger_size: expected,
  drops: { minimum_fee: minimum, base_fee: '10', open_ledger_fee: '10' },
})

/** A pace that measured `rttMs` round trips and ledgers every `intervalMs`, with `expected` a ledger. */
function measured(rttMs: number, intervalMs: number, expected: number): Pace {
  const pace = new Pace(12n)
  pace.noteFee(feeFacts(fee(String(expected), '10')))
  for (let i = 0; i < 50; i++) pace.noteRoundTrip(rttMs)
  for (let i = 0; i <= 50; i++) pace.noteLedgerClose(i * intervalMs)
  return pace
}

describe('Pace', () => {
  it('keeps more submits awaiting answers as the round trip grows', () => {
    // A local server: the fewest.
    expect(measured(2, 1000, 200).submitWindow).toBe(MIN_SUBMIT_WINDOW)
    // 100 ms and 3.5 s ledgers: 200 submits within a quarter ledger needs about 23 at once.
    expect(measured(100, 3500, 200).submitWindow).toBe(23)
    // Bigger ledgers ask for more; a very slow link hits the ceiling.
    expect(measured(100, 3500, 1000).submitWindow).toBe(115)
    expect(measured(2000, 1000, 1000).submitWindow).toBe(MAX_SUBMIT_WINDOW)
  })

  it('keeps about two ledgers in flight, from the size the server reports', () => {
    expect(measured(10, 1000, 200).maxInFlight).toBe(410)
    expect(measured(10, 1000, 50).maxInFlight).toBe(110)
  })

  it('takes no long gap (a pause, a lost connection) for the ledger interval', () => {
    const pace = measured(10, 1000, 200)
    pace.noteLedgerClose(50_000 + 60_000)
    pace.noteLedgerClose(50_000 + 61_000)
    expect(pace.intervalMs).toBeCloseTo(1000, 0)
  })

  it('signs at the base fee the server asks, never above the confirmed ceiling', () => {
    const pace = new Pace(12n)
    // Before the server was asked: the ceiling.
    expect(pace.feeDrops).toBe(12n)
    pace.noteFee(feeFacts(fee('200', '10')))
    expect(pace.feeDrops).toBe(10n)
    pace.noteFee(feeFacts(fee('200', '12')))
    expect(pace.feeDrops).toBe(12n)
    pace.noteFee(feeFacts(fee('200', '20')))
    expect(pace.feeDrops).toBeNull()
  })

  it('ignores a malformed fee answer and keeps what it knew', () => {
    const pace = measured(10, 1000, 300)
    for (const bad of [
      null,
      {},
      fee('0', '10'),
      fee('200', '-1'),
      fee('x', '10'),
      fee('200', '1e3'),
    ]) {
      expect(feeFacts(bad)).toBeUndefined()
      pace.noteFee(feeFacts(bad))
    }
    expect(pace.maxInFlight).toBe(610)
  })
})
