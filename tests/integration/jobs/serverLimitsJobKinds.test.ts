/**
 * The job kinds not covered by serverLimits*.test.ts — a listing, a cancellation and the sale of a
 * bid — through both kinds of public server limits: each completes, each item done once, nothing
 * refused surfacing as an error, the connection never dropped.
 */
import { describe, expect, it } from 'vitest'

import { acceptRequest } from '../../../src/app/orders/offerText.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import type { SandboxOptions } from '../../../src/sandbox/index.ts'
import type { EngineOptions } from '../../../src/worker/engineOptions.ts'
import { freeNfts, offersOf } from '../../helpers/jobs.ts'
import { followJob, limitedAfterEach } from '../../helpers/limits.ts'

const holder = demoAccounts().holder.classicAddress

const start = limitedAfterEach()

// Servers tighter than the engine assumes, so that they push back for certain during these small
// jobs: a Clio allowing 12 requests a sweep (the engine assumes 20), a rippled warning at 1,500
// (assumed 5,000; its decay window scaled from 32 s to 4 s on both sides, as in serverLimits).
const LIMITS: [string, SandboxOptions['limits'], Partial<EngineOptions>][] = [
  ['Clio’s DOSGuard', { kind: 'clio', requestsPerSecond: 12 }, {}],
  [
    'rippled’s Resource Manager',
    { kind: 'rippled', decayWindowSeconds: 4, warnBalance: 1_500 },
    { assumedLimits: { rippled: { warnBalance: 5_000, decayWindowSeconds: 4 } } },
  ],
]

describe.each(LIMITS)('%s', (_name, limits, options) => {
  it(
    'sells an NFT to a bid, lists 20 NFTs and cancels their offers, each once',
    { timeout: 120_000 },
    async () => {
      const { h, admin } = await start(limits, options)

      const { bids } = await h.engine.loadBids()
      const bid = bids.find((b) => b.best && b.amount.kind === 'xrp')!
      // One server (the harness's): the sale takes its word with the user's consent.
      const sale = await h.engine.planJob(acceptRequest(bid, false, true))
      expect(sale.problems).toEqual([])
      await h.engine.startJob(sale.jobId)
      expect((await followJob(h, sale.jobId)).job.counts).toMatchObject({ total: 1, succeeded: 1 })

      const nftIds = await freeNfts(admin, holder, 20)
      const listing = await h.engine.planJob({
        kind: 'list',
        offers: nftIds.map((nftId) => ({ nftId, amountDrops: '1000000' })),
      })
      expect(listing.problems).toEqual([])
      await h.engine.startJob(listing.jobId)
      expect((await followJob(h, listing.jobId)).job.counts).toMatchObject({
        total: 20,
        succeeded: 20,
      })
      const listed = (await offersOf(admin, holder)).filter((o) => nftIds.includes(o.NFTokenID))
      expect(listed.map((o) => o.NFTokenID).sort()).toEqual([...nftIds].sort())

      const cancel = await h.engine.planJob({
        kind: 'cancel',
        offerIds: listed.map((o) => o.index),
      })
      expect(cancel.problems).toEqual([])
      await h.engine.startJob(cancel.jobId)
      expect((await followJob(h, cancel.jobId)).job.status).toBe('completed')
      const left = (await offersOf(admin, holder)).filter((o) => nftIds.includes(o.NFTokenID))
      expect(left).toEqual([])

      // The servers did push back (the scenario happened), and never dropped the connection.
      const { refusals, warnings, drops } = h.sb.server.load
      expect(refusals + warnings).toBeGreaterThan(0)
      expect(drops).toBe(0)
    },
  )
})
