import { describe, expect, it } from 'vitest'
import { Wallet, parseNFTokenID } from 'xrpl'

import { mintSerial, mintedNft, mintedNftId } from '../../src/worker/ledger/mintedNftId.ts'

const issuer = Wallet.fromSeed('sEdTM1uX8pu2do5XvTnutH6HsouMaM2').classicAddress

describe('mintedNftId', () => {
  it('composes the id xrpl.js parses back to its fields, the taxon unscrambled', () => {
    for (const [flags, transferFee, taxon, serial] of [
      [8, 0, 0, 0],
      [0x19, 50_000, 7, 1],
      [0x0b, 2_500, 0xffff_ffff, 0xffff_fffe],
      [1, 314, 123_456, 98_765_432],
    ] as const) {
      const id = mintedNftId({ flags, transferFee, issuer, taxon, serial })
      expect(id).toMatch(/^[0-9A-F]{64}$/)
      const parsed = parseNFTokenID(id)
      expect(parsed).toMatchObject({
        Flags: flags,
        TransferFee: transferFee,
        Issuer: issuer,
        Taxon: taxon,
        Sequence: serial,
      })
    }
  })

  it('scrambles the taxon with the serial: the same taxon differs from one serial to the next', () => {
    const a = mintedNftId({ flags: 8, transferFee: 0, issuer, taxon: 7, serial: 1 })
    const b = mintedNftId({ flags: 8, transferFee: 0, issuer, taxon: 7, serial: 2 })
    expect(a.slice(48, 56)).not.toBe(b.slice(48, 56))
  })
})

describe('mintSerial', () => {
  const modified = (fields: { final: object; previous?: object }) => ({
    AffectedNodes: [
      { ModifiedNode: { LedgerEntryType: 'NFTokenPage', FinalFields: {} } },
      {
        ModifiedNode: {
          LedgerEntryType: 'AccountRoot',
          FinalFields: { Account: issuer, ...fields.final },
          ...(fields.previous ? { PreviousFields: fields.previous } : {}),
        },
      },
    ],
  })

  it("is FirstNFTokenSequence plus the issuer's count before the mint", () => {
    const meta = modified({
      final: { MintedNFTokens: 5, FirstNFTokenSequence: 40 },
      previous: { MintedNFTokens: 4, Balance: '1' },
    })
    expect(mintSerial(meta, issuer)).toBe(44)
  })

  it("counts an issuer's first mint, whose count field is new", () => {
    const meta = modified({ final: { MintedNFTokens: 1, FirstNFTokenSequence: 12 }, previous: {} })
    expect(mintSerial(meta, issuer)).toBe(12)
  })

  it('finds nothing where the metadata shows no mint of that issuer, or counts that do not add up', () => {
    expect(
      mintSerial(
        modified({ final: { MintedNFTokens: 5 }, previous: { MintedNFTokens: 3 } }),
        issuer,
      ),
    ).toBeNull()
    expect(mintSerial(modified({ final: { MintedNFTokens: 5 } }), issuer)).toBeNull()
    const other = Wallet.generate().classicAddress
    expect(
      mintSerial(
        modified({ final: { MintedNFTokens: 2 }, previous: { MintedNFTokens: 1 } }),
        other,
      ),
    ).toBeNull()
    expect(mintSerial({}, issuer)).toBeNull()
    expect(mintSerial(null, issuer)).toBeNull()
  })
})

describe('mintedNft', () => {
  const mint = { flags: 8, transferFee: 0, taxon: 3 }
  const meta = (nftokenId?: string) => ({
    AffectedNodes: [
      {
        ModifiedNode: {
          LedgerEntryType: 'AccountRoot',
          FinalFields: { Account: issuer, MintedNFTokens: 3, FirstNFTokenSequence: 10 },
          PreviousFields: { MintedNFTokens: 2 },
        },
      },
    ],
    ...(nftokenId ? { nftoken_id: nftokenId } : {}),
  })
  const own = mintedNftId({ ...mint, issuer, serial: 12 })

  it('is the id worked out from the serial, which the metadata may also name', () => {
    expect(mintedNft(mint, issuer, meta())).toBe(own)
    expect(mintedNft(mint, issuer, meta(own.toLowerCase()))).toBe(own)
  })

  it('is none where the metadata names another NFT, or shows no serial (nftoken_id alone is not taken)', () => {
    const other = mintedNftId({ ...mint, issuer, serial: 5 })
    expect(mintedNft(mint, issuer, meta(other))).toBeNull()
    expect(mintedNft(mint, issuer, { AffectedNodes: [], nftoken_id: own })).toBeNull()
  })
})
