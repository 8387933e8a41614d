/**
 * 'Re-offer unclaimed' to a holder snapshot keeps the airdrop's rules and ledger: the rules are
 * stored with the airdrop and applied again to the snapshot its job names. A holder on the block
 * list (uploaded as a quoted CSV) is never offered a re-offered NFT, one under the minimum holding
 * neither; a snapshot replaced by a newer one is not used silently: the re-offer asks for it to be
 * retaken, and the re-offer to the retaken one names its ledger in the job and the report. The
 * network has two servers, so every recipient is confirmed by the one that did not list it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, Wallet } from 'xrpl'

import { holderSnapshotId } from '../../../src/db/holderSnapshots.ts'
import type { DistributionRules } from '../../../src/worker/api.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { engineError, jobFinished, ledgerNftIds, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { COLLECTION_TAXON, give, holdersOf } from '../../helpers/holderLedger.ts'
import { closeLedgers, fundInProcess, submitInProcess } from '../../helpers/sandbox.ts'

const issuer = Wallet.generate()
/** H0 … H5 hold 7, 6, 5, 4, 3 and 2 NFTs of the collection. */
const holders = Array.from({ length: 6 }, () => Wallet.generate())
const [h0, h1, h2, h3, h4, h5] = holders.map((w) => w.address) as [
  string,
  string,
  string,
  string,
  string,
  string,
]

let h: EngineHarness
let engine: Engine
/** The issuer's NFTs not yet handed out by a test. */
let unused: string[] = []

/** The distribution `rules` give from the stored snapshot, airdropped with NFTs for its first `n` rows. */
async function airdrop(rules: DistributionRules, n: number) {
  const distribution = await engine.snapshotDistribution(issuer.address, COLLECTION_TAXON, rules)
  const nftIds = unused.splice(0, n)
  const plan = await engine.planJob({
    kind: 'airdrop',
    distribution: distribution.rows.map(({ address, count }) => ({ address, count })),
    nftIds,
    randomize: false,
    snapshot: distribution.snapshot,
    rules: distribution.rules,
  })
  await engine.startJob(plan.jobId)
  expect((await jobFinished(h.db, plan.jobId)).status).toBe('completed')
  const items = await engine.jobItems(plan.jobId, { limit: 100 })
  return { distribution, jobId: plan.jobId, items }
}

/** The recipients of a planned re-offer's new offers, in order. */
async function offeredTo(jobId: string): Promise<(string | undefined)[]> {
  const items = await engine.jobItems(jobId, { limit: 100 })
  return items.filter((item) => item.intent.type === 'offer').map((item) => item.recipient)
}

let stopClosing: () => void

beforeAll(async () => {
  h = await startEngineHarness()
  unused = holdersOf(h.sb.ledger, issuer, holders, [7, 6, 5, 4, 3, 2], 40)
  // Two servers of one ledger: the sandbox (also the Clio) and another endpoint that confirms.
  const second = await h.sb.addEndpoint()
  const sandbox = { ...h.networks.sandbox, endpoints: [h.sb.url, second.url] }
  engine = h.reopen({ networks: { ...h.networks, sandbox } })
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: issuer.seed! })
  await engine.snapshotHolders({ issuer: issuer.address, taxon: COLLECTION_TAXON })
  stopClosing = closeLedgers(h.sb, 50)
})

afterAll(async () => {
  stopClosing()
  await h.stop()
})

