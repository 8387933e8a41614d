/**
 * Pre-flight against the sandbox's demo ledger: what a planned airdrop, listing, burn or cancellation
 * of the demo holder would meet — recipients that do not exist or refuse offers, NFTs it does not own,
 * cannot transfer or lists twice, offers that vanished — and what it costs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Client } from 'xrpl'

import type { NftItem } from '../../../src/db/types/nfts.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { jobKindSpec, planIntents, validateJobRequest } from '../../../src/worker/jobKinds.ts'
import { runPreflight } from '../../../src/worker/jobs/plan/preflight.ts'
import type { PreflightResult } from '../../../src/worker/jobs/plan/preflight.ts'
import { readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'
import { LSF_TRANSFERABLE } from '../../../src/worker/ledger/nftEntry.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import { offersOf } from '../../helpers/jobs.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const artist = accounts.artist.classicAddress
const recipients = accounts.recipients.map((w) => w.classicAddress)
const FEE = 12n

let h: EngineHarness
let client: Client
let holderNfts: NftItem[]
/** NFTs the holder has sell offers for on the demo ledger. */
let offeredNfts: Set<string>
/** Owner reserve per object, drops, as the sandbox's server_info reports it. */
let reserveInc: bigint
/** An NFT the artist still owns. */
let artistNft: string

/** Plans a request (validated as the UI would send it) and runs pre-flight for the holder. */
async function preflight(request: unknown, feeDrops = FEE): Promise<PreflightResult> {
  const checked = validateJobRequest(request)
  const deps = { client, account: holder, network: 'sandbox' as const, feeDrops }
  return runPreflight(deps, jobKindSpec(checked.kind), planIntents(checked))
}

function airdrop(addresses: string[], nftIds: string[]) {
  return {
    kind: 'airdrop',
    distribution: addresses.map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: false,
  }
}

/** The holder's transferable NFTs it issued itself and has not offered yet. */
function ownNfts(count: number): string[] {
  return holderNfts
    .filter((n) => n.issuer === holder && n.transferable && !offeredNfts.has(n.nftId))
    .slice(0, count)
    .map((n) => n.nftId)
}

async function ownOfferIds(account: string): Promise<string[]> {
  const response = await client.request({
    command: 'account_objects',
    account,
    type: 'nft_offer',
    ledger_index: 'validated',
    limit: 400,
  })
  return response.result.account_objects.map((o) => o.index)
}

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
  client = h.engine['connection'].requireClient()
  holderNfts = (await readAccountNfts(client, holder, () => undefined)).nfts
  // Airdrops flag NFTs the holder already offers (the demo ledger has some).
  offeredNfts = new Set((await offersOf(client, holder)).map((o) => o.NFTokenID))
  const info = await client.request({ command: 'server_info' })
  reserveInc = BigInt(Math.round((info.result.info.validated_ledger?.reserve_inc_xrp ?? 0) * 1e6))
  submitInProcess(h.sb.ledger, accounts.artist, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 99,
    Flags: 8,
  })
  await h.sb.ledgerAccept()
  const minted = await readAccountNfts(client, artist, () => undefined)
  artistNft = minted.nfts[0]!.nftId
})

afterAll(async () => {
  await h.stop()
})

