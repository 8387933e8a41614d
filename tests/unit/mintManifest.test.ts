import { describe, expect, it } from 'vitest'
import { Wallet, isoTimeToRippleTime } from 'xrpl'

import { expandMintRange, numberedGaps, parseMintManifest } from '../../src/worker/mint/manifest.ts'

const minter = Wallet.generate().classicAddress
const alice = Wallet.generate().classicAddress
const bob = Wallet.generate().classicAddress

describe('parseMintManifest: CSV', () => {
  it("reads URIs with recipients, XRP prices and expirations, other tools' names too", () => {
    const csv = [
      'Token URI,Wallet Address,Price XRP,Expires',
      `ipfs://cid/1.json,${alice},,2030-01-01T00:00:00Z`,
      `ipfs://cid/2.json,${bob},1.5,`,
      'ipfs://cid/3.json,,,',
    ].join('\n')
    const manifest = parseMintManifest(csv, 'drop.csv', minter)
    expect(manifest.columns).toEqual({
      uri: 'Token URI',
      recipient: 'Wallet Address',
      price: 'Price XRP',
      expiration: 'Expires',
    })
    expect(manifest.rows).toEqual([
      {
        uri: 'ipfs://cid/1.json',
        recipient: alice,
        expiration: isoTimeToRippleTime('2030-01-01T00:00:00.000Z'),
      },
      { uri: 'ipfs://cid/2.json', recipient: bob, amountDrops: '1500000' },
      { uri: 'ipfs://cid/3.json' },
    ])
    expect(manifest.problems).toEqual([])
    expect(manifest.gaps).toEqual([])
  })

  it('leaves a bad row out with its line and why, keeps the rest, and names duplicates and gaps', () => {
    const csv = [
      'uri,address,price',
      'ipfs://cid/1.json,,',
      `ipfs://cid/2.json,rNotAnAddress,`,
      `ipfs://cid/${'x'.repeat(250)},,`,
      '',
      `ipfs://cid/4.json,${minter},`,
      'ipfs://cid/5.json,,abc',
      ',,1',
      ',,',
      'ipfs://cid/1.json,,',
      'ipfs://cid/6.json,,',
    ].join('\n')
    const manifest = parseMintManifest(csv, 'm.csv', minter)
    expect(manifest.rows.map((r) => r.uri)).toEqual([
      'ipfs://cid/1.json',
      'ipfs://cid/1.json',
      'ipfs://cid/6.json',
    ])
    expect(manifest.problems.map((p) => [p.line, p.severity, p.message])).toEqual([
      [3, 'error', 'Line 3: "rNotAnAddress" is not a valid XRP Ledger address; left out'],
      [4, 'error', 'Line 4: the URI is 261 bytes; the ledger keeps at most 256; left out'],
      [6, 'error', 'Line 6: the recipient is the minting account itself; left out'],
      [7, 'error', 'Line 7: the price "abc" is not an amount of XRP; left out'],
      [8, 'error', 'Line 8: no URI: every NFT needs one; left out'],
      // Line 9 has empty cells only: skipped as a blank line, and counted.
      [10, 'warning', 'Line 10: the same URI as line 2: two NFTs would show the same thing'],
    ])
    // 1 and 6 kept, twice as far apart as they are many: no numbered set to find gaps in.
    expect(manifest.gaps).toEqual([])
    const numbered = ['uri', ...[1, 2, 3, 5, 6, 8].map((n) => `ipfs://cid/${n}.json`)].join('\n')
    expect(parseMintManifest(numbered, 'm.csv', minter).gaps).toEqual([4, 7])
  })

  it('fails as a whole without a URI column, or with nothing to mint', () => {
    expect(() => parseMintManifest(`address\n${alice}\n`, 'm.csv', minter)).toThrow(
      /The manifest has no URI column: name one uri, token_uri/,
    )
    expect(() => parseMintManifest('uri\n', 'm.csv', minter)).toThrow(
      'The manifest needs a header and at least one row',
    )
    expect(() => parseMintManifest('uri,price\n,1\n', 'm.csv', minter)).toThrow(
      'The manifest has no NFT to mint: every row was left out',
    )
  })
})

describe('parseMintManifest: JSON', () => {
  it('reads a list, or an object with an nfts list; items are numbered from 1', () => {
    const list = [
      { uri: 'https://x.io/a.json', recipient: alice },
      { uri: 'https://x.io/b.json', price: 2 },
      { name: 'no uri' },
    ]
    const manifest = parseMintManifest(JSON.stringify({ nfts: list }), 'm.json', minter)
    expect(manifest.rows).toEqual([
      { uri: 'https://x.io/a.json', recipient: alice },
      { uri: 'https://x.io/b.json', amountDrops: '2000000' },
    ])
    expect(manifest.problems).toEqual([
      { line: 3, severity: 'error', message: 'Line 3: no URI: every NFT needs one; left out' },
    ])
    expect(
      parseMintManifest(JSON.stringify(list.slice(0, 1)), 'list.txt', minter).rows,
    ).toHaveLength(1)
    expect(() => parseMintManifest('{"nfts": 3}', 'm.json', minter)).toThrow(
      'A JSON manifest is a list of NFTs, or an object with an "nfts" list',
    )
    expect(() => parseMintManifest('[{', 'm.json', minter)).toThrow(
      'The manifest is not valid JSON',
    )
  })
})

describe('expandMintRange', () => {
  it('numbers a base URI from one number to another', () => {
    const manifest = expandMintRange('ipfs://bafyCID/{n}.json', 1, 3)
    expect(manifest.rows).toEqual([
      { uri: 'ipfs://bafyCID/1.json' },
      { uri: 'ipfs://bafyCID/2.json' },
      { uri: 'ipfs://bafyCID/3.json' },
    ])
    expect(() => expandMintRange('ipfs://bafyCID/1.json', 1, 3)).toThrow('needs {n}')
    expect(() => expandMintRange('ipfs://x/{n}', 5, 4)).toThrow(
      'The range is from one whole number',
    )
    expect(() => expandMintRange('ipfs://x/{n}', 0, 100_000)).toThrow('at most 100,000')
  })
})

describe('numberedGaps', () => {
  it('names the numbers a numbered set skips, and nothing for URIs that are not one set', () => {
    expect(numberedGaps(['a/1.json', 'a/2.json', 'a/4.json'])).toEqual([3])
    expect(numberedGaps(['a/1.json', 'b/2.json'])).toEqual([])
    expect(numberedGaps(['a/x.json', 'a/2.json'])).toEqual([])
    expect(numberedGaps(['a/1.json', 'a/1000.json'])).toEqual([])
  })
})
