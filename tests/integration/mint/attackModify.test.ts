/**
 * Security review of the modify job (XLS-46), its repairs and authorizeMinter, as an attacker who
 * runs a server (the network's Clio, or the rippled in use, with an honest second server of the same
 * ledger on the network) or a scammer who hands the user a file. Each test asserts the SAFE
 * behaviour a user can see — the plan, the job's items, the ledger as an independent client reads
 * it —: a failing test is a proven weakness, a passing one keeps a defence.
 */
import { afterEach, expect, it } from 'vitest'
import { convertStringToHex, decode, hashes } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import type { JobRequest } from '../../../src/worker/api.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { fakeTxReply } from '../../helpers/lyingServer.ts'
import { nftUrisOf, validatedIndex } from '../../helpers/jobs.ts'
import type { Json } from '../../helpers/rewritingProxy.ts'
import { SERVED_DIR } from '../../helpers/mintLedger.ts'
import { eventually } from '../../helpers/poll.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'
import { TRANSFERABLE, ledgerUri, mintDirect, startAttackWorld, txsOfType } from './attackWorld.ts'
import type { AttackWorld } from './attackWorld.ts'

/** A well-formed CIDv1 that is not the collection's: the attacker's (phishing) document. */
const ATTACKER_CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'
const closedGateway = (cid: string, n: number) =>
  `https://cloudflare-ipfs.com/ipfs/${cid}/${n}.json`

let w: AttackWorld | undefined

afterEach(async () => {
  await w?.stop()
  w = undefined
})

/** Plans a job, starts it skipping its items' problems, and waits for its end. */
async function runSkipping(world: AttackWorld, request: JobRequest) {
  const plan = await world.engine.planJob(request)
  await world.engine.startJob(plan.jobId, { skipProblems: true })
  const job = await jobFinished(world.h.db, plan.jobId, 60_000)
  return { plan, job, items: await readItems(world.h.db, plan.jobId) }
}

/**
 * Attack 1b: a lying Clio answers `nfts_by_issuer` with the user's real NFTs (real ids, real
 * holder) but a forged `uri`: the closed gateway's address of the ATTACKER's CID. repairCandidates
 * turns it into `ipfs://ATTACKER_CID/…` and proposes it as the "repair" of the user's NFTs; a user
 * who applies the repairs points their collection at the attacker's document for good.
 * Safe: a repair proposes the gateway-independent form of the URI the NFT has ON THE LEDGER (here
 * `ipfs://<collection CID>/n.json`), whatever Clio says it is; the ledger never gets the attacker's
 * CID.
 */
it('repairCandidates proposes the ipfs:// form of the URI on the ledger, not one a lying Clio made up', async () => {
  const world = (w = await startAttackWorld({ others: 0 }))
  const uris = [1, 2, 3].map((n) => closedGateway(SERVED_DIR, n))
  const ids = await mintDirect(world, world.user, uris)
  let forged = 0
  world.proxy.hooks = {
    reply: (reply, request) => {
      const result = reply.result as Json | undefined
      if (request.command !== 'nfts_by_issuer' || !Array.isArray(result?.nfts)) return reply
      const nfts = (result.nfts as Json[]).map((n, i) => {
        forged++
        return { ...n, uri: convertStringToHex(closedGateway(ATTACKER_CID, i + 1)) }
      })
      return { ...reply, result: { ...result, nfts } }
    },
  }
  // The rippled in use is honest; only the network's Clio lies.
  await world.use({ endpoints: [world.h.sb.url], clio: [world.proxy.url] })
  const candidates = await world.engine.repairCandidates()
  expect(forged).toBeGreaterThan(0)
  const proposed = new Map(candidates.map((c) => [c.nftId, [c.oldUri, c.newUri]]))
  expect
    .soft(
      ids.map((id) => proposed.get(id)),
      'each repair: [the URI on the ledger, its ipfs:// form]',
    )
    .toEqual(uris.map((u, i) => [u, `ipfs://${SERVED_DIR}/${i + 1}.json`]))
  // The user applies the repairs the app proposed (as the CLI's `xnm modify --repair` does).
  const rows = candidates.filter((c) => c.mutable).map((c) => ({ nftId: c.nftId, uri: c.newUri }))
  if (rows.length > 0) await runSkipping(world, { kind: 'modify', rows })
  for (const [i, id] of ids.entries()) {
    const onLedger = await ledgerUri(world.client, id)
    expect(onLedger, `NFT ${i + 1}'s URI on the ledger after the repair`).not.toContain(
      ATTACKER_CID,
    )
  }
}, 60_000)

