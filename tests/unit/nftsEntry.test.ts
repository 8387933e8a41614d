import { convertStringToHex } from 'xrpl'
import { describe, expect, it } from 'vitest'

import { buildNFTokenId } from '../../src/sandbox/ledger/nftokenId.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import { toNftItem } from '../../src/worker/ledger/nftEntry.ts'

const ISSUER = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'
const OTHER = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

/** The account_nfts entry rippled sends for a token with these fields. */
function entry(f: {
  flags: number
  transferFee: number
  issuer?: string
  taxon: number
  serial: number
  uri?: string
}): Record<string, unknown> {
  const issuer = f.issuer ?? ISSUER
  return {
    Flags: f.flags,
    Issuer: issuer,
    NFTokenID: buildNFTokenId({ ...f, issuer }),
    NFTokenTaxon: f.taxon,
    ...(f.uri === undefined ? {} : { URI: convertStringToHex(f.uri) }),
    nft_serial: f.serial,
    ...(f.transferFee ? { TransferFee: f.transferFee } : {}),
  }
}

function rejection(run: () => unknown): { code: string; message: string } {
  try {
    run()
  } catch (error) {
    if (isEngineError(error)) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a rejection')
}

describe('toNftItem', () => {
  it('parses a known NFTokenID (xrpl.js fixture) into the item fields', () => {
    const nftId = '000B0539C35B55AA096BA6C87A6E6C965A6534150DC56E5E12C5D09E0000000C'
    const item = toNftItem({
      Flags: 11,
      Issuer: ISSUER,
      NFTokenID: nftId,
      NFTokenTaxon: 1337,
      URI: convertStringToHex('ipfs://cid/12.json'),
      nft_serial: 12,
      TransferFee: 1337,
    })
    expect(item).toEqual({
      nftId,
      issuer: ISSUER,
      taxon: 1337,
      serial: 12,
      transferFee: 1337,
      flags: 11,
      transferable: true,
      burnable: true,
      uri: 'ipfs://cid/12.json',
    })
  })

  it('reads transferable (8) and burnable (1) from the flags', () => {
    const base = { transferFee: 0, taxon: 5, serial: 1 }
    expect(toNftItem(entry({ ...base, flags: 0 }))).toMatchObject({
      transferable: false,
      burnable: false,
    })
    expect(toNftItem(entry({ ...base, flags: 1 }))).toMatchObject({
      transferable: false,
      burnable: true,
    })
    expect(toNftItem(entry({ ...base, flags: 8 | 2 }))).toMatchObject({
      transferable: true,
      burnable: false,
    })
  })

  it('unciphers large taxons and serials exactly', () => {
    const f = { flags: 8, transferFee: 50000, taxon: 0xffffffff, serial: 0xfffffffe }
    expect(toNftItem(entry(f))).toMatchObject({
      taxon: 0xffffffff,
      serial: 0xfffffffe,
      transferFee: 50000,
    })
  })

  it('upper-cases the NFTokenID', () => {
    const e = entry({ flags: 8, transferFee: 0, taxon: 1, serial: 3 })
    const id = e.NFTokenID as string
    expect(toNftItem({ ...e, NFTokenID: id.toLowerCase() }).nftId).toBe(id)
  })

  it('gives a null URI when there is none or it is not valid UTF-8', () => {
    const e = entry({ flags: 8, transferFee: 0, taxon: 1, serial: 3 })
    expect(toNftItem(e).uri).toBeNull()
    expect(toNftItem({ ...e, URI: 'C328' }).uri).toBeNull()
    expect(toNftItem({ ...e, URI: 'not hex' }).uri).toBeNull()
  })

  it('accepts an entry without Flags, and TransferFee 0 sent explicitly', () => {
    const e = entry({ flags: 8, transferFee: 0, taxon: 1, serial: 3 })
    const { Flags: _flags, ...rest } = e
    expect(toNftItem(rest).flags).toBe(8)
    expect(toNftItem({ ...e, TransferFee: 0 }).transferFee).toBe(0)
  })

  it.each([
    ['Issuer', { Issuer: OTHER }],
    ['Issuer missing', { Issuer: undefined }],
    ['NFTokenTaxon', { NFTokenTaxon: 8 }],
    ['NFTokenTaxon as text', { NFTokenTaxon: '7' }],
    ['nft_serial', { nft_serial: 4 }],
    ['nft_serial missing', { nft_serial: undefined }],
    ['Flags', { Flags: 9 }],
    ['TransferFee', { TransferFee: 100 }],
  ])('rejects an entry whose %s contradicts the NFTokenID', (_field, patch) => {
    const e = { ...entry({ flags: 8, transferFee: 2500, taxon: 7, serial: 3 }), ...patch }
    const { code, message } = rejection(() => toNftItem(e))
    expect(code).toBe('LEDGER_REJECTED')
    expect(message).toMatch(/malformed account_nfts reply: .*contradict its NFTokenID/)
  })

  it('rejects an entry without the TransferFee its NFTokenID carries', () => {
    const e = entry({ flags: 8, transferFee: 2500, taxon: 7, serial: 3 })
    const { TransferFee: _fee, ...rest } = e
    expect(rejection(() => toNftItem(rest)).code).toBe('LEDGER_REJECTED')
  })

  it.each([
    ['missing', undefined],
    ['short', 'ABCD'],
    ['not hex', 'G'.repeat(64)],
    ['too long', 'A'.repeat(66)],
    ['a number', 12],
  ])('rejects an entry whose NFTokenID is %s', (_what, id) => {
    const e = { ...entry({ flags: 8, transferFee: 0, taxon: 1, serial: 1 }), NFTokenID: id }
    expect(rejection(() => toNftItem(e))).toEqual({
      code: 'LEDGER_REJECTED',
      message:
        'The ledger server sent a malformed account_nfts reply: an NFTokenID is not 64 hex digits',
    })
  })

  it.each([null, 'x', [1], 5])('rejects an entry that is not an object: %j', (e) => {
    expect(rejection(() => toNftItem(e)).code).toBe('LEDGER_REJECTED')
  })
})
