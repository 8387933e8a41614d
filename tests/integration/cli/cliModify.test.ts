/**
 * `xnm modify plan` run as a child process against a sandbox: a reveal's file planned (the NFT not
 * minted mutable named), changed with `xnm job start`, and checked on the ledger with the test's own
 * client; `--repair` with nothing to repair.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { convertStringToHex } from 'xrpl'

import { records, startCliLedger } from '../../helpers/cli.ts'
import type { CliLedger } from '../../helpers/cli.ts'
import { nftUrisOf } from '../../helpers/jobs.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

interface PlanRecord {
  jobId: string
  items: number
  problems: { code: string; itemIndex?: number }[]
}

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 0, recipients: 0, closeMs: 250 })
}, 120_000)

afterAll(() => t.stop())

it('plans a reveal from a file, leaves out the NFT not minted mutable, and changes the rest', async () => {
  const account = t.world.wallet.address
  for (const [i, flags] of [0x18, 0x18, 0x18, 0x08].entries()) {
    const r = submitInProcess(t.sb.ledger, t.world.wallet, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 5,
      Flags: flags,
      URI: convertStringToHex(`ipfs://bafyhidden/${i + 1}.json`),
    })
    expect(r.engine_result).toBe('tesSUCCESS')
  }
  t.sb.ledger.accept()
  const before = await nftUrisOf(t.client, account)
  const byUri = new Map([...before].map(([id, uri]) => [uri, id]))
  const ids = [1, 2, 3, 4].map((n) => byUri.get(`ipfs://bafyhidden/${n}.json`)!)
  const file = t.world.file(
    'reveal.csv',
    ['nft_id,uri', ...ids.map((id, i) => `${id},ipfs://bafyrevealed/${i + 1}.json`)].join('\n'),
  )
  // The CLI ledger has no gateway: the new documents are not served (mintMetadata.test.ts checks them).
  const planned = await t.world.run([
    'modify',
    'plan',
    '--file',
    file,
    '--skip-metadata-check',
    '--json',
  ])
  expect(planned.code, planned.err).toBe(0)
  const plan = records<PlanRecord>(planned.out, 'plan')[0]!
  expect(plan.items).toBe(4)
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['NOT_MUTABLE', 3]])
  const run = await t.world.run(['job', 'start', plan.jobId, '--skip-problems', '--json'])
  expect(run.code, run.err).toBe(0)
  expect(records<{ status: string }>(run.out, 'result')[0]).toMatchObject({ status: 'completed' })
  const after = await nftUrisOf(t.client, account)
  expect(ids.map((id) => after.get(id))).toEqual([
    'ipfs://bafyrevealed/1.json',
    'ipfs://bafyrevealed/2.json',
    'ipfs://bafyrevealed/3.json',
    'ipfs://bafyhidden/4.json',
  ])

  const repair = await t.world.run(['modify', 'plan', '--repair'])
  expect(repair.code, repair.err).toBe(0)
  expect(repair.out).toContain('Nothing to repair')
  const neither = await t.world.run(['modify', 'plan'])
  expect(neither.code).toBe(2)
  expect(neither.err).toContain('give the NFTs: --file FILE')
})