/**
 * Attack 1c: the server in use (not Clio) shows the holder's NFT pages with a forged URI: the
 * closed gateway's address of the attacker's CID. An honest second server is on the network.
 * Safe: no repair proposes the attacker's CID (a URI the second server does not show alike is not
 * repaired), and the ledger never gets it.
 */
it('repairCandidates takes no URI the server in use alone shows (an honest second server disagrees)', async () => {
  const world = (w = await startAttackWorld({ others: 0 }))
  const uris = [1, 2].map((n) => closedGateway(SERVED_DIR, n))
  const ids = await mintDirect(world, world.user, uris)
  let forged = 0
  world.proxy.hooks = {
    reply: (reply, request) => {
      const result = reply.result as Json | undefined
      if (request.command !== 'account_nfts' || !Array.isArray(result?.account_nfts)) return reply
      const nfts = (result.account_nfts as Json[]).map((n, i) => {
        forged++
        return { ...n, URI: convertStringToHex(closedGateway(ATTACKER_CID, i + 1)) }
      })
      return { ...reply, result: { ...result, account_nfts: nfts } }
    },
  }
  await world.use({ endpoints: [world.proxy.url, world.honest], clio: [world.h.sb.url] })
  const candidates = await world.engine.repairCandidates()
  expect(forged).toBeGreaterThan(0)
  expect(candidates.map((c) => c.newUri).join(' ')).not.toContain(ATTACKER_CID)
  const rows = candidates.filter((c) => c.mutable).map((c) => ({ nftId: c.nftId, uri: c.newUri }))
  if (rows.length > 0) await runSkipping(world, { kind: 'modify', rows })
  for (const id of ids) expect(await ledgerUri(world.client, id)).not.toContain(ATTACKER_CID)
}, 60_000)

/**
 * Attack 1a: a lying Clio names a holder of its choice (a stranger) for the NFT a reveal changes.
 * The NFT's id is the user's (the Owner field only locates the NFT): nothing else can change, no
 * value can move. Safe: the plan names the row (the named holder does not hold it), nothing is
 * signed, no NFT's URI changes.
 */
it('a lying Clio that names another holder changes no NFT and signs nothing', async () => {
  const world = (w = await startAttackWorld({ others: 1 }))
  const [stranger] = world.others
  const [own] = await mintDirect(world, world.user, [`ipfs://${SERVED_DIR}/1.json`])
  const [theirs] = await mintDirect(world, stranger!, [`ipfs://${SERVED_DIR}/2.json`])
  const from = await validatedIndex(world.client)
  world.proxy.hooks = {
    reply: (reply, request) =>
      request.command === 'nft_info' && reply.result
        ? { ...reply, result: { ...(reply.result as Json), owner: stranger!.classicAddress } }
        : reply,
  }
  await world.use({ endpoints: [world.h.sb.url], clio: [world.proxy.url] })
  // The new document's check is skipped: the holder alone must keep this row from being signed.
  const { plan, items } = await runSkipping(world, {
    kind: 'modify',
    rows: [{ nftId: own!, uri: `ipfs://${ATTACKER_CID}/1.json` }],
    skipMetadataCheck: true,
  })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['NOT_OWNED', 0]])
  expect(items.map((i) => i.status)).toEqual(['skipped'])
  expect(await ledgerUri(world.client, own!)).toBe(`ipfs://${SERVED_DIR}/1.json`)
  expect(await ledgerUri(world.client, theirs!)).toBe(`ipfs://${SERVED_DIR}/2.json`)
  expect(await txsOfType(world.client, world.user.classicAddress, 'NFTokenModify', from)).toEqual(
    [],
  )
}, 60_000)

