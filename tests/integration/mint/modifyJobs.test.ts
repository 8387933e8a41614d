/**
 * Job kind `modify` (XLS-46 NFTokenModify) against the sandbox: a reveal of NFTs minted mutable and
 * held by their recipients (holders read from Clio), an NFT not minted mutable named and left out,
 * an issuer's authorized minter changing the issuer's NFTs (and refused for an issuer that did not
 * authorize it), and the repair of a collection whose URIs name a gateway that closed: each change
 * checked on the ledger with an independent client.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Wallet, convertHexToString } from 'xrpl'
import type { Client } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import type { MintRequest, MintTerms } from '../../../src/worker/api.ts'
import { jobFinished } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { nftUrisOf, offersOf } from '../../helpers/jobs.ts'
import { eventually } from '../../helpers/poll.ts'
import { SERVED_DIR, startMintLedger } from '../../helpers/mintLedger.ts'
import type { MintLedger } from '../../helpers/mintLedger.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

const minter = Wallet.generate()
const issuer = Wallet.generate()
const other = Wallet.generate()
const holders = Array.from({ length: 3 }, () => Wallet.generate())
const MUTABLE: MintTerms = {
  taxon: 3,
  transferFee: 0,
  burnable: false,
  onlyXrp: false,
  transferable: true,
  mutable: true,
}
const DIR = SERVED_DIR
let next = 1
/** A URI the sandbox gateway serves a complete document at, new on each call. */
const served = () => `ipfs://${DIR}/${next++}.json`

let world: MintLedger
let h: EngineHarness
let client: Client

beforeAll(async () => {
  world = await startMintLedger({
    gateway: true,
    fund: [minter, issuer, other, ...holders],
    signer: minter,
  })
  ;({ h, client } = world)
})

afterAll(() => world.stop())

/** Plans and runs a job to its end (its problems' items skipped); returns its items. */
async function run(request: Parameters<typeof h.engine.planJob>[0]) {
  const plan = await h.engine.planJob(request)
  await h.engine.startJob(plan.jobId, { skipProblems: true })
  const job = await jobFinished(h.db, plan.jobId, 60_000)
  expect(job.status).toBe('completed')
  return { plan, items: await readItems(h.db, plan.jobId) }
}

/** Mints the rows and returns the NFT ids in row order. */
async function mint(request: Omit<MintRequest, 'kind'>): Promise<string[]> {
  const { items } = await run({ kind: 'mint', ...request })
  return items.map((i) => i.mintedNftId!)
}

/** The URI the validated ledger has for an NFT, wherever it is (Clio's nft_info). */
async function uriOf(nftId: string): Promise<string> {
  const r = await client.request({ command: 'nft_info', nft_id: nftId } as never)
  return convertHexToString((r as { result: { uri: string } }).result.uri)
}

it('reveals 10 NFTs its recipients hold: new URIs on the ledger; one not minted mutable is named and left out', async () => {
  const ids = await mint({
    terms: MUTABLE,
    rows: Array.from({ length: 10 }, (_, i) => ({
      uri: served(),
      recipient: holders[i % 3]!.classicAddress,
    })),
  })
  const offers = await offersOf(client, minter.classicAddress)
  for (const offer of offers) {
    const taker = holders.find((w) => w.classicAddress === offer.Destination)!
    const r = submitInProcess(h.sb.ledger, taker, {
      TransactionType: 'NFTokenAcceptOffer',
      NFTokenSellOffer: offer.index,
    })
    expect(r.engine_result).toBe('tesSUCCESS')
  }
  await eventually(
    () => nftUrisOf(client, holders[0]!.classicAddress),
    (held) => held.size === 4,
    'the recipients hold their NFTs',
  )
  const [fixed] = await mint({ terms: { ...MUTABLE, mutable: false }, rows: [{ uri: served() }] })
  const reveal = [...ids, fixed!].map((id) => [id, served()] as const)
  const manifest = await h.engine.parseModifyManifest(
    ['nft_id,uri,new_uri', ...reveal.map(([id, uri]) => `${id},ipfs://old/x.json,${uri}`)].join(
      '\n',
    ),
    'reveal.csv',
  )
  expect(manifest.columns).toEqual({ nftId: 'nft_id', uri: 'new_uri' })
  const { plan, items } = await run({ kind: 'modify', rows: manifest.rows })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['NOT_MUTABLE', 10]])
  expect(plan.problems[0]!.message).toContain('was not minted mutable: its URI can never change')
  expect(items.map((i) => i.status)).toEqual([...Array<string>(10).fill('succeeded'), 'skipped'])
  // Each holder named on its row (the transaction's Owner), as Clio said.
  expect(items.slice(0, 10).map((i) => i.recipient)).toEqual(
    Array.from({ length: 10 }, (_, i) => holders[i % 3]!.classicAddress),
  )
  for (const [id, uri] of reveal.slice(0, 10)) expect(await uriOf(id)).toBe(uri)
  expect(await uriOf(fixed!)).not.toBe(reveal[10]![1])
})

