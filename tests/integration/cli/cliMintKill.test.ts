/**
 * `kill -9` of `xnm job start` at seeded points of a 200-NFT mint straight to recipients — just
 * before a submit (the blob stored, the ledger never got it), just after one (applied, unanswered),
 * and while settling — then `xnm job start ID` again until done: every row minted exactly once, its
 * offer to its recipient, and the NFT ids the report names those the ledger holds, as an independent
 * client reads them. The sandbox's onSubmit fault kills the process at the submit it was told.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { seededRandom } from '../../../src/worker/ledger/shuffleSeed.ts'
import { killAtThreePoints, records, startCliLedger } from '../../helpers/cli.ts'
import type { CliLedger } from '../../helpers/cli.ts'
import { nftUrisOf, offersOf } from '../../helpers/jobs.ts'

const ROWS = 200
const SEED = process.env.XNM_KILL_SEED ?? '5eed0c11c11c11c11c11c11c11c11c12'

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 0, recipients: 20, closeMs: 250 })
}, 120_000)

afterAll(() => t.stop())

it(`kill -9 mid-mint before a submit, after one and mid-settle mints no NFT twice (seed ${SEED})`, async () => {
  const uri = (i: number) => `ipfs://bafykill/${i + 1}.json`
  const recipientOf = (i: number) => t.recipients[i % t.recipients.length]!.address
  const manifest = t.world.file(
    'kill.csv',
    [
      'uri,recipient',
      ...Array.from({ length: ROWS }, (_, i) => `${uri(i)},${recipientOf(i)}`),
    ].join('\n'),
  )
  const planned = await t.world.run([
    'mint',
    'plan',
    '--manifest',
    manifest,
    '--taxon',
    '4',
    '--transferable',
    // The CLI ledger has no gateway (mintMetadata.test.ts checks documents).
    '--skip-metadata-check',
    '--json',
  ])
  expect(planned.code, planned.err).toBe(0)
  const jobId = records<{ jobId: string }>(planned.out, 'plan')[0]!.jobId
  const draw = seededRandom(SEED)
  const at = () => 10 + Math.floor(draw() * 40)

  await killAtThreePoints(t, jobId, at)
  const last = await t.world.run(['job', 'start', jobId, '--json'])
  expect(last.code, last.err).toBe(0)
  expect(records(last.out, 'result')[0]).toMatchObject({
    status: 'completed',
    counts: { succeeded: ROWS, failed: 0, skipped: 0 },
  })

  // On the ledger: each row's URI once, offered to its own recipient; nothing else minted.
  const minter = t.world.wallet.address
  const held = await nftUrisOf(t.client, minter)
  expect(held.size).toBe(ROWS)
  expect([...held.values()].sort()).toEqual(Array.from({ length: ROWS }, (_, i) => uri(i)).sort())
  const root = await t.client.request({
    command: 'account_info',
    account: minter,
    ledger_index: 'validated',
  })
  expect((root.result.account_data as { MintedNFTokens?: number }).MintedNFTokens).toBe(ROWS)
  const offers = await offersOf(t.client, minter)
  const byUri = new Map([...held].map(([id, u]) => [u, id]))
  const offered = new Map(offers.map((o) => [o.NFTokenID, o.Destination]))
  for (let i = 0; i < ROWS; i++) expect(offered.get(byUri.get(uri(i))!)).toBe(recipientOf(i))

  // The report names each row's NFT: the one the ledger holds with the row's URI.
  const report = await t.world.run(['job', 'report', jobId])
  expect(report.code, report.err).toBe(0)
  const lines = report.out.trim().split('\n')
  const header = lines[0]!.split(',')
  const nftAt = header.indexOf('nft_id')
  const indexAt = header.indexOf('index')
  const named = new Map(
    lines.slice(1).map((line) => {
      const cells = line.split(',')
      return [Number(cells[indexAt]), cells[nftAt]!] as const
    }),
  )
  for (let i = 0; i < ROWS; i++) expect(named.get(i), `row ${i + 1}`).toBe(byUri.get(uri(i)))
}, 300_000)