/**
 * Attack 2: a "partner's" reveal file lists, besides the user's own NFTs, another issuer's mutable
 * NFT, an NFT minted not mutable, a burned one, and the user's NFT twice (the second time in lower
 * case, with the attacker's URI). Safe: only the user's own mutable NFTs are changed, each once, to
 * its FIRST row's URI; nothing is signed for the others.
 */
it("a partner's reveal file: only the user's own mutable NFTs change, each once, to its first row", async () => {
  const world = (w = await startAttackWorld({ others: 1 }))
  const [otherIssuer] = world.others
  const [n1, n2, burned] = await mintDirect(world, world.user, [
    'ipfs://o/1',
    'ipfs://o/2',
    'ipfs://o/3',
  ])
  const [fixed] = await mintDirect(world, world.user, ['ipfs://o/4'], TRANSFERABLE)
  const [theirs] = await mintDirect(world, otherIssuer!, ['ipfs://theirs/1'])
  const burn = submitInProcess(world.h.sb.ledger, world.user, {
    TransactionType: 'NFTokenBurn',
    NFTokenID: burned!,
  })
  expect(burn.engine_result).toBe('tesSUCCESS')
  await eventually(
    () => nftUrisOf(world.client, world.user.classicAddress),
    (held) => !held.has(burned!),
    'the NFT burned',
  )
  const from = await validatedIndex(world.client)
  const evil = `ipfs://${ATTACKER_CID}/x.json`
  const csv = [
    'nft_id,new_uri',
    `${n1},ipfs://new/1`,
    `${n1!.toLowerCase()},${evil}`,
    `${n2},ipfs://new/2`,
    `${theirs},${evil}`,
    `${fixed},${evil}`,
    `${burned},${evil}`,
  ].join('\n')
  const manifest = await world.engine.parseModifyManifest(csv, 'partner.csv')
  expect(manifest.problems.map((p) => p.line)).toEqual([3])
  // The same NFT twice through the API (another case) is refused outright.
  await expect(
    world.engine.planJob({
      kind: 'modify',
      rows: [
        { nftId: n1!, uri: 'ipfs://new/1' },
        { nftId: n1!.toLowerCase(), uri: evil },
      ],
    }),
  ).rejects.toThrow('listed twice')
  // The new documents' check is skipped: holders, issuers and mutability alone must decide.
  const { plan, items } = await runSkipping(world, {
    kind: 'modify',
    rows: manifest.rows,
    skipMetadataCheck: true,
  })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([
    ['NOT_AUTHORIZED', 2],
    ['NOT_MUTABLE', 3],
    ['NOT_OWNED', 4],
  ])
  expect(items.map((i) => i.status)).toEqual([
    'succeeded',
    'succeeded',
    'skipped',
    'skipped',
    'skipped',
  ])
  expect(await ledgerUri(world.client, n1!)).toBe('ipfs://new/1')
  expect(await ledgerUri(world.client, n2!)).toBe('ipfs://new/2')
  expect(await ledgerUri(world.client, theirs!)).toBe('ipfs://theirs/1')
  expect(await ledgerUri(world.client, fixed!)).toBe('ipfs://o/4')
  const signed = await txsOfType(world.client, world.user.classicAddress, 'NFTokenModify', from)
  expect(signed.map((t) => t.NFTokenID).sort()).toEqual([n1, n2].sort())
}, 60_000)

async function minterOf(world: AttackWorld): Promise<string | undefined> {
  const r = await world.client.request({
    command: 'account_info',
    account: world.user.classicAddress,
    ledger_index: 'validated',
  })
  return (r.result.account_data as { NFTokenMinter?: string }).NFTokenMinter
}