describe('a re-offer to the snapshot', () => {
  it('never offers to a holder on the block list, uploaded as a quoted CSV', async () => {
    const rules: DistributionRules = {
      mode: 'perHolder',
      blockListText: `"address","why"\r\n"${h0}","bot"\r\n`,
    }
    const first = await airdrop(rules, 3)
    expect(first.distribution.rules.blockList).toEqual([h0])
    expect(first.distribution.problems).toEqual([])
    expect(first.items.map((item) => item.recipient)).toEqual([h1, h2, h3])
    // H1 claims; H2 and H3 do not.
    const claimed = submitInProcess(h.sb.ledger, holders[1]!, {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenSellOffer: first.items[0]!.offerId,
    })
    expect(claimed.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()

    const reoffer = await engine.planReoffer(first.jobId, 'snapshot')
    expect(await offeredTo(reoffer.jobId)).toEqual([h4, h5])
    await engine.startJob(reoffer.jobId)
    expect((await jobFinished(h.db, reoffer.jobId)).status).toBe('completed')

    // On the ledger: H2's and H3's offers are gone, their NFTs offered to H4 and H5; none to H0.
    const client = new Client(h.sb.url)
    await client.connect()
    try {
      const pages = await client.requestAll({
        command: 'account_objects',
        account: issuer.address,
        type: 'nft_offer',
        ledger_index: 'validated',
      })
      const offers = pages.flatMap((p) => p.result.account_objects) as unknown as {
        index: string
        NFTokenID: string
        Destination?: string
      }[]
      const nftOf = (i: number) => (first.items[i]!.intent as { nftId: string }).nftId
      expect(offers.map((o) => [o.NFTokenID, o.Destination]).sort()).toEqual(
        [
          [nftOf(1), h4],
          [nftOf(2), h5],
        ].sort(),
      )
    } finally {
      await client.disconnect()
    }
    const report = (await engine.exportJobCsv(reoffer.jobId)).split('\r\n')
    const offerRows = report.slice(1).filter((line) => line.includes(',offer,'))
    expect(offerRows).toHaveLength(2)
    expect(offerRows[0]).toContain(`,${h4},`)
    expect(offerRows[0]).toContain(`,${h2}`)

    // A re-offer of the re-offer: every holder the rules give was offered one; H0 still is not.
    expect(await engineError(engine.planReoffer(reoffer.jobId, 'snapshot'))).toMatchObject({
      code: 'VALIDATION',
      message: expect.stringMatching(/^No holder of the snapshot at ledger \d+ is left/) as string,
    })
  })

  it('never offers to a holder under the minimum holding', async () => {
    const first = await airdrop({ mode: 'perHolder', minHolding: 4 }, 3)
    expect(first.items.map((item) => item.recipient)).toEqual([h0, h1, h2])
    const reoffer = await engine.planReoffer(first.jobId, 'snapshot')
    // Three offers wait, but only H3 of the others holds 4.
    expect(await offeredTo(reoffer.jobId)).toEqual([h3])
    await engine.cancelJob(reoffer.jobId)
  })

  it('replaced by a newer snapshot, asks for a retake; re-offered to the retaken one, names its ledger', async () => {
    const first = await airdrop({ mode: 'perHolder', minHolding: 2 }, 2)
    const firstLedger = first.distribution.snapshot.ledgerIndex
    expect(first.items.map((item) => item.recipient)).toEqual([h0, h1])

    // H2 hands its 5 NFTs to a newcomer; a newer snapshot is taken.
    const newcomer = Wallet.generate()
    fundInProcess(h.sb.ledger, 100, newcomer)
    const ledger = h.sb.ledger.validated.header.ledger_index
    for (const id of await ledgerNftIds(h.sb, h2, ledger))
      give(h.sb.ledger, holders[2]!, newcomer, id)
    await h.sb.ledgerAccept()
    const newer = await engine.snapshotHolders({
      issuer: issuer.address,
      taxon: COLLECTION_TAXON,
      fresh: true,
    })
    expect(await engineError(engine.planReoffer(first.jobId, 'snapshot'))).toEqual({
      code: 'VALIDATION',
      message: `The holder snapshot this airdrop was drawn from (ledger ${firstLedger}) was replaced on this device by a newer one (ledger ${newer.ledgerIndex}): take the snapshot again to re-offer to the holders as they are now`,
    })
    await h.db.holderSnapshots.delete(holderSnapshotId('sandbox', issuer.address, COLLECTION_TAXON))
    expect(await engineError(engine.planReoffer(first.jobId, 'snapshot'))).toEqual({
      code: 'VALIDATION',
      message: `The holder snapshot this airdrop was drawn from (ledger ${firstLedger}) is no longer on this device: take the snapshot again to re-offer to the holders as they are now`,
    })

    const retaken = await engine.snapshotHolders({
      issuer: issuer.address,
      taxon: COLLECTION_TAXON,
      fresh: true,
    })
    const at = retaken.ledgerIndex!
    expect(at).toBeGreaterThan(firstLedger)
    const reoffer = await engine.planReoffer(first.jobId, { snapshotLedger: at })
    // The airdrop's rules at the retaken ledger: the newcomer holds 5, H2 none.
    expect(await offeredTo(reoffer.jobId)).toEqual([newcomer.address, h3])
    expect((await engine.getJob(reoffer.jobId))?.params.snapshot).toMatchObject({ ledgerIndex: at })
    const report = (await engine.exportJobCsv(reoffer.jobId)).split('\r\n')
    const ends = `,${issuer.address},${COLLECTION_TAXON},${at}`
    expect(
      report
        .slice(1)
        .filter((line) => line !== '')
        .every((line) => line.endsWith(ends)),
    ).toBe(true)
  })
})

describe('a re-offer to a list', () => {
  it('leaves out whoever the airdrop offered an NFT to already: the list goes on where it left off', async () => {
    const list = holders.map((w) => ({ address: w.address, count: 1 }))
    const nftIds = unused.splice(0, 2)
    const plan = await engine.planJob({
      kind: 'airdrop',
      distribution: list,
      nftIds,
      randomize: false,
    })
    await engine.startJob(plan.jobId)
    expect((await jobFinished(h.db, plan.jobId)).status).toBe('completed')
    // H0 and H1 were offered one each; the same list again re-offers to H2 and H3.
    const reoffer = await engine.planReoffer(plan.jobId, list)
    expect(await offeredTo(reoffer.jobId)).toEqual([h2, h3])
    await engine.cancelJob(reoffer.jobId)
    expect(await engineError(engine.planReoffer(plan.jobId, list.slice(0, 2)))).toEqual({
      code: 'VALIDATION',
      message:
        'Every recipient of this list was offered an NFT by this airdrop already: load a list of other recipients to re-offer to',
    })
  })
})
