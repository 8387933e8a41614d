/**
 * Xaman, through a local stand-in of its cloud and of the user's phone (tests/helpers/xamanStandIn.ts:
 * its REST API, payload WebSockets, about-30-a-minute limit, and a phone that signs with the
 * account's real key as the Xaman app does). The app's Xaman code creates one payload per
 * transaction, `submit: false`, the account pinned; a 120-offer airdrop with a rejection on the phone
 * and an expired request pauses twice, resumes, and offers every NFT exactly once. Xaman's refusals
 * to go faster are waited out. A restricted transaction type is refused by the API and named.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { WebSocket } from 'ws'

import { xamanApprovals } from '../../../src/app/wallets/adapters/xamanApprovals.ts'
import type { XamanDeps } from '../../../src/app/wallets/adapters/xaman.ts'
import { expectExactlyOnce } from '../../helpers/faultLedger.ts'
import type { World } from '../../helpers/faultWorld.ts'
import { accounts, holder, startWorld, waitForJob } from '../../helpers/faultWorld.ts'
import { pausedForApproval, planWalletAirdrop } from '../../helpers/approvers.ts'
import { startXamanStandIn } from '../../helpers/xamanStandIn.ts'
import type { PhoneAnswer, XamanStandIn } from '../../helpers/xamanStandIn.ts'

const N = 120
const API_KEY = '3a7e9c1e-5b1f-4d6a-9c2e-7f0b8d4a1e22'

let w: World
let xaman: XamanStandIn

beforeAll(async () => {
  w = await startWorld({ closeMs: 60, lastLedgerOffset: 6 })
})

afterAll(async () => {
  await xaman?.stop()
  await w.stop()
})

/** The browser's surroundings of the Xaman code, in Node. */
const deps: XamanDeps = {
  fetch,
  WebSocket: WebSocket as unknown as XamanDeps['WebSocket'],
  // Xaman's pace is its own to keep: the stand-in's limit is what the code meets here.
  perMinute: 10_000,
}

async function connectXaman(answers: PhoneAnswer[], rate: { throttleAt?: number[] } = {}) {
  await xaman?.stop()
  xaman = await startXamanStandIn({
    account: accounts.holder,
    apiKey: API_KEY,
    answers,
    // Xaman's own pace (about 30 a minute) is not what this test is about: its refusals come where
    // `rate.throttleAt` puts them.
    ratePerWindow: 100_000,
    ...rate,
    lastClosed: async () => (await w.client.getLedgerIndex()) - 1,
    // The sandbox's ledgers are numbered from 1: on a real network no LastLedgerSequence is below 32570.
    relativeBelow: 0,
  })
  const config = { apiKey: API_KEY, apiBase: xaman.url, oauthBase: xaman.url }
  const session = { config, jwt: xaman.issueToken(), account: holder }
  await w.engine.connectApprover(
    { wallet: 'xaman', account: holder, publicKey: accounts.holder.publicKey },
    xamanApprovals(session, deps),
  )
}

describe('Xaman approving each transaction on the phone', () => {
  it('a 120-offer airdrop: a rejection and an expired request pause it; resumed, each NFT is offered once, 429s waited out', async () => {
    await connectXaman(
      Array.from({ length: 80 }, (_, i): PhoneAnswer =>
        i === 30 ? 'reject' : i === 70 ? 'expire' : 'approve',
      ),
      // Xaman refuses to go faster at the 41st, 42nd and 81st creation.
      { throttleAt: [41, 42, 81] },
    )
    const { plan, to, before } = await planWalletAirdrop(w, N)
    expect(plan.approvals).toBe(N)
    await w.engine.startJob(plan.jobId)

    let job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toBe(
      'Waiting for your approval in Xaman: you rejected it in Xaman. Resume to be asked again',
    )
    expect(job.counts).toMatchObject({ succeeded: 30, pending: N - 30 })

    await w.engine.startJob(plan.jobId)
    job = await pausedForApproval(w, plan.jobId)
    expect(job.notice).toBe(
      'Waiting for Xaman: the request expired in Xaman before it was opened. Open it, then Resume',
    )
    expect(job.counts).toMatchObject({ succeeded: 69, pending: N - 69 })

    await w.engine.startJob(plan.jobId)
    job = await waitForJob(w, plan.jobId, ['completed'], 90_000)
    expect(job.counts).toMatchObject({ total: N, succeeded: N, failed: 0, skipped: 0 })
    await expectExactlyOnce(w, plan.jobId, before, to)
    // Every payload: one transaction, not to be submitted by Xaman, only this account may sign it.
    for (const p of xaman.payloads) {
      expect(p.submit).toBe(false)
      expect(p.signers).toEqual([holder])
    }
    expect(xaman.payloads).toHaveLength(N + 2)
    // Each refusal to go faster was waited out and the same payload created again.
    expect(xaman.throttled).toBe(3)
  })

  it('a transaction type the API key may not ask for is refused by Xaman and named', async () => {
    await xaman?.stop()
    xaman = await startXamanStandIn({
      account: accounts.holder,
      apiKey: API_KEY,
      restricted: ['NFTokenBurn'],
    })
    const config = { apiKey: API_KEY, apiBase: xaman.url, oauthBase: xaman.url }
    const port = xamanApprovals({ config, jwt: xaman.issueToken(), account: holder }, deps)
    const answer = await port.approve({
      transactions: [
        { TransactionType: 'NFTokenBurn', Account: holder, NFTokenID: '0'.repeat(64) },
      ],
      purpose: 'burn',
    })
    expect(answer).toEqual({
      signed: [],
      stopped: {
        reason: 'closed',
        message:
          'Xaman refused the NFTokenBurn request (error 1003): sign in with Xaman again, or connect with your secret numbers if Xaman does not let this app ask for NFTokenBurn',
      },
    })
  })

  it('paces its requests under its own limit a minute: the fourth of 3 a minute waits for the first to age out', async () => {
    await xaman?.stop()
    xaman = await startXamanStandIn({
      account: accounts.holder,
      apiKey: API_KEY,
      ratePerWindow: 100_000,
    })
    const config = { apiKey: API_KEY, apiBase: xaman.url, oauthBase: xaman.url }
    // The clock the pacer reads moves only when it waits (the stand-in's own timers run for real).
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      const waits: number[] = []
      const port = xamanApprovals(
        { config, jwt: xaman.issueToken(), account: holder },
        {
          ...deps,
          perMinute: 3,
          sleep: (ms) => {
            waits.push(ms)
            vi.setSystemTime(Date.now() + ms)
            return Promise.resolve()
          },
        },
      )
      for (let i = 0; i < 4; i++) {
        const answer = await port.approve({
          transactions: [{ TransactionType: 'AccountSet', Account: holder, Sequence: 1 + i }],
          purpose: 'gap',
        })
        expect(answer.signed).toHaveLength(1)
      }
      expect(waits).toHaveLength(1)
      expect(waits[0]).toBeGreaterThan(59_000)
      expect(waits[0]).toBeLessThanOrEqual(60_000)
      expect(xaman.payloads).toHaveLength(4)
      expect(xaman.throttled).toBe(0)
    } finally {
      vi.useRealTimers()
    }
  })
})
