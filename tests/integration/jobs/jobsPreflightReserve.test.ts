/**
 * Pre-flight's money check against the sandbox: a poor account (2.5 XRP, 10 NFTs in one page) that
 * cannot lock the reserve of 10 new offers, fees it cannot pay, and the way back: cancelling offers
 * and burning need only the fees, which the ledger takes from the reserve when it must.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { Client } from 'xrpl'

import type { JobKind } from '../../../src/db/types/jobs.ts'
import { jobKindSpec, planIntents, validateJobRequest } from '../../../src/worker/jobKinds.ts'
import { runPreflight } from '../../../src/worker/jobs/plan/preflight.ts'
import type { PreflightResult } from '../../../src/worker/jobs/plan/preflight.ts'
import { readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { fundInProcess, mintInProcess, submitInProcess } from '../../helpers/sandbox.ts'

const FEE = 12n

let h: EngineHarness
let client: Client
const poor = Wallet.generate()
let nftIds: string[]

async function preflight(request: unknown, feeDrops = FEE): Promise<PreflightResult> {
  const checked = validateJobRequest(request)
  const deps = { client, account: poor.classicAddress, network: 'sandbox' as const, feeDrops }
  return runPreflight(deps, jobKindSpec(checked.kind satisfies JobKind), planIntents(checked))
}

function listing(count: number) {
  return {
    kind: 'list',
    offers: nftIds.slice(0, count).map((nftId) => ({ nftId, amountDrops: '1000000' })),
  }
}

/** The poor account's balance and current reserve, drops, from the validated ledger. */
async function figures(): Promise<{ balance: bigint; reserve: bigint }> {
  const info = await client.request({
    command: 'account_info',
    account: poor.classicAddress,
    ledger_index: 'validated',
  })
  const { Balance, OwnerCount } = info.result.account_data
  return { balance: BigInt(Balance), reserve: 1_000_000n + BigInt(OwnerCount) * 200_000n }
}

beforeAll(async () => {
  h = await startEngineHarness()
  client = h.engine['connection'].requireClient()
  fundInProcess(h.sb.ledger, 2.5, poor)
  mintInProcess(h.sb.ledger, poor, 10)
  await h.sb.ledgerAccept()
  nftIds = (await readAccountNfts(client, poor.classicAddress, () => undefined)).nfts.map(
    (n) => n.nftId,
  )
})

afterAll(async () => {
  await h.stop()
})

describe('runPreflight: reserve and fees', () => {
  it('the poor account: 2.5 XRP less 10 mint fees, reserve 1 XRP + one NFT page', async () => {
    expect(nftIds).toHaveLength(10)
    expect(await figures()).toEqual({ balance: 2_500_000n - 10n * FEE, reserve: 1_200_000n })
  })

  it('10 new offers need 2 XRP of reserve: INSUFFICIENT_RESERVE, blocking, with the figures', async () => {
    const result = await preflight(listing(10))

    expect(result).toEqual({
      // The plan as given: a listing has no spares to put in place of skipped NFTs.
      planned: planIntents(validateJobRequest(listing(10))),
      sparesUsed: 0,
      problems: [
        {
          code: 'INSUFFICIENT_RESERVE',
          blocking: true,
          message:
            "Not enough XRP: this job needs 2.00012 XRP (2 XRP owner reserve for 10 new offers + 0.00012 XRP in fees) but only 1.29988 XRP is available above the account's reserve",
        },
      ],
      transactions: 10,
      feesDrops: '120',
      reserveChangeDrops: '2000000',
      spendableDrops: '1299880',
      canStart: false,
    })
  })

  it('6 offers fit (1.200072 XRP of 1.29988); 7 do not', async () => {
    expect(await preflight(listing(6))).toMatchObject({ problems: [], canStart: true })
    const seven = await preflight(listing(7))
    expect(seven.problems.map((p) => p.code)).toEqual(['INSUFFICIENT_RESERVE'])
    expect(seven.canStart).toBe(false)
  })

  it('fees alone beyond what is spendable: INSUFFICIENT_FEES, blocking', async () => {
    const result = await preflight(listing(10), 200_000n)

    expect(result.problems).toEqual([
      {
        code: 'INSUFFICIENT_FEES',
        blocking: true,
        message:
          'Not enough XRP for the fees: 10 transactions cost 2 XRP but only 1.29988 XRP is available above the reserve',
      },
    ])
    expect(result.canStart).toBe(false)
  })
})

describe('runPreflight: at the reserve, cancelling and burning still work', () => {
  let offerIds: string[]

  beforeAll(async () => {
    for (const nftId of nftIds.slice(0, 6)) {
      const created = submitInProcess(h.sb.ledger, poor, {
        TransactionType: 'NFTokenCreateOffer',
        NFTokenID: nftId,
        Amount: '1000000',
        Flags: 1,
      })
      expect(created.engine_result).toBe('tesSUCCESS')
    }
    await h.sb.ledgerAccept()
    const objects = await client.request({
      command: 'account_objects',
      account: poor.classicAddress,
      type: 'nft_offer',
      ledger_index: 'validated',
    })
    offerIds = objects.result.account_objects.map((o) => o.index)
  })

  it('6 offers hold 1.2 XRP: under 0.1 XRP is spendable now', async () => {
    const { balance, reserve } = await figures()
    expect(offerIds).toHaveLength(6)
    expect(reserve).toBe(2_400_000n)
    expect(balance - reserve).toBe(1_299_880n - 6n * 200_000n - 6n * FEE)
  })

  it('one more offer: INSUFFICIENT_RESERVE', async () => {
    const result = await preflight({
      kind: 'list',
      offers: [{ nftId: nftIds[9], amountDrops: '1' }],
    })
    expect(result.problems.map((p) => p.code)).toEqual(['INSUFFICIENT_RESERVE'])
  })

  it('cancelling them frees 1.2 XRP, even when the fee is more than the spendable XRP', async () => {
    const result = await preflight({ kind: 'cancel', offerIds }, 150_000n)

    expect(result).toMatchObject({
      problems: [],
      transactions: 1,
      feesDrops: '150000',
      reserveChangeDrops: '-1200000',
      spendableDrops: String(1_299_880n - 6n * 200_000n - 6n * FEE),
      canStart: true,
    })
  })

  it('fees beyond the whole balance: INSUFFICIENT_FEES even for a cancellation', async () => {
    const result = await preflight({ kind: 'cancel', offerIds }, 3_000_000n)

    expect(result.problems).toEqual([
      {
        code: 'INSUFFICIENT_FEES',
        blocking: true,
        message: expect.stringMatching(
          /^Not enough XRP for the fees: 1 transaction cost 3 XRP but only 2\.\d+ XRP is in the balance$/,
        ) as string,
      },
    ])
    expect(result.canStart).toBe(false)
  })

  it('burning locks nothing: fees above the spendable XRP but within the balance pass', async () => {
    const result = await preflight({ kind: 'burn', nftIds: nftIds.slice(6, 9) }, 100_000n)
    expect(result).toMatchObject({ problems: [], reserveChangeDrops: '0', canStart: true })
  })
})
