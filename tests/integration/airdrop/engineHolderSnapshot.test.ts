/**
 * HoldersApi against the sandbox's Clio nfts_by_issuer: a collection of 250 NFTs (5 burned, 12 of
 * another taxon) held by 30 accounts; the snapshot's holders and counts against an independent reading
 * (account_nfts of every holder at the snapshot's ledger); a snapshot cut off after its second page and
 * resumed by another engine on the same database (as after a reload) at the same ledger, though NFTs
 * moved meanwhile; the rules' distribution planned as an airdrop that keeps the snapshot.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet, parseNFTokenID } from 'xrpl'

import { holderSnapshotId, readHolderSnapshot } from '../../../src/db/holderSnapshots.ts'
import { GENESIS_SEED } from '../../../src/sandbox/ledger/genesis.ts'
import { MARKETPLACES } from '../../../src/shared/marketplaces.ts'
import type { HolderSnapshotProgress } from '../../../src/worker/api.ts'
import { engineError, ledgerNftIds, startEngineHarness } from '../../helpers/engine.ts'
import { give } from '../../helpers/holderLedger.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json } from '../../helpers/rewritingProxy.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { fundInProcess, mintInProcess, submitInProcess } from '../../helpers/sandbox.ts'

const issuer = Wallet.generate()
const holders = Array.from({ length: 30 }, () => Wallet.generate())
const TAXON = 1

let h: EngineHarness

/** The collection's NFTs each account holds at `ledgerIndex`, read with account_nfts. */
async function independentCounts(ledgerIndex: number): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const account of [issuer, ...holders]) {
    const ids = await ledgerNftIds(h.sb, account.address, ledgerIndex)
    const mine = ids.filter((id) => {
      const nft = parseNFTokenID(id)
      return nft.Issuer === issuer.address && nft.Taxon === TAXON
    })
    if (mine.length > 0) counts.set(account.address, mine.length)
  }
  return counts
}

beforeAll(async () => {
  h = await startEngineHarness()
  const ledger = h.sb.ledger
  fundInProcess(ledger, 1000, issuer)
  fundInProcess(ledger, 100, ...holders)
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    mintInProcess(ledger, issuer, 250)
    for (let i = 0; i < 12; i++) {
      submitInProcess(ledger, issuer, { TransactionType: 'NFTokenMint', NFTokenTaxon: 2, Flags: 8 })
    }
    ledger.accept()
    const ids = ledger.nfts.byIssuer(issuer.address, TAXON).map((r) => r.nft_id)
    // Holder j gets j + 1 NFTs (465 would be needed for all 30: the first 20 get theirs), the rest
    // stay with the issuer, 5 of them burned.
    let next = 0
    for (let j = 0; j < holders.length && next + j + 1 <= 225; j++) {
      for (let n = 0; n <= j; n++) give(ledger, issuer, holders[j]!, ids[next++]!)
    }
    for (const id of ids.slice(-5)) {
      const burn = submitInProcess(ledger, issuer, {
        TransactionType: 'NFTokenBurn',
        NFTokenID: id,
      })
      expect(burn.engine_result).toBe('tesSUCCESS')
    }
    ledger.accept()
  } finally {
    ledger.expectedLedgerSize = expected
  }
})

afterAll(async () => {
  await h.stop()
})

