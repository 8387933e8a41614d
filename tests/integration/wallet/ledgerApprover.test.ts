/**
 * A Ledger, emulated down to its XRP app's APDUs (tests/helpers/ledgerXrpApp.ts) behind Ledger's own
 * clients (hw-app-xrp over hw-transport), signing with a real key: the app's Ledger code connects it
 * (XRP app open, 2.4.2 or later), and jobs ask it for each transaction. A 120-offer airdrop with a
 * rejection on the device and the device unplugged mid-review: both pause the job, Resume goes on
 * (the device opened again), every NFT offered exactly once. Cancellations are cut to the 6 offers
 * the app can read in one transaction. An outdated app, the dashboard and a locked device are named.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { ECDSA } from 'xrpl'

import { ledgerSession } from '../../../src/app/wallets/adapters/ledger.ts'
import { expectExactlyOnce, holderOffers } from '../../helpers/faultLedger.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { accounts, holder, startWorld, waitForJob } from '../../helpers/faultWorld.ts'
import { emulatedDevice } from '../../helpers/ledgerTransport.ts'
import { pausedForApproval, planWalletAirdrop } from '../../helpers/approvers.ts'
import { LedgerXrpApp } from '../../helpers/ledgerXrpApp.ts'
import type { DeviceAnswer } from '../../helpers/ledgerXrpApp.ts'

const N = 120

let w: World

beforeAll(async () => {
  w = await startWorld({ closeMs: 60, lastLedgerOffset: 6 })
})

afterAll(async () => {
  await w.stop()
})

async function connectLedger(answers: DeviceAnswer[] = []) {
  const app = new LedgerXrpApp(accounts.holder, { answers })
  const { address, publicKey, port } = await ledgerSession(emulatedDevice(app))
  expect(address).toBe(holder)
  const info = await w.engine.connectApprover(
    { wallet: 'ledger', account: address, publicKey },
    port,
  )
  expect(info).toMatchObject({ address: holder, signing: 'master', approver: 'ledger' })
  return app
}

describe('a Ledger approving each transaction', () => {
  it('an airdrop: a rejection and an unplugged device pause it; resumed, each NFT is offered once', async () => {
    const app = await connectLedger(
      Array.from({ length: 70 }, (_, i): DeviceAnswer =>
        i === 24 ? 'refuse' : i === 61 ? 'unplug' : 'approve',
      ),
    )
    const { plan, to, before } = await planWalletAirdrop(w, N)
    expect(plan.approvals).toBe(N)
    await w.engine.startJob(plan.jobId)

    let job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toBe(
      'Waiting for your approval in Ledger: you rejected it on your Ledger. Resume to be asked again',
    )
    expect(job.counts).toMatchObject({ succeeded: 24, pending: N - 24 })

    await w.engine.startJob(plan.jobId)
    job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toBe('Waiting for Ledger: the Ledger was disconnected. Open it, then Resume')
    // The 25th was shown twice (rejected, then approved): 61 signed before the unplug.
    expect(job.counts).toMatchObject({ succeeded: 60, pending: N - 60 })

    await w.engine.startJob(plan.jobId)
    job = await waitForJob(w, plan.jobId, ['completed'], 60_000)
    expect(job.counts).toMatchObject({ total: N, succeeded: N, failed: 0, skipped: 0 })
    await expectExactlyOnce(w, plan.jobId, before, to)
    // Shown on the device: each offer once, but for the rejected one and the one unplugged.
    const approved = app.shown.filter((s) => s.answer === 'approve')
    expect(approved).toHaveLength(N)
    expect(new Set(approved.map((s) => s.tx.NFTokenID)).size).toBe(N)
  })

  it('cancels 20 offers in transactions of at most 6, each approved on the device', async () => {
    const app = await connectLedger()
    const offers = (await holderOffers(w)).slice(0, 20).map((o) => o.index)
    expect(offers).toHaveLength(20)
    const plan = await w.engine.planJob({ kind: 'cancel', offerIds: offers })
    expect(plan.transactions).toBe(4)
    expect(plan.approvals).toBe(4)
    await w.engine.startJob(plan.jobId)
    await waitForJob(w, plan.jobId, ['completed'], 60_000)
    const lists = app.shown.map((s) => s.tx.NFTokenOffers as string[])
    expect(lists.map((l) => l.length)).toEqual([6, 6, 6, 2])
    const left = new Set((await holderOffers(w)).map((o) => o.index))
    for (const id of offers) expect(left.has(id)).toBe(false)
  })

  it('another Ledger plugged in after an unplug is named, and signs nothing', async () => {
    const first = new LedgerXrpApp(accounts.holder, { answers: ['approve', 'unplug'] })
    const other = new LedgerXrpApp(Wallet.generate('ecdsa-secp256k1' as ECDSA))
    let plugged = first
    const { address, publicKey, port } = await ledgerSession(() => emulatedDevice(plugged)())
    await w.engine.connectApprover({ wallet: 'ledger', account: address, publicKey }, port)
    const offers = (await holderOffers(w)).slice(0, 3).map((o) => o.index)
    // One job per offer: the second is signed on a device unplugged, then on another Ledger.
    const jobs = []
    for (const id of offers)
      jobs.push((await w.engine.planJob({ kind: 'cancel', offerIds: [id] })).jobId)
    await w.engine.startJob(jobs[0]!)
    await waitForJob(w, jobs[0]!, ['completed'], 60_000)
    await w.engine.startJob(jobs[1]!)
    let job = await pausedForApproval(w, jobs[1]!)
    expect(job.notice).toBe('Waiting for Ledger: the Ledger was disconnected. Open it, then Resume')
    plugged = other
    await w.engine.startJob(jobs[1]!)
    job = await pausedForApproval(w, jobs[1]!)
    expect(job.notice).toMatch(
      /^Waiting for Ledger: this is another Ledger \(account r\w+\): plug in the one of the connected account\. Open it, then Resume$/,
    )
    expect(other.shown).toHaveLength(0)
    plugged = first
    await w.engine.startJob(jobs[1]!)
    await waitForJob(w, jobs[1]!, ['completed'], 60_000)
    await w.engine.cancelJob(jobs[2]!)
  })

  it('names an outdated XRP app, the dashboard and a locked device', async () => {
    const connect = (options: ConstructorParameters<typeof LedgerXrpApp>[1]) =>
      ledgerSession(emulatedDevice(new LedgerXrpApp(accounts.holder, options)))
    await expect(connect({ version: '2.4.1' })).rejects.toThrow(
      'Update the XRP app on your Ledger to 2.4.2 or later in Ledger Live (this one has 2.4.1): older versions cannot sign NFT transactions',
    )
    await expect(connect({ dashboard: true })).rejects.toThrow(
      'Open the XRP app on your Ledger, then connect again',
    )
    await expect(connect({ locked: true })).rejects.toThrow(
      'Your Ledger is locked: unlock it with your PIN',
    )
  })
})