/**
 * Attack 5: the user takes the minting right back from a minter they no longer trust. The server
 * in use holds the signed AccountSet (ClearFlag 10) back — answers tesSUCCESS, never relays it —
 * and shows it validated tesSUCCESS when asked. The network's honest second server has no such
 * transaction. Safe: the app does not say the right was taken back while the ledger still names
 * the old minter (a minter the user believes revoked goes on minting NFTs in the user's name, which
 * cannot be undone: rule 6's reason, here for authorizeMinter).
 */
it('a revoked minter is not shown removed while the ledger still names it (a held-back AccountSet)', async () => {
  const world = (w = await startAttackWorld({ others: 1 }))
  const [oldMinter] = world.others
  const set = submitInProcess(world.h.sb.ledger, world.user, {
    TransactionType: 'AccountSet',
    SetFlag: 10,
    NFTokenMinter: oldMinter!.classicAddress,
  })
  expect(set.engine_result).toBe('tesSUCCESS')
  await eventually(
    () => minterOf(world),
    (m) => m === oldMinter!.classicAddress,
    'minter set',
  )
  const held = new Map<string, string>()
  const swallowed = new Set<unknown>()
  world.proxy.hooks = {
    request: (req) => {
      if (req.command !== 'submit' || typeof req.tx_blob !== 'string') return req
      const tx = decode(req.tx_blob) as Json
      if (tx.TransactionType !== 'AccountSet' || tx.ClearFlag !== 10) return req
      held.set(hashes.hashSignedTx(req.tx_blob), req.tx_blob)
      swallowed.add(req.id)
      return { id: req.id, command: 'ping' }
    },
    reply: async (reply, req) => {
      if (swallowed.delete(req.id)) {
        return { ...reply, result: { engine_result: 'tesSUCCESS', accepted: true, applied: true } }
      }
      const blob =
        req.command === 'tx' ? held.get(String(req.transaction).toUpperCase()) : undefined
      return blob ? fakeTxReply(reply, blob, await validatedIndex(world.client)) : reply
    },
  }
  await world.use({ endpoints: [world.proxy.url, world.honest], clio: [world.honest] })
  const plan = await world.engine.planJob({ kind: 'authorizeMinter', minter: null })
  await world.engine.startJob(plan.jobId)
  const job = await jobFinished(world.h.db, plan.jobId, 60_000)
  const [item] = await readItems(world.h.db, plan.jobId)
  expect(held.size).toBeGreaterThan(0)
  // Shown removed (the item succeeded, the job completed: "no account may"): the ledger must agree.
  const shownRemoved = item!.status === 'succeeded'
  expect
    .soft(
      shownRemoved ? await minterOf(world) : undefined,
      `job ${job.status}, item ${item!.status}: the NFTokenMinter the ledger still names`,
    )
    .toBeUndefined()
  // What it costs: the minter the user believes revoked still mints NFTs in the user's name.
  const mint = submitInProcess(world.h.sb.ledger, oldMinter!, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 0,
    Issuer: world.user.classicAddress,
  })
  expect(
    shownRemoved ? mint.engine_result : 'tecNO_PERMISSION',
    'the old minter, shown removed, mints as the user',
  ).not.toBe('tesSUCCESS')
}, 60_000)

/**
 * Attack 5 (a crafted request): an empty or missing minter must not be read as "take the right
 * back" (null alone means that), nor may the user's own account be named. Safe: refused, nothing
 * planned.
 */
it('a crafted authorizeMinter request names no minter the user did not give, and clears nothing', async () => {
  const world = (w = await startAttackWorld({ others: 0 }))
  for (const minter of ['', undefined, ' ', 42, { address: 'x' }]) {
    const request = { kind: 'authorizeMinter', minter } as unknown as JobRequest
    await expect(
      world.engine.planJob(request),
      JSON.stringify(minter) ?? 'undefined',
    ).rejects.toThrow()
  }
  const own = { kind: 'authorizeMinter', minter: ` ${world.user.classicAddress} ` }
  await expect(world.engine.planJob(own as JobRequest)).rejects.toThrow('mints for itself')
}, 30_000)
