/**
 * A mint's metadata, checked before anything is signed: each URI read through the sandbox gateway
 * as the collection reads its NFTs', said of it what a card would show; a row nothing serves left
 * out of the plan and never minted; a check done once answers the plan from the cache.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { Client } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import type { MintCheckProgress, MintTerms } from '../../../src/worker/api.ts'
import { jobFinished } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { nftUrisOf } from '../../helpers/jobs.ts'
import { SERVED_DIR, startMintLedger } from '../../helpers/mintLedger.ts'
import type { MintLedger } from '../../helpers/mintLedger.ts'

const minter = Wallet.generate()
const TERMS: MintTerms = {
  taxon: 7,
  transferFee: 0,
  burnable: false,
  onlyXrp: false,
  transferable: true,
  mutable: false,
}
const served = (n: number) => `ipfs://${SERVED_DIR}/${n}.json`
/** A CID the gateway does not know: it answers 404. */
const UNSERVED = 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json'
/** A document inline, with a name and no picture. */
const NO_PICTURE = `data:application/json,${encodeURIComponent('{"name":"Plain"}')}`

let world: MintLedger
let h: EngineHarness
let client: Client

beforeAll(async () => {
  world = await startMintLedger({ gateway: true, fund: [minter], signer: minter })
  ;({ h, client } = world)
})

afterAll(() => world.stop())

it('says of each URI what its card shows, what is missing, and whether anything serves it', async () => {
  const seen: MintCheckProgress[] = []
  const report = await h.engine.checkMintMetadata(
    [served(1), UNSERVED, NO_PICTURE, served(2), served(1)],
    (p) => seen.push(p),
  )
  expect(report.checks.map((c) => [c.uri, c.verdict])).toEqual([
    [served(1), 'ok'],
    [UNSERVED, 'unserved'],
    [NO_PICTURE, 'incomplete'],
    [served(2), 'ok'],
    [served(1), 'ok'],
  ])
  expect(report).toMatchObject({ ok: 3, incomplete: 1, unserved: 1 })
  const [first, unserved, plain] = report.checks
  expect(first!.name).toBeTruthy()
  expect(first!.image).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//)
  expect(unserved!.problems[0]).toMatch(/^nothing serves this URI: /)
  expect(plain).toMatchObject({ name: 'Plain', image: null })
  expect(plain!.problems).toEqual(['The document names no picture or media'])
  // The same URI twice is read once; the last report counts every distinct one.
  expect(seen.at(-1)).toEqual({ total: 4, checked: 4, unserved: 1 })
})

it('plans a manifest with a URI nothing serves: that row is left out, named, and never minted', async () => {
  const rows = [{ uri: served(10) }, { uri: UNSERVED }, { uri: served(11) }]
  const plan = await h.engine.planJob({ kind: 'mint', terms: TERMS, rows })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['METADATA_UNSERVED', 1]])
  expect(plan.problems[0]!.message).toContain(`Row 2 (${UNSERVED}): nothing serves this URI`)
  expect(plan).toMatchObject({ transactions: 2, canStart: true })
  // As the tab's "Skip those and go on": the job starts only once the user says so.
  await expect(h.engine.startJob(plan.jobId)).rejects.toThrow('Pre-flight found problems')
  await h.engine.startJob(plan.jobId, { skipProblems: true })
  expect((await jobFinished(h.db, plan.jobId, 60_000)).status).toBe('completed')
  const items = await readItems(h.db, plan.jobId)
  expect(items.map((i) => i.status)).toEqual(['succeeded', 'skipped', 'succeeded'])
  const held = [...(await nftUrisOf(client, minter.classicAddress)).values()]
  expect(held).toContain(served(10))
  expect(held).toContain(served(11))
  expect(held).not.toContain(UNSERVED)
})

it('a team that skips the check mints the row, and the plan says nothing checked it', async () => {
  const plan = await h.engine.planJob({
    kind: 'mint',
    terms: TERMS,
    rows: [{ uri: UNSERVED.replace('1.json', '2.json') }],
    skipMetadataCheck: true,
  })
  expect(plan.problems).toEqual([])
  expect(plan.transactions).toBe(1)
})

it('a check answers from the cache: the plan needs no gateway once the documents were read', async () => {
  const uris = [served(20), served(21)]
  expect((await h.engine.checkMintMetadata(uris)).ok).toBe(2)
  const asked = h.sb.gateway!.received()
  const plan = await h.engine.planJob({
    kind: 'mint',
    terms: TERMS,
    rows: uris.map((uri) => ({ uri })),
  })
  expect(plan.problems).toEqual([])
  expect(h.sb.gateway!.received()).toBe(asked)
})
