import { describe, expect, it } from 'vitest'

import { checkText } from '../../src/app/airdrop/acceptanceText.ts'

describe("the acceptance tracker's line", () => {
  const at = (ms: number) => `T${ms}`
  const counts = { offered: 0, accepted: 0, gone: 0 }

  it('says there is nothing to track when the airdrop made no offer, not that it was never checked', () => {
    expect(checkText({ ...counts, checkedAt: null, nextCheckAt: null }, 0, at)).toBe(
      'No offer to track',
    )
  })

  it('names the next check before the first, and after each', () => {
    const waiting = { ...counts, offered: 3 }
    expect(checkText({ ...waiting, checkedAt: null, nextCheckAt: 5_000 }, 1_000, at)).toBe(
      'Not checked on the ledger yet · Next check in 4 s',
    )
    expect(checkText({ ...waiting, checkedAt: 900, nextCheckAt: 900 }, 1_000, at)).toBe(
      'Last checked T900 · Next check: now',
    )
  })

  it('says every offer is settled once none waits', () => {
    expect(
      checkText({ ...counts, accepted: 2, checkedAt: 7_000, nextCheckAt: null }, 8_000, at),
    ).toBe('Last checked T7000 · every offer settled')
  })
})
