/**
 * Security review of a mint's offers tracked and re-offered like an airdrop's (src/db/acceptance.ts,
 * airdrop/acceptance/*), as the party that runs the server in use (an honest second server of the
 * same ledger on the network). The test asserts the SAFE behaviour a user can see (the job's items,
 * the ledger as an independent client reads it): a failing test is a proven weakness.
 */
import { afterEach, expect, it } from 'vitest'

import { readItems } from '../../../src/db/jobs.ts'
import type { JobPlan } from '../../../src/worker/api.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { nftUrisOf, offersOf } from '../../helpers/jobs.ts'
import type { Json } from '../../helpers/rewritingProxy.ts'
import { eventually } from '../../helpers/poll.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'
import { startAttackWorld } from './attackWorld.ts'
import type { AttackWorld } from './attackWorld.ts'

let w: AttackWorld | undefined

afterEach(async () => {
  await w?.stop()
  w = undefined
})

/**
 * Attack 4: recipient A accepted the NFT a mint offered them. The server in use then lies about
 * it everywhere the engine looks: the minter's own offers still list the accepted offer, A's NFTs
 * leave it out, the minter's NFTs include it. The user re-offers the "unclaimed" NFT to B. Safe: no
 * double gift — A keeps the NFT, B neither holds it nor has an offer of it; and the re-offer of an
 * NFT the user no longer holds is not recorded as made.
 */
it('a server that hides an accepted mint offer cannot make the engine give the NFT a second time', async () => {
  const world = (w = await startAttackWorld({ others: 2 }))
  const [a, b] = world.others
  const user = world.user.classicAddress
  await world.use({ endpoints: [world.proxy.url, world.honest], clio: [world.honest] })
  const mint = await world.engine.planJob({
    kind: 'mint',
    skipMetadataCheck: true,
    terms: {
      taxon: 1,
      transferFee: 0,
      burnable: false,
      onlyXrp: false,
      transferable: true,
      mutable: false,
    },
    rows: [{ uri: 'ipfs://bafygift/1.json', recipient: a!.classicAddress }],
  })
  await world.engine.startJob(mint.jobId)
  expect((await jobFinished(world.h.db, mint.jobId, 60_000)).status).toBe('completed')
  const [item] = await readItems(world.h.db, mint.jobId)
  const nftId = item!.mintedNftId!
  const [offer] = await offersOf(world.client, user)
  expect(offer?.NFTokenID).toBe(nftId)
  const mine = await world.client.request({
    command: 'account_nfts',
    account: user,
    ledger_index: 'validated',
  })
  const mintedEntry = mine.result.account_nfts.find((n) => n.NFTokenID === nftId) as unknown as Json
  let lies = 0
  world.proxy.hooks = {
    reply: (reply, req) => {
      const r = reply.result as Json | undefined
      if (!r) return reply
      if (req.command === 'account_objects' && req.account === user) {
        const objects = (r.account_objects as Json[] | undefined) ?? []
        if (objects.some((o) => o.index === offer!.index)) return reply
        lies++
        return { ...reply, result: { ...r, account_objects: [...objects, offer] } }
      }
      if (req.command === 'account_nfts' && Array.isArray(r.account_nfts)) {
        const list = (r.account_nfts as Json[]).filter((n) => n.NFTokenID !== nftId)
        if (req.account === user) list.push(mintedEntry)
        lies++
        return { ...reply, result: { ...r, account_nfts: list } }
      }
      return reply
    },
    // The accept never reaches the engine's stream.
    stream: (m) => {
      const tx = (m.tx_json ?? m.transaction) as Json | undefined
      return m.type === 'transaction' && tx?.TransactionType === 'NFTokenAcceptOffer' ? null : m
    },
  }
  const accepted = submitInProcess(world.h.sb.ledger, a!, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: offer!.index,
  })
  expect(accepted.engine_result).toBe('tesSUCCESS')
  await eventually(
    () => nftUrisOf(world.client, a!.classicAddress),
    (held) => held.has(nftId),
    'A holds the NFT',
  )
  const summary = await world.engine.checkAcceptance(mint.jobId)
  expect(lies).toBeGreaterThan(0)
  // A refusal to plan it is safe too.
  const reoffer: JobPlan | Error = await world.engine
    .planReoffer(mint.jobId, [{ address: b!.classicAddress, count: 1 }])
    .catch((e: unknown) => (e instanceof Error ? e : new Error(String(e))))
  if (!(reoffer instanceof Error)) {
    await world.engine.startJob(reoffer.jobId, { skipProblems: true })
    const job = await jobFinished(world.h.db, reoffer.jobId, 60_000)
    const offered = (await readItems(world.h.db, reoffer.jobId)).filter(
      (i) => i.intent.type === 'offer',
    )
    expect(
      offered.map((i) => i.status),
      `the re-offer of the accepted NFT (${job.status}; summary ${JSON.stringify(summary)})`,
    ).not.toContain('succeeded')
  }
  // Whatever the engine planned: the ledger gives the NFT once.
  await new Promise((resolve) => setTimeout(resolve, 500))
  expect((await nftUrisOf(world.client, a!.classicAddress)).has(nftId)).toBe(true)
  expect((await nftUrisOf(world.client, b!.classicAddress)).has(nftId)).toBe(false)
  const live = (await offersOf(world.client, user)).filter((o) => o.NFTokenID === nftId)
  expect(live).toEqual([])
}, 90_000)
