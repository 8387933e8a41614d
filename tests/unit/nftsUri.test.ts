import { convertStringToHex } from 'xrpl'
import { describe, expect, it } from 'vitest'

import { decodeNftUri, MAX_NFT_URI_BYTES } from '../../src/worker/ledger/nftUri.ts'

describe('decodeNftUri', () => {
  it('decodes hex of UTF-8 text, in either case', () => {
    const uri = 'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json'
    expect(decodeNftUri(convertStringToHex(uri))).toBe(uri)
    expect(decodeNftUri(convertStringToHex(uri).toLowerCase())).toBe(uri)
  })

  it('decodes multi-byte characters', () => {
    expect(decodeNftUri('68747470733A2F2F782E696F2FC3A9E282AC')).toBe('https://x.io/é€')
    expect(decodeNftUri(convertStringToHex('data:,🐈'))).toBe('data:,🐈')
  })

  it('gives null when there is no URI', () => {
    expect(decodeNftUri(undefined)).toBeNull()
    expect(decodeNftUri(null)).toBeNull()
    expect(decodeNftUri('')).toBeNull()
  })

  it('gives null for text that is not hex', () => {
    expect(decodeNftUri('ipfs://Qm')).toBeNull()
    expect(decodeNftUri('6970667')).toBeNull() // odd length
    expect(decodeNftUri('69 70')).toBeNull()
    expect(decodeNftUri('0x6970')).toBeNull()
    expect(decodeNftUri(0x6970)).toBeNull()
    expect(decodeNftUri(['6970'])).toBeNull()
  })

  it('gives null for bytes that are not valid UTF-8 rather than replacement characters', () => {
    expect(decodeNftUri('FF')).toBeNull() // never valid
    expect(decodeNftUri('68C3')).toBeNull() // truncated 2-byte sequence
    expect(decodeNftUri('C0AF')).toBeNull() // overlong '/'
    expect(decodeNftUri('EDA080')).toBeNull() // a UTF-16 surrogate
    expect(decodeNftUri('68E282')).toBeNull() // truncated 3-byte sequence
    expect(decodeNftUri('80')).toBeNull() // lone continuation byte
  })

  it('keeps a leading byte-order mark as text instead of dropping it silently', () => {
    expect(decodeNftUri('EFBBBF61')).toBe('\uFEFFa')
  })

  it('accepts 256 bytes and rejects longer URIs, which the ledger cannot hold', () => {
    expect(decodeNftUri('61'.repeat(MAX_NFT_URI_BYTES))).toBe('a'.repeat(MAX_NFT_URI_BYTES))
    expect(decodeNftUri('61'.repeat(MAX_NFT_URI_BYTES + 1))).toBeNull()
  })
})
