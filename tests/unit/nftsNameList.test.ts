import { describe, expect, it } from 'vitest'

import {
  nameMatchesAny,
  nameMatchesTerm,
  normaliseName,
  parseNameTerms,
} from '../../src/app/collection/nameList.ts'

describe('parseNameTerms', () => {
  it('splits on commas, trims and lower-cases', () => {
    expect(parseNameTerms(' Pixel Cat ,RELIC,  voyager ')).toEqual([
      'pixel cat',
      'relic',
      'voyager',
    ])
  })

  it('ignores # % @ ! and drops empty terms', () => {
    expect(parseNameTerms('#12, @Cat!, 50%, ,#,!!')).toEqual(['12', 'cat', '50'])
    expect(parseNameTerms('')).toEqual([])
    expect(parseNameTerms(' , ')).toEqual([])
  })
})

describe('nameMatchesTerm', () => {
  it('matches when the name equals, starts with or contains the term', () => {
    expect(nameMatchesTerm('pixel cat', 'pixel cat')).toBe(true)
    expect(nameMatchesTerm('pixel cat 7', 'pixel')).toBe(true)
    expect(nameMatchesTerm('pixel cat 7', 'cat')).toBe(true)
    expect(nameMatchesTerm('pixel cat 7', 'dog')).toBe(false)
  })

  it('matches a purely numeric term contained in the name', () => {
    expect(nameMatchesTerm('cat 15', '5')).toBe(true)
    expect(nameMatchesTerm('cat 15', '15')).toBe(true)
    expect(nameMatchesTerm('cat 15', '51')).toBe(false)
  })
})

describe('nameMatchesAny', () => {
  it('compares the name without # % @ ! and case', () => {
    expect(nameMatchesAny('Pixel Cat #7', parseNameTerms('pixel cat 7'))).toBe(true)
    expect(nameMatchesAny('Pixel Cat #7', parseNameTerms('PIXEL CAT #7'))).toBe(true)
    expect(nameMatchesAny('Hello! World', parseNameTerms('hello world'))).toBe(true)
  })

  it('matches when any term matches, and never without terms', () => {
    expect(nameMatchesAny('Relic #3', parseNameTerms('cat, relic'))).toBe(true)
    expect(nameMatchesAny('Relic #3', parseNameTerms('cat, dog'))).toBe(false)
    expect(nameMatchesAny('Relic #3', [])).toBe(false)
  })

  it('treats a numeric term (after removing #) as contained', () => {
    // '#7' is the numeric term '7': every name containing a 7.
    const terms = parseNameTerms('#7')
    expect(nameMatchesAny('Cat #7', terms)).toBe(true)
    expect(nameMatchesAny('Cat #70', terms)).toBe(true)
    expect(nameMatchesAny('Cat #17', terms)).toBe(true)
    expect(nameMatchesAny('Cat #8', terms)).toBe(false)
  })
})

describe('normaliseName', () => {
  it('removes the ignored characters, trims and lower-cases', () => {
    expect(normaliseName('  @Gold! #1 ')).toBe('gold 1')
  })
})
