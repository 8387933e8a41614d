/**
 * Security review, the mint side of this week's work: own results confirmed by a second server
 * (docs/architecture.md §3.2 rule 6) when the SECOND server is the liar, when both lie differently,
 * when it never answers; and the metadata check before minting. Each test asserts the SAFE
 * behaviour a user can see (the job's items, the ledger as an independent client reads it): a
 * failing test is a proven weakness, a passing one keeps a defence.
 */
import { afterEach, expect, it } from 'vitest'
import { convertStringToHex } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import type { JobItemRow } from '../../../src/db/types/jobItems.ts'
import type { MintRequest, MintTerms } from '../../../src/worker/api.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { txnNotFound } from '../../helpers/lyingServer.ts'
import { nftUrisOf } from '../../helpers/jobs.ts'
import { SERVED_DIR } from '../../helpers/mintLedger.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { startAttackWorld, startGate } from './attackWorld.ts'
import type { AttackWorld } from './attackWorld.ts'

const TERMS: MintTerms = {
  taxon: 9,
  transferFee: 0,
  burnable: false,
  onlyXrp: false,
  transferable: true,
  mutable: true,
}

let w: AttackWorld | undefined
const extra: Proxy[] = []

afterEach(async () => {
  for (const p of extra.splice(0)) await p.close()
  await w?.stop()
  w = undefined
})

function uriOf(item: JobItemRow): string {
  if (item.intent.type !== 'mint') throw new Error('not a mint')
  return item.intent.uri
}

/** Three rows to three recipients, not checked against a gateway (none runs here). */
function request(world: AttackWorld, tag: string): MintRequest {
  return {
    kind: 'mint',
    skipMetadataCheck: true,
    terms: TERMS,
    rows: [0, 1, 2].map((i) => ({
      uri: `ipfs://bafy${tag}/${i + 1}.json`,
      recipient: world.others[i]!.classicAddress,
    })),
  }
}

/**
 * A server that shows the user's validated NFTokenMint of `uri` with another result, in `tx`
 * replies (what a second server is asked) and in `account_tx`.
 */
function forgeResult(proxy: Proxy, account: string, uri: string, result: string): { n: number } {
  const seen = { n: 0 }
  const target = convertStringToHex(uri)
  const forge = (holder: Json): Json => {
    const tx = (holder.tx_json ?? holder.tx ?? holder) as Json
    if (tx.TransactionType !== 'NFTokenMint' || tx.Account !== account || tx.URI !== target) {
      return holder
    }
    if (!holder.meta || typeof holder.meta !== 'object') return holder
    seen.n++
    return { ...holder, meta: { ...(holder.meta as Json), TransactionResult: result } }
  }
  proxy.hooks = {
    reply: (reply, req) => {
      const r = reply.result as Json | undefined
      if (!r) return reply
      if (req.command === 'tx' && r.validated === true) return { ...reply, result: forge(r) }
      if (req.command === 'account_tx' && Array.isArray(r.transactions)) {
        return { ...reply, result: { ...r, transactions: (r.transactions as Json[]).map(forge) } }
      }
      return reply
    },
    stream: (m) => (m.type === 'transaction' && m.validated === true ? forge(m) : m),
  }
  return seen
}

/**
 * What every lie must come to: while the liar is on the network, no row is recorded failed whose
 * NFT is on the ledger, none succeeded that is not, no URI is minted twice; once the user keeps
 * only honest servers and resumes, every row succeeds with its own NFT, minted once.
 */
async function expectSafe(world: AttackWorld, jobId: string, req: MintRequest) {
  const minter = world.user.classicAddress
  const first = await jobFinished(world.h.db, jobId, 60_000)
  const held = await nftUrisOf(world.client, minter)
  const uris = [...held.values()]
  for (const item of await readItems(world.h.db, jobId)) {
    const row = `row ${item.index + 1} (${first.status}: ${first.notice ?? ''})`
    if (item.status === 'failed') expect(uris, `${row} recorded failed`).not.toContain(uriOf(item))
    if (item.status === 'succeeded') {
      expect(held.get(item.mintedNftId ?? ''), `${row} recorded NFT`).toBe(uriOf(item))
    }
  }
  for (const r of req.rows) expect(uris.filter((u) => u === r.uri).length).toBeLessThanOrEqual(1)
  if (first.status !== 'completed') {
    await world.use({ endpoints: [world.h.sb.url, world.honest], clio: [world.h.sb.url] })
    await world.engine.startJob(jobId)
  }
  const end = await jobFinished(world.h.db, jobId, 60_000)
  expect(end.status, end.notice).toBe('completed')
  const items = await readItems(world.h.db, jobId)
  const after = await nftUrisOf(world.client, minter)
  expect(items.map((i) => [i.status, after.get(i.mintedNftId ?? '')])).toEqual(
    items.map((i) => ['succeeded', uriOf(i)]),
  )
  const all = [...after.values()]
  expect(req.rows.map((r) => all.filter((u) => u === r.uri).length)).toEqual([1, 1, 1])
  return first
}

