/**
 * A reveal's file read (mint/modifyManifest.ts) and the gateway-independent form of a closed
 * gateway's address (mint/repair.ts independentUri): what a team uploads, and what a repair proposes.
 */
import { describe, expect, it } from 'vitest'

import { parseModifyManifest } from '../../src/worker/mint/modifyManifest.ts'
import { independentUri } from '../../src/worker/collection/metadata/contentAddress.ts'

const A = 'A'.repeat(64)
const B = `000800${'B'.repeat(58)}`
const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'

describe('parseModifyManifest', () => {
  it('reads a CSV of ids and new URIs, a holder column, and the new URI before an old one', () => {
    const m = parseModifyManifest(
      `NFTokenID,uri,New URI,holder\n${A},ipfs://old/1,ipfs://new/1,\n${B.toLowerCase()},ipfs://old/2,ipfs://new/2,rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh\n`,
      'reveal.csv',
    )
    expect(m.columns).toEqual({ nftId: 'NFTokenID', uri: 'New URI' })
    expect(m.rows).toEqual([
      { nftId: A, uri: 'ipfs://new/1' },
      { nftId: B, uri: 'ipfs://new/2', owner: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
    ])
    expect(m.problems).toEqual([])
  })

  it('leaves out a bad row with its line and why, and an NFT listed twice', () => {
    const m = parseModifyManifest(
      `nft_id,uri\n${A},ipfs://new/1\nnot-an-id,ipfs://x\n${B},\n${A},ipfs://again\n${B},ipfs://${'y'.repeat(260)}\n`,
      'r.csv',
    )
    expect(m.rows).toEqual([{ nftId: A, uri: 'ipfs://new/1' }])
    expect(m.problems.map((p) => p.message)).toEqual([
      'Line 3: "not-an-id" is not an NFT id (64 hexadecimal characters); left out',
      'Line 4: no new URI; left out',
      `Line 5: NFT ${A} is on line 2 already; left out`,
      'Line 6: the URI is 267 bytes; the ledger keeps at most 256; left out',
    ])
  })

  it('reads JSON, and refuses a file with no id or URI column, or nothing left', () => {
    const m = parseModifyManifest(JSON.stringify({ nfts: [{ nftId: A, uri: 'ar://x' }] }), 'r.json')
    expect(m.rows).toEqual([{ nftId: A, uri: 'ar://x' }])
    expect(() => parseModifyManifest(`address,uri\nr1,ipfs://x\n`, 'r.csv')).toThrow(
      'The file needs an NFT id column',
    )
    expect(() => parseModifyManifest(`nft_id,uri\nbad,ipfs://x\n`, 'r.csv')).toThrow(
      'every row was left out',
    )
  })
})

describe('independentUri', () => {
  it('turns a gateway address into the ipfs:// or ar:// form any gateway serves', () => {
    expect(independentUri(`https://cloudflare-ipfs.com/ipfs/${CID}/7.json`)).toBe(
      `ipfs://${CID}/7.json`,
    )
    expect(independentUri(`https://${CID}.ipfs.nftstorage.link/meta/7.json`)).toBe(
      `ipfs://${CID}/meta/7.json`,
    )
    expect(independentUri(`https://arweave.net/${'a'.repeat(43)}/1.json`)).toBe(
      `ar://${'a'.repeat(43)}/1.json`,
    )
    expect(independentUri('https://example.com/meta/7.json')).toBeNull()
  })
})
