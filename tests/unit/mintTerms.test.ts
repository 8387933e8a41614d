import { describe, expect, it } from 'vitest'

import {
  defaultTerms,
  feeSentence,
  feeUnits,
  mintConfirmText,
  termLines,
  termsOf,
} from '../../src/app/mint/termsText.ts'

describe("the Mint tab's terms", () => {
  it('reads a transfer fee in percent into the ledger’s 1/100000, up to 50 %', () => {
    expect(feeUnits('5')).toBe(5_000)
    expect(feeUnits('2.5')).toBe(2_500)
    expect(feeUnits('0.001')).toBe(1)
    expect(feeUnits('')).toBe(0)
    expect(feeUnits('50')).toBe(50_000)
    expect(feeUnits('50.001')).toBe('The transfer fee is at most 50 %')
    expect(feeUnits('1.2345')).toMatch(/^The transfer fee is a percentage/)
    expect(feeUnits('-1')).toMatch(/^The transfer fee is a percentage/)
  })

  it('says the fee as what the issuer earns of each 100 XRP resale', () => {
    expect(feeSentence(5_000)).toBe('The issuer earns 5 XRP of each 100 XRP resale (5 %).')
    expect(feeSentence(2_500)).toBe('The issuer earns 2.5 XRP of each 100 XRP resale (2.5 %).')
    expect(feeSentence(0)).toBe('No transfer fee: the issuer earns nothing when holders resell.')
  })

  it('turns the form into terms, or names the first field that is not one', () => {
    const draft = { ...defaultTerms(), taxon: '46', feePercent: '5', mutable: true }
    expect(termsOf(draft)).toEqual({
      taxon: 46,
      transferFee: 5_000,
      burnable: false,
      onlyXrp: false,
      transferable: true,
      mutable: true,
    })
    expect(termsOf({ ...draft, issuer: ' rIssuer ' })).toMatchObject({ issuer: 'rIssuer' })
    expect(termsOf({ ...draft, taxon: '4294967296' })).toMatch(/^The taxon is a whole number/)
    expect(termsOf({ ...draft, taxon: '1.5' })).toMatch(/^The taxon is a whole number/)
  })

  it('lists every term the confirmation names, and the words to type', () => {
    const terms = termsOf({ ...defaultTerms(), taxon: '7', feePercent: '1' })
    if (typeof terms === 'string') throw new Error(terms)
    const lines = termLines(terms)
    expect(lines[0]).toBe('Taxon 7')
    expect(lines).toContain('The issuer earns 1 XRP of each 100 XRP resale (1 %).')
    expect(lines.some((line) => line.startsWith('Transferable: yes.'))).toBe(true)
    expect(lines.some((line) => line.startsWith('Burnable by the issuer: no.'))).toBe(true)
    expect(lines.at(-1)).toBe('Issued by your account')
    expect(mintConfirmText(30)).toBe('MINT 30')
  })
})
