/**
 * A holder snapshot's owners confirmed by another server than the Clio that listed them. The Clio
 * server sits behind a rewriting proxy (a server the attacker runs); the network's other endpoint is
 * the sandbox itself. A Clio that names a forger as the owner of NFTs others hold gets the snapshot
 * through (the counts add up) but the forger receives nothing from the distribution and is named; an
 * honest Clio's holders are all confirmed; where no other server can answer for the snapshot's ledger
 * the holders are left out unless the user keeps them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'

import type { HolderConfirmProgress } from '../../../src/worker/api.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { COLLECTION_TAXON, holdersOf } from '../../helpers/holderLedger.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { fundInProcess } from '../../helpers/sandbox.ts'

const issuer = Wallet.generate()
const holders = Array.from({ length: 6 }, () => Wallet.generate())
/** Holder i holds COUNTS[i] NFTs of the collection. */
const COUNTS = [6, 5, 4, 3, 2, 1]
const forger = Wallet.generate()
const [victim] = holders as [Wallet]

let h: EngineHarness
let clio: Proxy
let engine: Engine

/** The Clio rewrites the owner of `stolen` of the victim's NFTs to the forger. */
function forge(stolen: number): void {
  clio.hooks.reply = (reply, request) => {
    if (request.command !== 'nfts_by_issuer' || !reply.result) return reply
    const result = reply.result as Json
    let left = stolen
    const nfts = (result.nfts as Json[]).map((nft) => {
      if (nft.owner !== victim.address || left === 0) return nft
      left -= 1
      return { ...nft, owner: forger.address }
    })
    return { ...reply, result: { ...result, nfts } }
  }
}

beforeAll(async () => {
  h = await startEngineHarness()
  holdersOf(h.sb.ledger, issuer, holders, COUNTS, 30)
  // The forger is an account of its own, holding none of the collection.
  fundInProcess(h.sb.ledger, 100, forger)
  clio = await startProxy(h.sb.url)
  // The network: the sandbox's own endpoint, and a Clio server the attacker runs.
  const sandbox = { ...h.networks.sandbox, endpoints: [h.sb.url], clioEndpoints: [clio.url] }
  engine = h.reopen({ networks: { ...h.networks, sandbox } })
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: issuer.seed! })
})

afterAll(async () => {
  await clio.close()
  await h.stop()
})

describe('a Clio server that rewrites owners', () => {
  it('gets its snapshot taken, but the forger receives nothing and is named', async () => {
    forge(3)
    const snapshot = await engine.snapshotHolders({
      issuer: issuer.address,
      taxon: COLLECTION_TAXON,
      fresh: true,
    })
    // The listing alone cannot tell: the forger is a holder of 3, the victim of 3 instead of 6.
    expect(snapshot.holders.find((x) => x.address === forger.address)?.count).toBe(3)

    for (const keepUnconfirmed of [false, true]) {
      const distribution = await engine.snapshotDistribution(issuer.address, COLLECTION_TAXON, {
        mode: 'perNft',
        keepUnconfirmed,
      })
      const recipients = distribution.rows.map((r) => r.address)
      expect(recipients).not.toContain(forger.address)
      expect(distribution.confirmation.disputed).toEqual([
        { address: forger.address, listed: 3, held: 0, by: h.sb.url },
      ])
      // The victim holds at least what the listing gave it; the others are confirmed as listed.
      const listed = new Map(holders.map((w, i) => [w.address, COUNTS[i]!]))
      listed.set(victim.address, 3)
      expect(distribution.rows.map((r) => [r.address, r.count])).toEqual(
        [...listed].sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1)),
      )
      expect(distribution.confirmation).toMatchObject({
        listedBy: [clio.url],
        servers: [h.sb.url],
        confirmed: 6,
        unconfirmed: [],
        why: null,
      })
      expect(distribution.nftsRequested).toBe(18)
    }
  })
})