describe('runPreflight: airdrop', () => {
  it('a clean airdrop to 5 funded recipients: no problems, 5 offers of reserve, 5 fees', async () => {
    const result = await preflight(airdrop(recipients.slice(0, 5), ownNfts(5)))

    expect(reserveInc).toBe(200_000n)
    expect(result).toMatchObject({
      problems: [],
      transactions: 5,
      feesDrops: String(5n * FEE),
      reserveChangeDrops: String(5n * reserveInc),
      canStart: true,
    })
  })

  it('reports what the holder can spend: balance minus its current reserve', async () => {
    const info = await client.request({
      command: 'account_info',
      account: holder,
      ledger_index: 'validated',
    })
    const server = await client.request({ command: 'server_info' })
    const base = BigInt(Math.round(server.result.info.validated_ledger!.reserve_base_xrp * 1e6))
    const { Balance, OwnerCount } = info.result.account_data
    const expected = BigInt(Balance) - base - BigInt(OwnerCount) * reserveInc

    const result = await preflight(airdrop(recipients.slice(0, 1), ownNfts(1)))

    expect(result.spendableDrops).toBe(expected.toString())
    expect(expected > 0n).toBe(true)
  })

  it('an unfunded recipient: NO_DESTINATION for its item only, which is left out of the cost', async () => {
    const unfunded = accounts.unfunded[0]!.classicAddress
    const result = await preflight(airdrop([recipients[0]!, unfunded, recipients[1]!], ownNfts(3)))

    expect(result.problems).toEqual([
      {
        code: 'NO_DESTINATION',
        itemIndex: 1,
        blocking: false,
        message: `${unfunded} does not exist on Sandbox (the offer would fail with tecNO_DST): it will be skipped`,
      },
    ])
    expect(result).toMatchObject({
      transactions: 2,
      feesDrops: String(2n * FEE),
      reserveChangeDrops: String(2n * reserveInc),
      canStart: true,
    })
  })

  it('the recipient that refuses incoming offers: REFUSES_OFFERS', async () => {
    const refusing = recipients[49]!
    const result = await preflight(airdrop([refusing], ownNfts(1)))

    expect(result.problems).toEqual([
      {
        code: 'REFUSES_OFFERS',
        itemIndex: 0,
        blocking: false,
        message: `${refusing} does not accept incoming NFT offers: it will be skipped`,
      },
    ])
    expect(result).toMatchObject({ transactions: 0, reserveChangeDrops: '0', canStart: true })
  })

  it('an NFT of another account: NOT_OWNED, naming the NFT', async () => {
    const result = await preflight(airdrop(recipients.slice(0, 2), [ownNfts(1)[0]!, artistNft]))

    expect(result.problems).toEqual([
      {
        code: 'NOT_OWNED',
        itemIndex: 1,
        blocking: false,
        message: `NFT ${artistNft.slice(0, 8)}...${artistNft.slice(-8)} is not in this wallet: it will be skipped`,
      },
    ])
    expect(result.transactions).toBe(1)
  })

  it("the artist's non-transferable NFT offered by the holder: NOT_TRANSFERABLE", async () => {
    const relic = holderNfts.find((n) => n.issuer === artist && !n.transferable)!
    expect(relic.flags & LSF_TRANSFERABLE).toBe(0)

    const result = await preflight(airdrop(recipients.slice(0, 2), [relic.nftId, ownNfts(1)[0]!]))

    expect(result.problems).toEqual([
      {
        code: 'NOT_TRANSFERABLE',
        itemIndex: 0,
        blocking: false,
        message: expect.stringMatching(
          /is not transferable: only its issuer r\w+\.\.\.\w+ can offer it/,
        ) as string,
      },
    ])
    expect(result.reserveChangeDrops).toBe(String(reserveInc))
  })

  it('the same NFT twice: DUPLICATE on the later item', async () => {
    const [first, second] = ownNfts(2) as [string, string]
    const result = await preflight(
      airdrop(recipients.slice(0, 4), [first, second, first, first.toLowerCase()]),
    )

    expect(result.problems.map((p) => [p.code, p.itemIndex, p.blocking])).toEqual([
      ['DUPLICATE', 2, false],
      ['DUPLICATE', 3, false],
    ])
    expect(result.problems[0]?.message).toMatch(/appears more than once in this job/)
    expect(result.transactions).toBe(2)
  })

  it('several problems at once, in plan order', async () => {
    const unfunded = accounts.unfunded[1]!.classicAddress
    const [nft] = ownNfts(1) as [string]
    const result = await preflight(
      airdrop([recipients[49]!, unfunded, recipients[2]!], [nft, artistNft, nft]),
    )

    expect(result.problems.map((p) => [p.code, p.itemIndex])).toEqual([
      ['REFUSES_OFFERS', 0],
      ['NOT_OWNED', 1],
      ['NO_DESTINATION', 1],
      ['DUPLICATE', 2],
    ])
    expect(result).toMatchObject({ transactions: 0, feesDrops: '0', canStart: true })
  })

  it('an offer to the holder itself is refused before anything is read', async () => {
    const error = await engineError(preflight(airdrop([holder], ownNfts(1))))
    expect(error).toEqual({
      code: 'VALIDATION',
      message: `${holder} is the connected wallet itself: it cannot be sent its own NFTs. Remove it from the distribution list`,
    })
  })
})

