/**
 * The engine within public servers' limits: the sandbox meters the engine as rippled's Resource
 * Manager or Clio's DOSGuard would, and every reading and job completes — exactly once, nothing
 * refused surfacing as an error, the server never dropping the connection. The independent client
 * reads the ledger through the sandbox's admin port, which is never limited.
 */
import { describe, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { freeNfts, offersOf } from '../../helpers/jobs.ts'
import { followJob, limitedAfterEach } from '../../helpers/limits.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

const start = limitedAfterEach()

describe('rippled’s Resource Manager', () => {
  // The decay window scaled from 32 s to 4 s on both sides: the same shape of limit, eight times
  // quicker, so a job meets it within seconds (about 45 submits of opening burst, then 11 a second).
  const WINDOW = { kind: 'rippled', decayWindowSeconds: 4 } as const
  const ASSUMED = { rippled: { warnBalance: 5_000, decayWindowSeconds: 4 } }

  it('a 30-offer airdrop and a 30-NFT burn keep under the warning balance, say the server sets the pace, and do each once', async () => {
    const { h, admin } = await start(WINDOW, { assumedLimits: ASSUMED })
    const free = await freeNfts(admin, holder, 60)
    const nftIds = free.slice(0, 30)
    const plan = await h.engine.planJob({
      kind: 'airdrop',
      // Recipients that do not accept by themselves: the offers stay on the ledger to be counted.
      distribution: accounts.recipients
        .slice(10, 40)
        .map((w) => ({ address: w.classicAddress, count: 1 })),
      nftIds,
      randomize: false,
    })
    expect(plan.problems).toEqual([])
    const burn = await h.engine.planJob({ kind: 'burn', nftIds: free.slice(30, 60) })
    expect(burn.problems).toEqual([])
    // Both at once: 60 submits and their reads, past the opening burst the balance allows.
    await h.engine.startJob(plan.jobId)
    await h.engine.startJob(burn.jobId)
    const airdrop = await followJob(h, plan.jobId)
    const burned = await followJob(h, burn.jobId)

    expect(airdrop.job.counts).toMatchObject({ total: 30, succeeded: 30 })
    expect(burned.job.counts).toMatchObject({ total: 30, succeeded: 30 })
    const offered = (await offersOf(admin, holder)).filter((o) => nftIds.includes(o.NFTokenID))
    expect(offered).toHaveLength(30)
    expect(h.sb.server.load.drops).toBe(0)
    expect(h.sb.server.load.warnings).toBeLessThanOrEqual(1)
    const said = [...airdrop.notices, ...burned.notices]
    expect(said.some((n) => n.startsWith('The server limits how fast we may send'))).toBe(true)
  })

  it('a server tighter than assumed warns: the engine slows below where it stood, is never dropped', async () => {
    const tighter = { ...WINDOW, warnBalance: 2_000, dropBalance: 10_000 }
    const { h, admin } = await start(tighter, { assumedLimits: ASSUMED })
    const nftIds = await freeNfts(admin, holder, 40)
    const burn = await h.engine.planJob({ kind: 'burn', nftIds })
    expect(burn.problems).toEqual([])
    await h.engine.startJob(burn.jobId)
    const { job } = await followJob(h, burn.jobId)
    expect(job.counts).toMatchObject({ total: 40, succeeded: 40 })
    expect(h.sb.server.load.warnings).toBeGreaterThan(0)
    expect(h.sb.server.load.drops).toBe(0)
  })

  it('the bids on the holder’s NFTs and its offers are read in full under the limit', async () => {
    const { h } = await start(WINDOW, { assumedLimits: ASSUMED })
    const bids = await h.engine.loadBids()
    const offers = await h.engine.loadOffers()
    expect(bids.nftsChecked).toBeGreaterThan(100)
    expect(offers.sell.length).toBeGreaterThan(0)
    expect(h.sb.server.load.drops).toBe(0)
  })
})