describe('a snapshot', () => {
  it("gives every holder and count as the holders' own NFT lists have them, at one ledger", async () => {
    const progress: HolderSnapshotProgress[] = []
    const snapshot = await h.engine.snapshotHolders({ issuer: issuer.address, taxon: TAXON }, (p) =>
      progress.push(p),
    )
    expect(snapshot.complete).toBe(true)
    expect(snapshot.ledgerIndex).toBe(h.sb.ledger.validated.header.ledger_index)
    expect(snapshot.nfts).toBe(245)
    expect(snapshot.burned).toBe(5)
    const expected = await independentCounts(snapshot.ledgerIndex!)
    expect(new Map(snapshot.holders.map((x) => [x.address, x.count]))).toEqual(expected)
    expect(snapshot.holders.reduce((sum, x) => sum + x.count, 0)).toBe(245)
    // Most NFTs first; the issuer marked as such.
    const counts = snapshot.holders.map((x) => x.count)
    expect(counts).toEqual([...counts].sort((a, b) => b - a))
    expect(snapshot.holders.find((x) => x.address === issuer.address)?.marks).toEqual(['issuer'])
    // 250 NFTs of the taxon, 100 a page.
    expect(progress.at(-1)).toMatchObject({ read: 250, pages: 3, resumed: false })

    // Every taxon: the 12 of taxon 2 are the issuer's too.
    const all = await h.engine.snapshotHolders({ issuer: issuer.address })
    expect(all.nfts).toBe(257)
    expect(all.holders.find((x) => x.address === issuer.address)?.count).toBe(
      (expected.get(issuer.address) ?? 0) + 12,
    )

    const csv = await h.engine.holderSnapshotCsv(issuer.address, TAXON)
    const lines = csv.split('\r\n')
    expect(lines[0]).toBe('holder,nft_count,marks')
    expect(lines).toHaveLength(snapshot.holders.length + 1)
    expect(lines).toContain(`${issuer.address},${expected.get(issuer.address)},issuer`)
  })

  it('cut off after its second page, is resumed by a reopened engine at the same ledger, though NFTs moved since', async () => {
    h.sb.faults.dropOn = { command: 'nfts_by_issuer', after: 2 }
    await expect(
      h.engine.snapshotHolders({ issuer: issuer.address, taxon: TAXON, fresh: true }),
    ).rejects.toThrow()
    const stored = await readHolderSnapshot(
      h.db,
      holderSnapshotId('sandbox', issuer.address, TAXON),
    )
    expect(stored).toMatchObject({ complete: false, pages: 2 })
    const pinned = stored!.ledgerIndex!
    const before = await independentCounts(pinned)

    // NFTs move after the pinned ledger: a holder of many gives all of its NFTs to the issuer.
    const biggest = holders[19]!
    for (const id of await ledgerNftIds(h.sb, biggest.address, pinned))
      give(h.sb.ledger, biggest, issuer, id)
    await h.sb.ledgerAccept()
    expect(await independentCounts(h.sb.ledger.validated.header.ledger_index)).not.toEqual(before)

    const reopened = h.reopen()
    await reopened.connect('sandbox')
    const progress: HolderSnapshotProgress[] = []
    const resumed = await reopened.snapshotHolders({ issuer: issuer.address, taxon: TAXON }, (p) =>
      progress.push(p),
    )
    expect(progress[0]).toMatchObject({ resumed: true, pages: 2, ledgerIndex: pinned })
    expect(resumed).toMatchObject({ complete: true, ledgerIndex: pinned, nfts: 245, burned: 5 })
    expect(new Map(resumed.holders.map((x) => [x.address, x.count]))).toEqual(before)

    // Read anew, it is the ledger of now.
    const fresh = await reopened.snapshotHolders({ issuer: issuer.address, taxon: TAXON })
    expect(fresh.ledgerIndex).toBeGreaterThan(pinned)
    expect(fresh.holders.find((x) => x.address === biggest.address)).toBeUndefined()
  })

  it('refuses a bad issuer or taxon, and says when the issuer has no account', async () => {
    expect(await engineError(h.engine.snapshotHolders({ issuer: 'rNope' }))).toMatchObject({
      code: 'VALIDATION',
      message: 'Invalid issuer address: rNope',
    })
    expect(
      await engineError(h.engine.snapshotHolders({ issuer: issuer.address, taxon: -1 })),
    ).toMatchObject({ code: 'VALIDATION', message: 'Invalid collection taxon: -1' })
    const stranger = Wallet.generate().address
    expect(await engineError(h.engine.snapshotHolders({ issuer: stranger }))).toMatchObject({
      code: 'NOT_FOUND',
      message: `The issuer ${stranger} has no account on this network`,
    })
    expect(await h.engine.holderSnapshot(stranger)).toBeNull()
  })
})

