import { describe, expect, it } from 'vitest'

import {
  displayName,
  issuerGroupLabel,
  transferFeePercent,
  xrpCafeUrl,
} from '../../src/shared/nftDisplay.ts'

describe('displayName', () => {
  it('uses the metadata name', () => {
    expect(displayName({ serial: 7 }, { name: 'Pixel Cat #7' })).toBe('Pixel Cat #7')
    expect(displayName({ serial: 7 }, { name: '  Relic  ' })).toBe('Relic')
  })

  it("falls back to 'NFT #' and the serial without a usable name", () => {
    expect(displayName({ serial: 7 })).toBe('NFT #7')
    expect(displayName({ serial: 7 }, null)).toBe('NFT #7')
    expect(displayName({ serial: 7 }, { name: null })).toBe('NFT #7')
    expect(displayName({ serial: 7 }, { name: '   ' })).toBe('NFT #7')
    expect(displayName({ serial: 0 }, {})).toBe('NFT #0')
  })

  it("says 'NFT #Unknown' without a serial", () => {
    expect(displayName({})).toBe('NFT #Unknown')
    expect(displayName({ serial: null }, { name: '' })).toBe('NFT #Unknown')
  })
})

describe('transferFeePercent', () => {
  it('divides the stored fee by 1000 and shows a percent', () => {
    expect(transferFeePercent(2500)).toBe('2.5%')
    expect(transferFeePercent(50000)).toBe('50%')
    expect(transferFeePercent(1000)).toBe('1%')
    expect(transferFeePercent(1)).toBe('0.001%')
    expect(transferFeePercent(12345)).toBe('12.345%')
    expect(transferFeePercent(10050)).toBe('10.05%')
  })

  it('is null (badge hidden) when the fee is empty or zero', () => {
    expect(transferFeePercent(0)).toBeNull()
    expect(transferFeePercent(undefined)).toBeNull()
    expect(transferFeePercent(null)).toBeNull()
    expect(transferFeePercent(Number.NaN)).toBeNull()
    expect(transferFeePercent(-5)).toBeNull()
  })

  it('still shows a fractional value', () => {
    expect(transferFeePercent(2.5)).toBe('0.0025%')
  })
})

describe('issuerGroupLabel', () => {
  it('keeps the first 8 characters and adds an ellipsis', () => {
    expect(issuerGroupLabel('rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc')).toBe('rJoxBSzp...')
    expect(issuerGroupLabel('rShort')).toBe('rShort')
  })
})

describe('xrpCafeUrl', () => {
  it('links the marketplace page of the NFT', () => {
    const id = '000B0539C35B55AA096BA6C87A6E6C965A6534150DC56E5E12C5D09E0000000C'
    expect(xrpCafeUrl(id)).toBe(`https://xrp.cafe/nft/${id}`)
  })
})