describe('an honest Clio server', () => {
  it("has every recipient confirmed by the network's other server, with progress", async () => {
    clio.hooks = {}
    await h.sb.ledgerAccept()
    await engine.snapshotHolders({ issuer: issuer.address, taxon: COLLECTION_TAXON, fresh: true })
    const progress: HolderConfirmProgress[] = []
    const distribution = await engine.snapshotDistribution(
      issuer.address,
      COLLECTION_TAXON,
      { mode: 'perHolder', minHolding: 2 },
      (p) => progress.push(p),
    )
    expect(distribution.rows.map((r) => r.address)).toEqual(
      holders.slice(0, 5).map((w) => w.address),
    )
    expect(distribution.confirmation).toMatchObject({
      servers: [h.sb.url],
      confirmed: 5,
      unconfirmed: [],
      disputed: [],
    })
    expect(progress.at(-1)).toEqual({
      checked: 5,
      total: 5,
      ledgerIndex: distribution.snapshot.ledgerIndex,
      server: h.sb.url,
    })
    // Asked once: a second preview of the same snapshot asks nobody again.
    const again: HolderConfirmProgress[] = []
    await engine.snapshotDistribution(issuer.address, COLLECTION_TAXON, { mode: 'perNft' }, (p) =>
      again.push(p),
    )
    expect(again.at(-1)).toMatchObject({ checked: 1, total: 1 })
  })
})

describe('holders no other server can confirm', () => {
  it('are left out unless kept, and the preview says why', async () => {
    // The network's other server cannot serve old ledgers: it answers lgrNotFound for them.
    const other = await startProxy(h.sb.url)
    other.hooks.reply = (reply, request) =>
      request.command === 'account_nfts' && typeof request.ledger_index === 'number'
        ? { ...reply, status: 'error', error: 'lgrNotFound', error_code: 21, result: undefined }
        : reply
    const sandbox = { ...h.networks.sandbox, endpoints: [other.url], clioEndpoints: [h.sb.url] }
    const limited = h.reopen({ networks: { ...h.networks, sandbox } })
    try {
      await limited.connect('sandbox')
      const snapshot = await limited.snapshotHolders({
        issuer: issuer.address,
        taxon: COLLECTION_TAXON,
        fresh: true,
      })
      const left = await limited.snapshotDistribution(issuer.address, COLLECTION_TAXON, {
        mode: 'perHolder',
      })
      expect(left.rows).toEqual([])
      expect(left.confirmation).toMatchObject({
        listedBy: [h.sb.url],
        servers: [other.url],
        confirmed: 0,
        kept: false,
        why: `${other.url} does not have ledger ${snapshot.ledgerIndex}`,
      })
      expect(left.confirmation.unconfirmed).toHaveLength(holders.length)

      const kept = await limited.snapshotDistribution(issuer.address, COLLECTION_TAXON, {
        mode: 'perHolder',
        keepUnconfirmed: true,
      })
      expect(kept.rows.map((r) => r.address)).toEqual(holders.map((w) => w.address))
      expect(kept.confirmation.kept).toBe(true)
      expect(kept.rules.keepUnconfirmed).toBe(true)
    } finally {
      await other.close()
    }
  })

  it('when the Clio that listed them is the only server, names that', async () => {
    const sandbox = { ...h.networks.sandbox, endpoints: [h.sb.url], clioEndpoints: [h.sb.url] }
    const alone = h.reopen({ networks: { ...h.networks, sandbox } })
    await alone.connect('sandbox')
    await alone.snapshotHolders({ issuer: issuer.address, taxon: COLLECTION_TAXON, fresh: true })
    const distribution = await alone.snapshotDistribution(issuer.address, COLLECTION_TAXON, {
      mode: 'perHolder',
    })
    expect(distribution.rows).toEqual([])
    expect(distribution.confirmation.why).toBe(
      `no server of Sandbox other than the one that listed the holders (${h.sb.url}) is known: add one of your own to confirm them`,
    )
  })
})
