/**
 * The engine within Clio's limits (and refusals that mean "not now"): the sandbox meters the engine
 * as Clio's DOSGuard would, and every reading and job completes — exactly once, nothing
 * refused surfacing as an error, the server never dropping the connection. The independent client
 * reads the ledger through the sandbox's admin port, which is never limited.
 */
import { describe, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { freeNfts } from '../../helpers/jobs.ts'
import { followJob, limitedAfterEach } from '../../helpers/limits.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

const start = limitedAfterEach()

describe('Clio’s DOSGuard (20 requests a second)', () => {
  it('bids, a floor price, a 40-recipient pre-flight and the airdrop complete, paced under 20 requests a second', async () => {
    const { h, admin } = await start('clio')
    const bids = await h.engine.loadBids()
    expect(bids.nftsChecked).toBeGreaterThan(100)
    const floor = await h.engine.floorPrice(accounts.artist.classicAddress, 2)
    expect(floor.nftsChecked).toBeGreaterThan(0)
    const nftIds = await freeNfts(admin, holder, 40)
    const plan = await h.engine.planJob({
      kind: 'airdrop',
      distribution: accounts.recipients
        .slice(0, 40)
        .map((w) => ({ address: w.classicAddress, count: 1 })),
      nftIds,
      randomize: false,
    })
    expect(plan.problems).toEqual([])
    await h.engine.startJob(plan.jobId)
    const { job } = await followJob(h, plan.jobId)
    expect(job.counts).toMatchObject({ total: 40, succeeded: 40 })
    // Paced, not merely retried: unpaced, most requests past each sweep's 20th would be refused.
    // (A sweep that fires late on a loaded machine may refuse one now and then: waited out.)
    const requests = [...h.sb.server.commandCounts.values()].reduce((a, b) => a + b, 0)
    expect(h.sb.server.load.refusals).toBeLessThan(requests * 0.02)
  })
})

describe('refusals that mean "not now"', () => {
  it('slowDown and tooBusy are waited out: pre-flight and the job go on', async () => {
    const { h, admin } = await start('none')
    const nftIds = await freeNfts(admin, holder, 5)
    h.sb.faults.refuseNext = { token: 'slowDown', count: 2, command: 'account_info' }
    const plan = await h.engine.planJob({ kind: 'burn', nftIds })
    expect(plan.problems).toEqual([])
    h.sb.faults.refuseNext = { token: 'tooBusy', count: 1, command: 'submit' }
    await h.engine.startJob(plan.jobId)
    const { job } = await followJob(h, plan.jobId)
    expect(job.counts).toMatchObject({ total: 5, succeeded: 5 })
    expect(h.sb.faults.refuseNext).toBeNull()
  })
})
