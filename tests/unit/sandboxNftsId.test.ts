import { parseNFTokenID } from 'xrpl'
import { describe, expect, it } from 'vitest'
import { mulberry32 as rng } from '../../src/sandbox/demo/catalogRandom.ts'
import {
  buildNFTokenId,
  cipheredTaxon,
  parseNFTokenId,
} from '../../src/sandbox/ledger/nftokenId.ts'
import { addressFromIdHex } from '../../src/sandbox/ledger/keylets.ts'
import { walletFor } from '../helpers/sandboxState.ts'

describe('NFTokenID', () => {
  it('matches a real mint (explorer fixture: taxon 1, serial 26, tfTransferable)', () => {
    const id = buildNFTokenId({
      flags: 8,
      transferFee: 0,
      issuer: addressFromIdHex('6203F49C21D5D6E022CB16DE3538F248662FC73C'),
      taxon: 1,
      serial: 26,
    })
    expect(id).toBe('000800006203F49C21D5D6E022CB16DE3538F248662FC73C535743B40000001A')
  })

  it('round-trips through xrpl parseNFTokenID for many serials and taxons', () => {
    const next = rng(42)
    const u32 = () => Math.floor(next() * 4294967296) >>> 0
    const edges = [0, 1, 2, 2459, 0x7fffffff, 0x80000000, 0xfffffffe, 0xffffffff]
    const cases: [number, number][] = []
    for (const s of edges) for (const t of edges) cases.push([s, t])
    for (let i = 0; i < 2000; i++) cases.push([u32(), u32()])
    const issuer = walletFor(1).classicAddress
    for (const [serial, taxon] of cases) {
      const fields = { flags: serial & 0x1b, transferFee: taxon % 50001, issuer, taxon, serial }
      const id = buildNFTokenId(fields)
      expect(id).toMatch(/^[0-9A-F]{64}$/)
      const parsed = parseNFTokenID(id)
      expect(parsed).toEqual({
        NFTokenID: id,
        Flags: fields.flags,
        TransferFee: fields.transferFee,
        Issuer: issuer,
        Taxon: taxon,
        Sequence: serial,
      })
      expect(parseNFTokenId(id)).toEqual(fields)
    }
  })

  it('ciphers the taxon with the 32-bit LCG of the serial, and un-ciphers with the same XOR', () => {
    // (384160001 * 3429 + 2459) mod 2^32, computed exactly with BigInt.
    const mix = Number((384160001n * 3429n + 2459n) % 4294967296n)
    expect(cipheredTaxon(3429, 1337)).toBe((1337 ^ mix) >>> 0)
    expect(cipheredTaxon(3429, cipheredTaxon(3429, 1337))).toBe(1337)
  })
})