describe('a server that lies', () => {
  /** An engine whose Sandbox network is reached through a proxy that rewrites nfts_by_issuer. */
  async function lyingEngine(rewrite: (result: Json) => Json) {
    const proxy = await startProxy(h.sb.url)
    proxy.hooks.reply = (reply, request) =>
      request.command === 'nfts_by_issuer' && reply.result
        ? { ...reply, result: rewrite(reply.result as Json) }
        : reply
    const sandbox = { ...h.networks.sandbox, endpoints: [proxy.url], clioEndpoints: [proxy.url] }
    const engine = h.reopen({ networks: { ...h.networks, sandbox } })
    await engine.connect('sandbox')
    return { engine, proxy }
  }

  it.each([
    [
      'calls an NFT burned that is not',
      (result: Json) => {
        const [first, ...rest] = result.nfts as Json[]
        return { ...result, nfts: [{ ...first, is_burned: true }, ...rest] }
      },
      /^The server listed \d+ NFTs of r\w+, but its account says 257 exist at ledger \d+: the snapshot cannot be trusted/,
    ],
    [
      'ends its list early',
      (result: Json) => ({ ...result, marker: undefined }),
      /^The server listed 100 NFTs of r\w+, but its account says 257 exist/,
    ],
    [
      'lists an NFT twice',
      (result: Json) => {
        const nfts = result.nfts as Json[]
        return { ...result, nfts: [nfts[0], ...nfts.slice(0, -1)] }
      },
      /^The ledger server sent a malformed nfts_by_issuer reply: NFT \w+ is out of order or repeated$/,
    ],
  ])('%s: the snapshot is refused, never used', async (_what, rewrite, message) => {
    // No earlier snapshot of the issuer on this device: what is stored is this reading's.
    await h.db.holderSnapshots.clear()
    const { engine, proxy } = await lyingEngine(rewrite)
    try {
      expect(
        await engineError(engine.snapshotHolders({ issuer: issuer.address, fresh: true })),
      ).toMatchObject({
        code: 'LEDGER_REJECTED',
        message: expect.stringMatching(message) as string,
      })
      // Refused at its last page or its first: nothing of it is kept to distribute from.
      expect(await engine.holderSnapshot(issuer.address)).toBeNull()
      expect(
        await engineError(
          engine.snapshotDistribution(issuer.address, undefined, { mode: 'perNft' }),
        ),
      ).toMatchObject({ code: 'NOT_FOUND' })
    } finally {
      await proxy.close()
    }
  })
})

