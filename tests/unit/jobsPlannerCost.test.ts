/**
 * The cost of a planned job (pre-flight's money check): fees, the reserve it locks or frees, what is
 * spendable, and which shortfall blocks it. Integer drops; messages in XRP.
 */
import { describe, expect, it } from 'vitest'

import { costOf } from '../../src/worker/jobs/plan/preflightCost.ts'
import type { CostInput } from '../../src/worker/jobs/plan/preflightCost.ts'

const reserves = { baseDrops: 1_000_000n, incDrops: 200_000n }

function input(patch: Partial<CostInput>): CostInput {
  return {
    account: { balanceDrops: 10_000_000n, ownerCount: 0 },
    reserves,
    feeDrops: 12n,
    transactions: 0,
    newOffers: 0,
    freedObjects: 0,
    ...patch,
  }
}

describe('costOf', () => {
  it('fees = transactions × fee; reserve = offers × owner reserve; spendable = balance − reserve', () => {
    const cost = costOf(
      input({
        account: { balanceDrops: 50_000_000n, ownerCount: 3 },
        transactions: 5,
        newOffers: 5,
      }),
    )
    expect(cost).toEqual({
      feesDrops: 60n,
      reserveChangeDrops: 1_000_000n,
      spendableDrops: 50_000_000n - 1_600_000n,
      problem: null,
    })
  })

  it('uses the reserve figures it is given (not 1 and 0.2)', () => {
    const cost = costOf(
      input({
        reserves: { baseDrops: 10_000_000n, incDrops: 2_000_000n },
        account: { balanceDrops: 20_000_000n, ownerCount: 1 },
        transactions: 2,
        newOffers: 2,
      }),
    )
    expect(cost.reserveChangeDrops).toBe(4_000_000n)
    expect(cost.spendableDrops).toBe(8_000_000n)
    expect(cost.problem).toBeNull()
  })

  it('exactly enough passes; one drop short is INSUFFICIENT_RESERVE with the figures in XRP', () => {
    const enough = input({
      account: { balanceDrops: 1_000_000n + 10n * 200_000n + 120n, ownerCount: 0 },
      transactions: 10,
      newOffers: 10,
    })
    expect(costOf(enough).problem).toBeNull()
    const short = { ...enough, account: { ...enough.account, balanceDrops: 3_000_119n } }
    expect(costOf(short).problem).toEqual({
      code: 'INSUFFICIENT_RESERVE',
      blocking: true,
      message:
        "Not enough XRP: this job needs 2.00012 XRP (2 XRP owner reserve for 10 new offers + 0.00012 XRP in fees) but only 2.000119 XRP is available above the account's reserve",
    })
  })

  it('fees alone beyond the spendable XRP: INSUFFICIENT_FEES (not reserve)', () => {
    const cost = costOf(
      input({
        account: { balanceDrops: 1_500_000n, ownerCount: 0 },
        feeDrops: 600_000n,
        transactions: 1,
        newOffers: 1,
      }),
    )
    expect(cost.problem).toEqual({
      code: 'INSUFFICIENT_FEES',
      blocking: true,
      message:
        'Not enough XRP for the fees: 1 transaction cost 0.6 XRP but only 0.5 XRP is available above the reserve',
    })
  })

  it('a balance below the reserve: nothing is spendable (never negative)', () => {
    const cost = costOf(
      input({ account: { balanceDrops: 900_000n, ownerCount: 2 }, transactions: 1, newOffers: 1 }),
    )
    expect(cost.spendableDrops).toBe(0n)
    expect(cost.problem?.code).toBe('INSUFFICIENT_FEES')
  })

  it('cancellations free reserve and need only the fees within the balance', () => {
    const atReserve = { balanceDrops: 1_000_000n + 6n * 200_000n + 5n, ownerCount: 6 }
    const cost = costOf(
      input({ account: atReserve, feeDrops: 12n, transactions: 1, freedObjects: 6 }),
    )
    expect(cost).toEqual({
      feesDrops: 12n,
      reserveChangeDrops: -1_200_000n,
      spendableDrops: 5n,
      problem: null,
    })
    const broke = costOf(
      input({ account: { balanceDrops: 10n, ownerCount: 0 }, transactions: 1, freedObjects: 1 }),
    )
    expect(broke.problem).toEqual({
      code: 'INSUFFICIENT_FEES',
      blocking: true,
      message:
        'Not enough XRP for the fees: 1 transaction cost 0.000012 XRP but only 0.00001 XRP is in the balance',
    })
  })

  it('nothing to submit costs nothing and never blocks', () => {
    const cost = costOf(input({ account: { balanceDrops: 0n, ownerCount: 0 } }))
    expect(cost).toEqual({
      feesDrops: 0n,
      reserveChangeDrops: 0n,
      spendableDrops: 0n,
      problem: null,
    })
  })
})
