/**
 * Recipients that will never claim (issue 26, scenario 5): an account that requires a destination
 * tag (lsfRequireDestTag, as exchanges' deposit accounts set it) credits what it receives by tag, and
 * an NFT offer cannot carry one. Pre-flight names it and leaves it out; on the ledger no offer (and no
 * locked reserve) goes to it. Read both from account_flags and, on a server without them (a proxy
 * strips them), from the account's Flags.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { freeNfts, offersOf, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const exchange = accounts.recipients[30]!
const friend = accounts.recipients[31]!.classicAddress
/** AccountSet's asfRequireDest. */
const ASF_REQUIRE_DEST = 1

let h: DemoJobsHarness
let proxy: Proxy
let engine: Engine

beforeAll(async () => {
  h = await startDemoJobsHarness(50)
  submitInProcess(h.sb.ledger, exchange, {
    TransactionType: 'AccountSet',
    SetFlag: ASF_REQUIRE_DEST,
  })
  await h.sb.ledgerAccept()
  proxy = await startProxy(h.sb.url)
  await h.engine.dispose()
  engine = h.reopen({
    networks: { ...h.networks, sandbox: { ...h.networks.sandbox, endpoints: [proxy.url] } },
  })
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
})

afterAll(async () => {
  await proxy.close()
  await h.stop()
})

async function planTo(nftIds: string[]) {
  return engine.planJob({
    kind: 'airdrop',
    distribution: [exchange.classicAddress, friend].map((address) => ({ address, count: 1 })),
    nftIds,
    randomize: false,
  })
}

it('names a recipient that requires a destination tag, and sends it nothing', async () => {
  const nftIds = await freeNfts(h.client, holder, 2)
  const plan = await planTo(nftIds)
  expect(plan.problems).toEqual([
    expect.objectContaining({ code: 'REQUIRES_DEST_TAG', itemIndex: 0, blocking: false }),
  ])
  const [problem] = plan.problems
  expect(problem!.message).toContain(`${exchange.classicAddress} requires a destination tag`)
  expect(problem!.message).toContain('an NFT offer cannot carry one')
  // The reserve and fees count only the offer that goes.
  expect(plan.transactions).toBe(1)

  await engine.startJob(plan.jobId, { skipProblems: true })
  expect((await jobFinished(h.db, plan.jobId)).counts).toMatchObject({ succeeded: 1, skipped: 1 })
  const offers = (await offersOf(h.client, holder)).filter((o) => nftIds.includes(o.NFTokenID))
  expect(offers.map((o) => o.Destination)).toEqual([friend])
})

it('reads the flag from Flags on a server that sends no account_flags', async () => {
  proxy.hooks.reply = (reply, request) => {
    if (request.command !== 'account_info' || typeof reply.result !== 'object') return reply
    const { account_flags: _flags, ...result } = reply.result as Json
    return { ...reply, result }
  }
  const plan = await planTo(await freeNfts(h.client, holder, 2))
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['REQUIRES_DEST_TAG', 0]])
})
