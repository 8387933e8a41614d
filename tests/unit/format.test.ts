import { describe, expect, it } from 'vitest'

import {
  formatDrops,
  formatXrp,
  formatXrpCompact,
  formatXrpPrecise,
  shortAddress,
} from '../../src/shared/format.ts'

describe('shortAddress', () => {
  it('shows the first 6 and last 4 characters', () => {
    expect(shortAddress('rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh')).toBe('rHb9CJ...tyTh')
  })

  it('leaves short values alone', () => {
    expect(shortAddress('rShort')).toBe('rShort')
  })
})

describe('formatDrops', () => {
  it('shows XRP with up to 6 decimals and no trailing zeros', () => {
    expect(formatDrops('1000000')).toBe('1')
    expect(formatDrops('200000')).toBe('0.2')
    expect(formatDrops(12)).toBe('0.000012')
    expect(formatDrops(1_234_567_890n)).toBe('1234.56789')
    expect(formatDrops('0')).toBe('0')
    expect(formatDrops('-1500000')).toBe('-1.5')
  })

  it('keeps amounts beyond float precision exact', () => {
    expect(formatDrops('99999999999999999')).toBe('99999999999.999999')
  })

  it('shows amounts below one drop in drops and leaves other text as it is', () => {
    expect(formatDrops('0.5')).toBe('0.5 drops')
    expect(formatDrops('abc')).toBe('abc')
  })
})

describe('formatXrp', () => {
  it('shows reserve figures as server_info reports them', () => {
    expect(formatXrp(1)).toBe('1')
    expect(formatXrp(0.2)).toBe('0.2')
    expect(formatXrp(0.00001)).toBe('0.00001')
  })
})

describe('formatXrpPrecise', () => {
  it('uses 1, 2, 3 or 4 decimals by size', () => {
    expect(formatXrpPrecise('1234560000')).toBe('1234.6')
    expect(formatXrpPrecise('12345600')).toBe('12.35')
    expect(formatXrpPrecise('1234560')).toBe('1.235')
    expect(formatXrpPrecise('123456')).toBe('0.1235')
    expect(formatXrpPrecise('2000000')).toBe('2.000')
  })

  it('rounds half away from zero', () => {
    expect(formatXrpPrecise('50')).toBe('0.0001')
    expect(formatXrpPrecise('-12345600')).toBe('-12.35')
  })
})

describe('formatXrpCompact', () => {
  it('uses K for thousands and M for millions', () => {
    expect(formatXrpCompact('1500000000')).toBe('1.5K')
    expect(formatXrpCompact('2000000000000')).toBe('2M')
    expect(formatXrpCompact('12345000000000')).toBe('12.3M')
  })

  it('moves to M when thousands would round to 1000K', () => {
    expect(formatXrpCompact('999960000000')).toBe('1M')
    expect(formatXrpCompact('999940000000')).toBe('999.9K')
  })

  it('shows smaller amounts with the size-based precision', () => {
    expect(formatXrpCompact('12345600')).toBe('12.35')
  })
})