/**
 * Attack 6a: the server in use is honest; the network's SECOND server is the liar and shows row
 * 2's applied mint as tecNO_PERMISSION. Safe: row 2 is not recorded "Not minted" (which invites
 * minting it again); the job pauses on the disagreement, and finishes right once the user keeps
 * honest servers.
 */
it('a lying second server cannot make an applied mint read "not minted", nor mint a row twice', async () => {
  const world = (w = await startAttackWorld({ others: 3 }))
  const req = request(world, 'second')
  const lie = forgeResult(
    world.proxy,
    world.user.classicAddress,
    req.rows[1]!.uri,
    'tecNO_PERMISSION',
  )
  await world.use({ endpoints: [world.h.sb.url, world.proxy.url], clio: [world.h.sb.url] })
  const plan = await world.engine.planJob(req)
  await world.engine.startJob(plan.jobId)
  const first = await expectSafe(world, plan.jobId, req)
  expect(lie.n).toBeGreaterThan(0)
  expect(first.status).toBe('paused')
  expect(first.notice).toMatch(/disagree on row 2's transaction/)
}, 90_000)

/**
 * Attack 6b: both servers lie, differently: the one in use shows row 2 tecNO_PERMISSION, the
 * second tecNO_TARGET. Safe: neither result is recorded, the job pauses, nothing is minted twice.
 */
it('two servers that lie differently: the job pauses, nothing recorded failed, nothing minted twice', async () => {
  const world = (w = await startAttackWorld({ others: 3 }))
  const second = await startProxy(world.honest)
  extra.push(second)
  const req = request(world, 'both')
  const account = world.user.classicAddress
  const a = forgeResult(world.proxy, account, req.rows[1]!.uri, 'tecNO_PERMISSION')
  const b = forgeResult(second, account, req.rows[1]!.uri, 'tecNO_TARGET')
  await world.use({ endpoints: [world.proxy.url, second.url], clio: [world.h.sb.url] })
  const plan = await world.engine.planJob(req)
  await world.engine.startJob(plan.jobId)
  const first = await expectSafe(world, plan.jobId, req)
  expect(a.n + b.n).toBeGreaterThan(0)
  expect(first.status).toBe('paused')
}, 90_000)

/**
 * Attack 6c: the second server hides the mints (`tx`: txnNotFound, searched_all) while the honest
 * server in use shows them validated and the account's Sequence past them. Safe: no row is signed
 * again with a new number (no second NFT), none recorded failed; resumed with honest servers, each
 * row has its one NFT.
 */
it('a second server that hides the mints: no row is minted twice or recorded failed', async () => {
  const world = (w = await startAttackWorld({ others: 3 }))
  const req = request(world, 'hide')
  let hidden = 0
  world.proxy.hooks = {
    reply: (reply, r) => {
      if (r.command !== 'tx') return reply
      hidden++
      return txnNotFound(reply, r)
    },
  }
  await world.use({ endpoints: [world.h.sb.url, world.proxy.url], clio: [world.h.sb.url] })
  const plan = await world.engine.planJob(req)
  await world.engine.startJob(plan.jobId)
  await expectSafe(world, plan.jobId, req)
  expect(hidden).toBeGreaterThan(0)
}, 90_000)

/**
 * Attack 6d: the network's second server never answers (it takes every request and replies to
 * none). Safe: no result counts on the word of the server in use alone (the plan promised two
 * servers' word): the job pauses naming the silence, no row is recorded; once the second server
 * answers again, Resume finishes every row with its one NFT.
 */
it('a second server that never answers: nothing counts on one server’s word, nothing minted twice', async () => {
  const world = (w = await startAttackWorld({ others: 3 }))
  const req = request(world, 'silent')
  world.proxy.hooks = { reply: () => null }
  await world.use({
    endpoints: [world.h.sb.url, world.proxy.url],
    clio: [world.h.sb.url],
    requestTimeoutMs: 2_000,
  })
  const plan = await world.engine.planJob(req)
  await world.engine.startJob(plan.jobId)
  const first = await jobFinished(world.h.db, plan.jobId, 60_000)
  const items = await readItems(world.h.db, plan.jobId)
  expect(first.status).toBe('paused')
  expect(first.notice).toMatch(/no other server of the network answered/)
  expect(
    items.filter((i) => i.status === 'succeeded' || i.status === 'failed').map((i) => i.index),
    "rows recorded on one server's word",
  ).toEqual([])
  world.proxy.hooks = {}
  await world.engine.startJob(plan.jobId)
  await expectSafe(world, plan.jobId, req)
}, 90_000)

/**
 * Attack 6e (availability): the network's second server refuses connections (HTTP 503 on each
 * handshake) while a mint's three results are asked about at once. The job pauses, rightly ("no
 * other server answered … Resume when one is reachable"). Safe: once the server takes connections
 * again, Resume finishes the job — the runner must not be left waiting forever on a second
 * opinion that will never come back, nor the engine unable to end.
 */
it('a second server that refused connections: once it is back, Resume finishes the mint', async () => {
  const world = (w = await startAttackWorld({ others: 3 }))
  const gate = await startGate(world.honest)
  extra.push(gate as unknown as Proxy)
  const req = request(world, 'refused')
  await world.use({ endpoints: [world.h.sb.url, gate.url], clio: [world.h.sb.url] })
  const plan = await world.engine.planJob(req)
  await world.engine.startJob(plan.jobId)
  const first = await jobFinished(world.h.db, plan.jobId, 60_000)
  expect(first.status).toBe('paused')
  expect(first.notice).toMatch(/no other server of the network answered/)
  gate.open = true
  await world.engine.startJob(plan.jobId)
  const end = await jobFinished(world.h.db, plan.jobId, 20_000).catch(() => null)
  const items = await readItems(world.h.db, plan.jobId)
  expect
    .soft(
      { job: end?.status ?? 'still running after 20 s', rows: items.map((i) => i.status) },
      'the job resumed once the second server answers',
    )
    .toEqual({ job: 'completed', rows: ['succeeded', 'succeeded', 'succeeded'] })
  const ended = await Promise.race([
    world.engine.dispose().then(() => 'ended'),
    new Promise((resolve) => setTimeout(() => resolve('still waiting after 10 s'), 10_000)),
  ])
  expect(ended, 'the engine ends (EngineApi.dispose)').toBe('ended')
}, 90_000)

/**
 * Attack 3: rows whose URI serves nothing usable — an HTML `data:` URI (scriptable), a `data:` JSON
 * URI that is not JSON, a CID no gateway has — in a manifest with a good row. Safe: each is named
 * METADATA_UNSERVED, the job does not start until the user says to skip them, and none is minted
 * unless the user chose skipMetadataCheck.
 */
it('rows nothing serves (data:text/html, data: not JSON, an unknown CID) are never minted unchecked', async () => {
  const world = (w = await startAttackWorld({ others: 0, gateway: true }))
  const good = `ipfs://${SERVED_DIR}/1.json`
  const bad = [
    'data:text/html,<script>alert(1)</script>',
    'data:application/json,not json',
    'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json',
  ]
  const rows = [good, ...bad].map((uri) => ({ uri }))
  const plan = await world.engine.planJob({ kind: 'mint', terms: TERMS, rows })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([
    ['METADATA_UNSERVED', 1],
    ['METADATA_UNSERVED', 2],
    ['METADATA_UNSERVED', 3],
  ])
  await expect(world.engine.startJob(plan.jobId)).rejects.toThrow('Pre-flight found problems')
  await world.engine.startJob(plan.jobId, { skipProblems: true })
  expect((await jobFinished(world.h.db, plan.jobId, 60_000)).status).toBe('completed')
  const held = [...(await nftUrisOf(world.client, world.user.classicAddress)).values()]
  expect(held).toEqual([good])
  // Checked once and found served, a URI's cached verdict is its own: a bad URI that merely
  // starts like it is still checked.
  const again = await world.engine.planJob({
    kind: 'mint',
    terms: TERMS,
    rows: [{ uri: `${good}x` }, { uri: ` ${good} ` }],
  })
  const unserved = again.problems.filter((p) => p.code === 'METADATA_UNSERVED')
  expect(unserved.map((p) => p.itemIndex)).toEqual([0])
}, 60_000)