describe('runPreflight: list and burn', () => {
  it('list: paid offers without a destination lock reserve; not-owned ones are skipped', async () => {
    const [a, b] = ownNfts(2) as [string, string]
    const result = await preflight({
      kind: 'list',
      offers: [
        { nftId: a, amountDrops: '5000000' },
        { nftId: artistNft, amountDrops: '1' },
        { nftId: b, amountDrops: '0', destination: recipients[3] },
      ],
    })

    expect(result.problems.map((p) => [p.code, p.itemIndex])).toEqual([['NOT_OWNED', 1]])
    expect(result).toMatchObject({
      transactions: 2,
      reserveChangeDrops: String(2n * reserveInc),
      canStart: true,
    })
  })

  it('burn: own NFTs (transferable or not) cost fees only; others are NOT_OWNED', async () => {
    const relic = holderNfts.find((n) => n.issuer === artist && !n.transferable)!
    const result = await preflight({
      kind: 'burn',
      nftIds: [...ownNfts(2), relic.nftId, artistNft],
    })

    expect(result.problems.map((p) => [p.code, p.itemIndex])).toEqual([['NOT_OWNED', 3]])
    expect(result).toMatchObject({
      transactions: 3,
      feesDrops: String(3n * FEE),
      reserveChangeDrops: '0',
      canStart: true,
    })
  })
})

describe('runPreflight: cancel', () => {
  it("the holder's existing offers: one transaction, the reserve they hold comes back", async () => {
    const offerIds = await ownOfferIds(holder)
    expect(offerIds.length).toBeGreaterThan(20)

    const result = await preflight({ kind: 'cancel', offerIds })

    expect(result).toMatchObject({
      problems: [],
      transactions: 1,
      feesDrops: String(FEE),
      reserveChangeDrops: String(-BigInt(offerIds.length) * reserveInc),
      canStart: true,
    })
  })

  it('a made-up id: OFFER_NOT_FOUND, informative (no item, not blocking), nothing freed', async () => {
    const [own] = await ownOfferIds(holder)
    const madeUp = 'AB'.repeat(32)

    const result = await preflight({ kind: 'cancel', offerIds: [own, madeUp] })

    expect(result.problems).toEqual([
      {
        code: 'OFFER_NOT_FOUND',
        blocking: false,
        message: `Offer ABABABAB...ABABABAB no longer exists (accepted, cancelled or expired): nothing to cancel`,
      },
    ])
    expect(result).toMatchObject({
      transactions: 1,
      reserveChangeDrops: String(-reserveInc),
      canStart: true,
    })
  })

  it('501 ids make two transactions', async () => {
    const madeUp = Array.from({ length: 501 }, (_, i) => `C${i.toString(16).padStart(63, '0')}`)

    const result = await preflight({ kind: 'cancel', offerIds: madeUp })

    expect(result.transactions).toBe(2)
    expect(result.feesDrops).toBe(String(2n * FEE))
    expect(result.problems).toHaveLength(501)
    expect(result.reserveChangeDrops).toBe('0')
  })
})

describe('runPreflight: the account itself', () => {
  it('an account that does not exist: NOT_FOUND', async () => {
    const unfunded = accounts.unfunded[2]!.classicAddress
    const checked = validateJobRequest({ kind: 'burn', nftIds: ownNfts(1) })
    const deps = { client, account: unfunded, network: 'sandbox' as const, feeDrops: FEE }

    const error = await engineError(runPreflight(deps, jobKindSpec('burn'), planIntents(checked)))

    expect(error).toEqual({
      code: 'NOT_FOUND',
      message: `Account ${unfunded} is not activated on this network`,
    })
  })

  it('intents that do not fit the kind are a bug: INTERNAL', async () => {
    const deps = { client, account: holder, network: 'sandbox' as const, feeDrops: FEE }
    const planned = [{ intent: { type: 'burn' as const, nftId: ownNfts(1)[0]! } }]

    expect(await engineError(runPreflight(deps, jobKindSpec('cancel'), planned))).toMatchObject({
      code: 'INTERNAL',
    })
  })
})
