/**
 * A skipped item's result says why, once the job ran: the plan problem's reason without its
 * future-tense consequence, for every way pre-flight words one.
 */
import { describe, expect, it } from 'vitest'

import { takenMessage } from '../../src/db/jobNfts.ts'
import { problemCause, problemReason } from '../../src/worker/jobs/plan/itemFacts.ts'

const NFT = '000800006F0D5A2B1A0CA08D71B7B2F3C54E7B2A2D1F2E58C4A1F3B200000001'

describe("a skipped item's reason", () => {
  it.each([
    [
      'rAlice does not accept incoming NFT offers: it will be skipped',
      'rAlice does not accept incoming NFT offers',
    ],
    [
      "The offer for NFT 00080000...00000001 expires before the ledger's current time: it would fail (tecEXPIRED). It will be skipped",
      "The offer for NFT 00080000...00000001 expires before the ledger's current time: it would fail (tecEXPIRED)",
    ],
    [
      "rBob requires a destination tag (often an exchange's deposit account): an NFT offer cannot carry one, so it would not be claimed and its reserve would stay locked. It will be skipped; ask the recipient for an address of their own wallet",
      "rBob requires a destination tag (often an exchange's deposit account): an NFT offer cannot carry one, so it would not be claimed and its reserve would stay locked; ask the recipient for an address of their own wallet",
    ],
    [
      "NFT 00080000...00000001 is already on sale (a sell offer from you): it will be skipped. Choose 'List again' to replace its offer",
      "NFT 00080000...00000001 is already on sale (a sell offer from you). Choose 'List again' to replace its offer",
    ],
    [
      'NFT 00080000...00000001 is still to be offered by another airdrop of this wallet (job 1a2b3c4d): burning it would break that job. It will be skipped',
      'NFT 00080000...00000001 is still to be offered by another airdrop of this wallet (job 1a2b3c4d): burning it would break that job',
    ],
    [
      'NFT 00080000...00000001 appears more than once in this job: only its first item will run',
      'NFT 00080000...00000001 appears more than once in this job',
    ],
  ])('%s', (planned, ran) => {
    expect(problemReason(planned)).toBe(ran)
  })

  it('of an NFT another job took after the plan', () => {
    const taken = { itemIndex: 0, nftId: NFT, byJob: 'f00dfeed-0000', byKind: 'airdrop' } as const
    expect(problemReason(takenMessage(taken, 'will be skipped'))).toBe(takenMessage(taken))
  })

  it('leaves a reason without a consequence as it is', () => {
    expect(problemReason('NFT 00080000...00000001 is not in this wallet')).toBe(
      'NFT 00080000...00000001 is not in this wallet',
    )
  })
})

describe("a problem's cause", () => {
  it('stops at the consequence: a blocking problem adds its own, not the hint of a skip', () => {
    expect(
      problemCause(
        "NFT 00080000...00000001 is already on sale (a sell offer from you): it will be skipped. Choose 'List again' to replace its offer",
      ),
    ).toBe('NFT 00080000...00000001 is already on sale (a sell offer from you)')
  })
})