it("changes an issuer's NFTs as its authorized minter, and refuses another issuer's", async () => {
  const set = submitInProcess(h.sb.ledger, issuer, {
    TransactionType: 'AccountSet',
    SetFlag: 10,
    NFTokenMinter: minter.classicAddress,
  })
  expect(set.engine_result).toBe('tesSUCCESS')
  await h.sb.ledgerAccept()
  const ids = await mint({
    terms: { ...MUTABLE, issuer: issuer.classicAddress },
    rows: [{ uri: served() }, { uri: served() }],
  })
  // Another issuer's mutable NFT, which that issuer holds: this account may not change it.
  const minted = submitInProcess(h.sb.ledger, other, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 1,
    Flags: 0x18,
    URI: Buffer.from(served()).toString('hex').toUpperCase(),
  })
  expect(minted.engine_result).toBe('tesSUCCESS')
  const theirs = await eventually(
    () => nftUrisOf(client, other.classicAddress),
    (held) => held.size === 1,
    "the other issuer's NFT",
  )
  const rows = [...ids, ...theirs.keys()].map((nftId) => ({ nftId, uri: served() }))
  const { plan, items } = await run({ kind: 'modify', rows })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['NOT_AUTHORIZED', 2]])
  expect(items.map((i) => i.status)).toEqual(['succeeded', 'succeeded', 'skipped'])
  for (const [i, id] of ids.entries()) expect(await uriOf(id)).toBe(rows[i]!.uri)
})

it('repairs NFTs whose URI names a closed gateway: each proposed in its ipfs:// form, changed on the ledger', async () => {
  const closed = (n: number) => `https://cloudflare-ipfs.com/ipfs/${DIR}/${n}.json`
  const base = next
  next += 4
  const ids = await mint({
    terms: MUTABLE,
    rows: [0, 1, 2].map((i) => ({ uri: closed(base + i) })),
  })
  const [fixed] = await mint({
    terms: { ...MUTABLE, mutable: false },
    rows: [{ uri: closed(base + 3) }],
  })
  const candidates = await h.engine.repairCandidates()
  const ours = new Map(candidates.map((c) => [c.nftId, c]))
  for (const [i, id] of ids.entries()) {
    expect(ours.get(id)).toMatchObject({
      owner: minter.classicAddress,
      oldUri: closed(base + i),
      newUri: `ipfs://${DIR}/${base + i}.json`,
      why: 'closed-gateway',
      mutable: true,
    })
  }
  expect(ours.get(fixed!)).toMatchObject({ mutable: false, why: 'closed-gateway' })
  const rows = candidates.filter((c) => c.mutable).map((c) => ({ nftId: c.nftId, uri: c.newUri }))
  const { items } = await run({ kind: 'modify', rows })
  expect(items.every((i) => i.status === 'succeeded')).toBe(true)
  for (const [i, id] of ids.entries())
    expect(await uriOf(id)).toBe(`ipfs://${DIR}/${base + i}.json`)
  expect((await h.engine.repairCandidates()).map((c) => c.nftId)).toEqual([fixed])
})

it('a reveal to a URI nothing serves is left out before signing; the NFT keeps its URI', async () => {
  const [id] = await mint({ terms: MUTABLE, rows: [{ uri: served() }] })
  const before = await uriOf(id!)
  const unserved = 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/9.json'
  const plan = await h.engine.planJob({ kind: 'modify', rows: [{ nftId: id!, uri: unserved }] })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['METADATA_UNSERVED', 0]])
  expect(plan.transactions).toBe(0)
  expect(await uriOf(id!)).toBe(before)
  const skipped = await h.engine.planJob({
    kind: 'modify',
    rows: [{ nftId: id!, uri: unserved }],
    skipMetadataCheck: true,
  })
  expect(skipped.problems).toEqual([])
})
