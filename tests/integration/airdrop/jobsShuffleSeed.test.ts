/**
 * The airdrop shuffle's seed through the engine on the sandbox's demo ledger: recorded on the job,
 * and planning again with it reproduces the exact recipient→NFT pairs.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readItems, readJob, readJobRequest } from '../../../src/db/jobs.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { engineError } from '../../helpers/engine.ts'
import { freeNfts, startDemoJobsHarness } from '../../helpers/jobs.ts'
import type { DemoJobsHarness } from '../../helpers/jobs.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const recipients = accounts.recipients.slice(10, 30).map((w) => w.classicAddress)
let h: DemoJobsHarness
let nftIds: string[]

beforeAll(async () => {
  h = await startDemoJobsHarness()
  await h.engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  nftIds = await freeNfts(h.client, holder, 20)
})

afterAll(async () => {
  await h.stop()
})

function plan(fields: { randomize: boolean; seed?: string }) {
  return h.engine.planJob({
    kind: 'airdrop',
    distribution: recipients.map((address) => ({ address, count: 1 })),
    nftIds,
    ...fields,
  })
}

/** The planned recipient→NFT pairs of a job, in plan order. */
async function pairsOf(jobId: string): Promise<string[]> {
  return (await readItems(h.db, jobId)).map((item) =>
    item.intent.type === 'offer' ? `${item.recipient}→${item.intent.nftId}` : '',
  )
}

it('records a fresh seed and replanning with it reproduces the exact pairs', async () => {
  const first = await plan({ randomize: true })
  expect(first.shuffleSeed).toMatch(/^[0-9a-f]{32}$/)
  const job = await readJob(h.db, first.jobId)
  expect(job?.params.shuffleSeed).toBe(first.shuffleSeed)
  expect(await readJobRequest(h.db, first.jobId)).toMatchObject({ seed: first.shuffleSeed })

  const again = await plan({ randomize: true, seed: job?.params.shuffleSeed as string })
  expect(again.shuffleSeed).toBe(first.shuffleSeed)
  expect(await pairsOf(again.jobId)).toEqual(await pairsOf(first.jobId))

  const other = await plan({ randomize: true, seed: 'ffffffffffffffffffffffffffffffff' })
  expect(await pairsOf(other.jobId)).not.toEqual(await pairsOf(first.jobId))
  // Every plan gives out the same NFTs, only to other recipients.
  const nftsOf = async (id: string) => (await pairsOf(id)).map((p) => p.split('→')[1]).sort()
  expect(await nftsOf(other.jobId)).toEqual(await nftsOf(first.jobId))
})

it('a fresh seed each time when none is given', async () => {
  const a = await plan({ randomize: true })
  const b = await plan({ randomize: true })
  expect(a.shuffleSeed).not.toBe(b.shuffleSeed)
})

it('no seed without randomize; a malformed seed is refused with a clear message', async () => {
  const plain = await plan({ randomize: false, seed: '0123456789abcdef0123456789abcdef' })
  expect(plain.shuffleSeed).toBeUndefined()
  expect((await readJob(h.db, plain.jobId))?.params).not.toHaveProperty('shuffleSeed')
  expect(await engineError(plan({ randomize: true, seed: 'not-a-seed' }))).toEqual({
    code: 'VALIDATION',
    message: 'The shuffle seed must be 32 hexadecimal digits (0-9, a-f), got "not-a-seed"',
  })
})
