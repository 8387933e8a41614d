/**
 * Currency codes as people read them, and the codes that read as XRP: a token dressed up as XRP is
 * told apart whatever its case, padding, accents or lookalike letters.
 */
import { describe, expect, it } from 'vitest'

import { currencyCode, readsAsXrp, tokenParts, tokenText } from '../../src/shared/currency.ts'

/** A 160-bit code of some text: its UTF-8 bytes, then zeros. */
function hexCode(text: string): string {
  const hex = Buffer.from(text, 'utf8').toString('hex').toUpperCase()
  return hex.padEnd(40, '0')
}

const ISSUER = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'

describe('readsAsXrp', () => {
  it('flags the ASCII "XRP" then zeros, the code the ledger accepts', () => {
    expect(hexCode('XRP')).toBe('5852500000000000000000000000000000000000')
    expect(readsAsXrp('5852500000000000000000000000000000000000')).toBe(true)
  })

  it.each([
    ['lower case', 'xrp'],
    ['mixed case', 'XrP'],
    ['leading padding', '\0\0XRP'],
    ['spaces and dots', ' X.R.P '],
    ['a dollar sign', '$XRP'],
    ['fullwidth letters', 'ＸＲＰ'],
    ['Cyrillic Ha and Er', '\u0425R\u0420'],
    ['Greek Chi and Rho', '\u03A7R\u03A1'],
    ['Lisu letters', '\uA4EB\uA4E3\uA4D1'],
    ['Coptic Khi and Ro', '\u2CADR\u2CA3'],
    ['combining accents', 'X\u0302RP'],
    ['a zero-width space', 'X\u200BRP'],
  ])('flags %s', (_, text) => {
    expect(readsAsXrp(hexCode(text))).toBe(true)
  })

  it('flags the standard 3-character position and the all-zero code', () => {
    expect(readsAsXrp('0000000000000000000000005852500000000000')).toBe(true)
    expect(readsAsXrp('0'.repeat(40))).toBe(true)
    expect(readsAsXrp('XRP')).toBe(true)
    expect(readsAsXrp('xrp')).toBe(true)
  })

  it.each(['USD', 'XRPL', 'wXRP', 'SOLO', hexCode('XRPL'), hexCode('Sologenic')])(
    'leaves %s alone',
    (code) => {
      expect(readsAsXrp(code)).toBe(false)
    },
  )
})

describe('currencyCode and tokenText', () => {
  it('reads 3-letter, standard hex, text and binary codes', () => {
    expect(currencyCode('USD')).toBe('USD')
    expect(currencyCode('0000000000000000000000005553440000000000')).toBe('USD')
    expect(currencyCode(hexCode('Sologenic'))).toBe('Sologenic')
    expect(currencyCode(`FF${'0'.repeat(38)}`)).toBe('FF000000…')
  })

  it('never prints a token as a bare code', () => {
    const fake = {
      kind: 'issued' as const,
      currency: hexCode('XRP'),
      code: 'XRP',
      issuer: ISSUER,
      value: '1000',
    }
    expect(tokenText(tokenParts(fake)!)).toBe('1000 "XRP" token (issuer rHb9CJ...tyTh) — NOT XRP')
    const usd = { ...fake, currency: 'USD', code: 'USD' }
    expect(tokenText(tokenParts(usd)!)).toBe('1000 "USD" token (issuer rHb9CJ...tyTh)')
    expect(tokenParts({ kind: 'xrp', drops: '1' })).toBeNull()
  })
})