describe('a distribution from a snapshot', () => {
  it('leaves out the issuer, applies the rules, and plans an airdrop that keeps the snapshot', async () => {
    // Two servers: the holders the sandbox's Clio lists are confirmed by the other one.
    const second = await h.sb.addEndpoint()
    const sandbox = { ...h.networks.sandbox, endpoints: [h.sb.url, second.url] }
    const engine = h.reopen({ networks: { ...h.networks, sandbox } })
    await engine.connect('sandbox')
    await engine.connectWallet({ kind: 'familySeed', secret: issuer.seed! })
    const snapshot = await engine.snapshotHolders({ issuer: issuer.address, taxon: TAXON })
    const others = snapshot.holders.filter((x) => x.address !== issuer.address)
    expect(snapshot.holders.find((x) => x.address === issuer.address)?.marks).toEqual([
      'issuer',
      'connected',
    ])

    const each = await engine.snapshotDistribution(issuer.address, TAXON, {
      mode: 'perHolder',
      minHolding: 3,
    })
    const kept = others.filter((x) => x.count >= 3)
    expect(each.rows.map((r) => [r.address, r.count])).toEqual(kept.map((x) => [x.address, 1]))
    expect(each.leftOut).toEqual([
      { reason: 'the issuer', holders: 1 },
      ...(others.length > kept.length
        ? [{ reason: 'holds fewer than 3', holders: others.length - kept.length }]
        : []),
    ])
    expect(each.snapshot).toEqual({
      network: 'sandbox',
      issuer: issuer.address,
      taxon: TAXON,
      ledgerIndex: snapshot.ledgerIndex,
    })

    const shared = await engine.snapshotDistribution(issuer.address, TAXON, {
      mode: 'proRata',
      total: 10,
      cap: 2,
    })
    expect(shared.nftsRequested).toBeLessThanOrEqual(10)
    expect(Math.max(...shared.rows.map((r) => r.count))).toBeLessThanOrEqual(2)
    expect(shared.rounding).toContain('rounded down')

    // The issuer hands out its own NFTs to the holders the rules kept.
    const own = (
      await ledgerNftIds(h.sb, issuer.address, h.sb.ledger.validated.header.ledger_index)
    )
      .filter((id) => parseNFTokenID(id).Taxon === TAXON)
      .slice(0, each.rows.length)
    const plan = await engine.planJob({
      kind: 'airdrop',
      distribution: each.rows.map((r) => ({ address: r.address, count: r.count })),
      nftIds: own,
      randomize: false,
      snapshot: each.snapshot,
    })
    const job = await engine.getJob(plan.jobId)
    expect(job?.params.snapshot).toEqual(each.snapshot)
    // Holders read on another network are not accounts to send to here.
    expect(
      await engineError(
        engine.planJob({
          kind: 'airdrop',
          distribution: each.rows.map((r) => ({ address: r.address, count: r.count })),
          nftIds: own,
          randomize: false,
          snapshot: { ...each.snapshot, network: 'testnet' },
        }),
      ),
    ).toEqual({
      code: 'VALIDATION',
      message: 'The holder snapshot was taken on testnet: its holders are not accounts on sandbox',
    })
    const report = (await engine.exportJobCsv(plan.jobId)).split('\r\n')
    expect(report[0]).toMatch(/,snapshot_issuer,snapshot_taxon,snapshot_ledger_index$/)
    expect(report[1]).toMatch(new RegExp(`,${issuer.address},${TAXON},${snapshot.ledgerIndex}$`))
  })

  it("an airdrop row naming a marketplace's broker is skipped: the broker could take the NFT for nothing", async () => {
    const cafe = MARKETPLACES[0]!
    const genesis = Wallet.fromSeed(GENESIS_SEED)
    const paid = submitInProcess(h.sb.ledger, genesis, {
      TransactionType: 'Payment',
      Destination: cafe.broker,
      Amount: '100000000',
    })
    expect(paid.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    await h.engine.connectWallet({ kind: 'familySeed', secret: issuer.seed! })
    const [nft] = (
      await ledgerNftIds(h.sb, issuer.address, h.sb.ledger.validated.header.ledger_index)
    ).filter((id) => parseNFTokenID(id).Taxon === TAXON)
    const plan = await h.engine.planJob({
      kind: 'airdrop',
      distribution: [{ address: cafe.broker, count: 1 }],
      nftIds: [nft!],
      randomize: false,
    })
    expect(plan.problems).toEqual([
      expect.objectContaining({
        code: 'MARKETPLACE_PRICE',
        itemIndex: 0,
        blocking: false,
        message: expect.stringContaining(
          "would be offered for free to xrp.cafe's broker, which could take it for nothing",
        ) as string,
      }),
    ])
  })

  it('refuses rules out of range', async () => {
    for (const [rules, message] of [
      [{ mode: 'share' }, 'Unknown distribution rule: share'],
      [{ mode: 'proRata' }, 'NFTs to share must be a whole number from 1 to 100,000'],
      [{ mode: 'perHolder', each: 0 }, 'NFTs per holder must be a whole number from 1 to 1,000'],
      [{ mode: 'perNft', cap: 1.5 }, 'The cap per holder must be a whole number from 1 to 1,000'],
      [
        { mode: 'perNft', exclude: ['friends'] },
        'The holders to leave out must be among: issuer, connected, marketplace',
      ],
    ] as const) {
      expect(
        await engineError(h.engine.snapshotDistribution(issuer.address, TAXON, rules as never)),
      ).toMatchObject({ code: 'VALIDATION', message })
    }
  })
})

describe('re-offer what was not claimed', () => {
  it('says when nothing waits, or when the airdrop had no snapshot to take recipients from', async () => {
    await h.engine.connectWallet({ kind: 'familySeed', secret: issuer.seed! })
    const jobs = await h.engine.listJobs()
    const planned = jobs.find((job) => job.kind === 'airdrop' && job.status === 'planned')
    expect(planned).toBeDefined()
    expect(await engineError(h.engine.planReoffer(planned!.id, 'snapshot'))).toMatchObject({
      code: 'VALIDATION',
    })
  })
})
