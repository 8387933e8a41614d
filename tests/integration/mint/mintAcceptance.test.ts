/**
 * A mint's offers to its recipients (XLS-52) tracked as an airdrop's are: which were accepted and
 * which still wait, read from the ledger; the waiting ones re-offered to other recipients (their
 * NFTs, minted and never taken, offered anew) or reclaimed (cancelled, the NFTs kept).
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { Client } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import type { MintTerms } from '../../../src/worker/api.ts'
import { jobFinished } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { nftUrisOf, offersOf } from '../../helpers/jobs.ts'
import { eventually } from '../../helpers/poll.ts'
import { servedUris, startMintLedger } from '../../helpers/mintLedger.ts'
import type { MintLedger } from '../../helpers/mintLedger.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

const minter = Wallet.generate()
const [taker, idle, later] = Array.from({ length: 3 }, () => Wallet.generate())
const TERMS: MintTerms = {
  taxon: 11,
  transferFee: 0,
  burnable: false,
  onlyXrp: false,
  transferable: true,
  mutable: false,
}
const served = servedUris()

let world: MintLedger
let h: EngineHarness
let client: Client

beforeAll(async () => {
  world = await startMintLedger({
    gateway: true,
    fund: [minter, taker!, idle!, later!],
    signer: minter,
    engine: { acceptance: { firstCheckMs: 600_000, intervalMs: 600_000 } },
  })
  ;({ h, client } = world)
})

afterAll(() => world.stop())

async function runToEnd(plan: { jobId: string }) {
  await h.engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId, 60_000)
  expect(job.status).toBe('completed')
  return job
}

/** Mints two NFTs to each of `to` straight into their offers; returns the job's id. */
async function mintTo(to: Wallet[]): Promise<string> {
  const rows = to.flatMap((w) => [0, 1].map(() => ({ uri: served(), recipient: w.classicAddress })))
  const plan = await h.engine.planJob({ kind: 'mint', terms: TERMS, rows })
  await runToEnd(plan)
  return plan.jobId
}

/** Accepts every offer the minter made to `wallet`. */
async function acceptAll(wallet: Wallet): Promise<void> {
  for (const offer of await offersOf(client, minter.classicAddress)) {
    if (offer.Destination !== wallet.classicAddress) continue
    const r = submitInProcess(h.sb.ledger, wallet, {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenSellOffer: offer.index,
    })
    expect(r.engine_result).toBe('tesSUCCESS')
  }
  await h.sb.ledgerAccept()
}

it('tracks which mint offers were accepted, and re-offers the waiting ones to another recipient', async () => {
  const jobId = await mintTo([taker!, idle!])
  await acceptAll(taker!)
  const summary = await eventually(
    () => h.engine.checkAcceptance(jobId),
    (s) => s.accepted === 2,
    'the accepted offers counted',
  )
  expect(summary).toMatchObject({ accepted: 2, offered: 2, gone: 0 })
  const items = await readItems(h.db, jobId)
  expect(items.map((i) => [i.recipient, i.acceptance?.state])).toEqual([
    [taker!.classicAddress, 'accepted'],
    [taker!.classicAddress, 'accepted'],
    [idle!.classicAddress, 'offered'],
    [idle!.classicAddress, 'offered'],
  ])

  const reoffer = await h.engine.planReoffer(jobId, [{ address: later!.classicAddress, count: 2 }])
  expect(reoffer).toMatchObject({ kind: 'airdrop', canStart: true, problems: [] })
  await runToEnd(reoffer)
  // The idle recipient's offers are gone; the NFTs minted for them are offered to `later`.
  const waitingIds = items.slice(2).map((i) => i.mintedNftId!)
  const offers = await offersOf(client, minter.classicAddress)
  expect(offers.map((o) => [o.NFTokenID, o.Destination]).sort()).toEqual(
    waitingIds.map((id) => [id, later!.classicAddress]).sort(),
  )
  await acceptAll(later!)
  expect([...(await nftUrisOf(client, later!.classicAddress)).keys()].sort()).toEqual(
    [...waitingIds].sort(),
  )
})

it("reclaims a mint's waiting offers: cancelled on the ledger, the NFTs kept by the minter", async () => {
  const jobId = await mintTo([idle!])
  const plan = await h.engine.planReclaim(jobId)
  expect(plan).toMatchObject({ kind: 'cancel', transactions: 1 })
  await runToEnd(plan)
  const items = await readItems(h.db, jobId)
  const ids = new Set(items.map((i) => i.mintedNftId!))
  const left = (await offersOf(client, minter.classicAddress)).filter((o) => ids.has(o.NFTokenID))
  expect(left).toEqual([])
  const held = await nftUrisOf(client, minter.classicAddress)
  for (const id of ids) expect(held.has(id)).toBe(true)
  const summary = await eventually(
    () => h.engine.checkAcceptance(jobId),
    (s) => s.gone === 2,
    'the reclaimed offers shown gone',
  )
  expect(summary).toMatchObject({ accepted: 0, offered: 0, gone: 2 })
})
