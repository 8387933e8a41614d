/** A distribution list given to a manifest's open rows (mint/mintRecipients.ts). */
import { expect, it } from 'vitest'
import { Wallet } from 'xrpl'

import type { DistributionFile, MintManifest } from '../../src/worker/api.ts'
import { withRecipients } from '../../src/worker/mint/mintRecipients.ts'

const [a, b, c] = Array.from({ length: 3 }, () => Wallet.generate().classicAddress)

function manifest(rows: MintManifest['rows']): MintManifest {
  const columns = { uri: 'uri', recipient: null, price: null, expiration: null }
  return { fileName: 'm.csv', rows, problems: [], columns, gaps: [] }
}

function list(rows: [string, number][]): DistributionFile {
  return {
    fileName: 'holders.csv',
    rows: rows.map(([address, count], i) => ({ line: i + 2, address, count })),
    processedCount: rows.length,
    nftsRequested: rows.reduce((n, [, k]) => n + k, 0),
    problems: [],
    columns: { recipient: 'wallet_address', count: 'nft_amount' } as DistributionFile['columns'],
  }
}

it('fills open rows in order, each recipient its count; rows with a recipient or a price keep theirs', () => {
  const m = manifest([
    { uri: 'u1' },
    { uri: 'u2', recipient: c! },
    { uri: 'u3', amountDrops: '1000' },
    { uri: 'u4' },
    { uri: 'u5' },
  ])
  const out = withRecipients(
    m,
    list([
      [a!, 2],
      [b!, 1],
    ]),
  )
  expect(out.rows.map((r) => r.recipient)).toEqual([a, c, undefined, a, b])
  expect(out.problems).toEqual([])
})

it('says what does not fit: recipients left over, or rows left without one', () => {
  const short = withRecipients(manifest([{ uri: 'u1' }]), list([[a!, 3]]))
  expect(short.problems.map((p) => p.message)).toEqual([
    'holders.csv asks for 3 NFTs, but the manifest has 1 row open for a recipient: the last 2 get none',
  ])
  const long = withRecipients(manifest([{ uri: 'u1' }, { uri: 'u2' }]), list([[a!, 1]]))
  expect(long.rows.map((r) => r.recipient)).toEqual([a, undefined])
  expect(long.problems.map((p) => p.message)).toEqual([
    '1 row of the manifest is left without a recipient: minted into your account only',
  ])
})
