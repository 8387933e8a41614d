/**
 * `xnm mint plan` run as a child process against a sandbox: a manifest minted straight to its
 * recipients (the terms said in words before anything is signed), a numbered range minted, and a
 * bad manifest refused — what it did checked on the ledger with the test's own client.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { convertHexToString, parseNFTokenID } from 'xrpl'

import { records, startCliLedger } from '../../helpers/cli.ts'
import type { CliLedger } from '../../helpers/cli.ts'
import { offersOf } from '../../helpers/jobs.ts'

interface PlanRecord {
  jobId: string
  canStart: boolean
  items: number
  problems: { code: string }[]
}

let t: CliLedger

beforeAll(async () => {
  t = await startCliLedger({ nfts: 0, recipients: 3, closeMs: 250 })
}, 120_000)

afterAll(() => t.stop())

/** The minter's NFTs on the validated ledger: id → URI text. */
async function minted(): Promise<Map<string, string>> {
  const reply = await t.client.request({
    command: 'account_nfts',
    account: t.world.wallet.address,
    ledger_index: 'validated',
    limit: 400,
  })
  return new Map(
    reply.result.account_nfts.map((n) => [n.NFTokenID, convertHexToString(n.URI ?? '')]),
  )
}

it('plans a manifest with its terms in words, then mints it straight to the recipients', async () => {
  const rows = t.recipients.map((r, i) => `ipfs://bafydrop/${i + 1}.json,${r.address}`)
  const manifest = t.world.file(
    'drop.csv',
    ['uri,recipient', ...rows, 'ipfs://bafydrop/4.json,'].join('\n'),
  )
  const shown = await t.world.run([
    'mint',
    'plan',
    // The CLI ledger has no gateway: these rows' documents are not served (mintMetadata.test.ts checks them).
    '--skip-metadata-check',
    '--manifest',
    manifest,
    '--taxon',
    '9',
    '--transferable',
    '--transfer-fee',
    '2.5',
    '--mutable',
  ])
  expect(shown.code, shown.err).toBe(0)
  expect(shown.out).toContain('drop.csv: 4 NFTs to mint, 3 of them with an offer')
  expect(shown.out).toContain('transfer fee 2.5 %: the issuer earns 2.5 XRP of each 100 XRP resale')
  expect(shown.out).toContain('mutable: the issuer may change its URI later')
  expect(shown.out).toContain('Minting is permanent: once minted, these terms cannot change.')
  const jobId = /Planned mint job ([0-9a-f-]{36})/.exec(shown.out)![1]!

  const run = await t.world.run(['job', 'start', jobId, '--json'])
  expect(run.code, run.err).toBe(0)
  expect(records<{ status: string }>(run.out, 'result')[0]).toMatchObject({ status: 'completed' })
  const held = await minted()
  expect([...held.values()].sort()).toEqual([1, 2, 3, 4].map((n) => `ipfs://bafydrop/${n}.json`))
  for (const id of held.keys()) {
    expect(parseNFTokenID(id)).toMatchObject({ Taxon: 9, TransferFee: 2500, Flags: 0x18 })
  }
  const offers = await offersOf(t.client, t.world.wallet.address)
  expect(offers.map((o) => o.Destination).sort()).toEqual(t.recipients.map((r) => r.address).sort())
  for (const offer of offers) expect(offer.Amount).toBe('0')
})

it('mints a numbered range to a distribution list, and refuses a manifest without a URI column (exit 2)', async () => {
  const before = (await minted()).size
  const [first, second] = t.recipients
  const list = t.world.file(
    'holders.csv',
    `wallet_address,nft_amount\n${first!.address},2\n${second!.address},1\n`,
  )
  const planned = await t.world.run([
    'mint',
    'plan',
    // The CLI ledger has no gateway: these rows' documents are not served (mintMetadata.test.ts checks them).
    '--skip-metadata-check',
    '--range',
    'ipfs://bafyset/{n}.json:1-5',
    '--recipients',
    list,
    '--taxon',
    '10',
    '--json',
  ])
  expect(planned.code, planned.err).toBe(0)
  const plan = records<PlanRecord>(planned.out, 'plan')[0]!
  expect(plan).toMatchObject({ items: 5, canStart: true, problems: [] })
  expect((await t.world.run(['job', 'start', plan.jobId])).code).toBe(0)
  const held = await minted()
  expect(held.size).toBe(before + 5)
  expect([...held.values()].filter((u) => u.startsWith('ipfs://bafyset/'))).toHaveLength(5)
  // Rows 1–3 went to the list's recipients in order, its counts kept; rows 4–5 to nobody.
  const offered = (await offersOf(t.client, t.world.wallet.address))
    .filter((o) => held.get(o.NFTokenID)?.startsWith('ipfs://bafyset/'))
    .map((o) => [held.get(o.NFTokenID), o.Destination])
    .sort()
  expect(offered).toEqual([
    ['ipfs://bafyset/1.json', first!.address],
    ['ipfs://bafyset/2.json', first!.address],
    ['ipfs://bafyset/3.json', second!.address],
  ])

  const bad = t.world.file('bad.csv', `address\n${t.recipients[0]!.address}\n`)
  const refused = await t.world.run(['mint', 'plan', '--manifest', bad, '--taxon', '1'])
  expect(refused.code).toBe(2)
  expect(refused.err).toContain('The manifest has no URI column')
  const noTaxon = await t.world.run(['mint', 'plan', '--range', 'ipfs://x/{n}:1-2'])
  expect(noTaxon.code).toBe(2)
  expect(noTaxon.err).toContain('xnm mint plan needs --taxon N')
})
