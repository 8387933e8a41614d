/**
 * Xaman's secret numbers as the user types them: each row checked on its own (its place sets its
 * checksum), the row in error named, the ways a secret may be pasted, and the worker's parse that
 * derives the key (the address checked against one derived independently from the rows' entropy).
 */
import { describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { ECDSA } from 'xrpl'

import {
  secretNumbersProblem,
  secretRowProblem,
  splitSecretNumbers,
} from '../../src/shared/secretNumbers.ts'
import { parseSecretNumbers } from '../../src/worker/wallet/secretFormats.ts'

/** A row of the 5-digit value `value` at `index`, with its checksum digit (Xaman's rule, as documented). */
function row(index: number, value: number): string {
  return `${String(value).padStart(5, '0')}${String((value * (index * 2 + 1)) % 9)}`
}

const VALUES = [554, 65535, 0, 12345, 40000, 7, 31000, 9999]
const ROWS = VALUES.map((v, i) => row(i, v))

/** The key Xaman derives: the rows' values as 16 bytes of entropy, a secp256k1 family seed. */
function expectedWallet(): Wallet {
  const entropy = VALUES.flatMap((v) => [v >> 8, v & 0xff])
  return Wallet.fromEntropy(entropy, { algorithm: 'ecdsa-secp256k1' as ECDSA })
}

describe('secret numbers, row by row', () => {
  it('accepts every right row, and an unfinished row is not yet wrong', () => {
    for (const [i, r] of ROWS.entries()) expect(secretRowProblem(i, r)).toBeNull()
    expect(secretRowProblem(2, '123', false)).toBeNull()
    expect(secretRowProblem(2, '', false)).toBeNull()
  })

  it('names the row with a mistyped digit', () => {
    const typo = `${ROWS[2]!.slice(0, 2)}${(Number(ROWS[2]![2]) + 1) % 10}${ROWS[2]!.slice(3)}`
    expect(secretRowProblem(2, typo)).toBe(
      'Row C does not check out: a digit is mistyped (or the rows are out of order)',
    )
    // A right row in the wrong place fails too: the checksum depends on the place.
    expect(secretRowProblem(1, ROWS[3]!)).toMatch(/^Row B does not check out/)
  })

  it('refuses a value above two bytes even when its checksum digit fits', () => {
    expect(secretRowProblem(0, row(0, 70000))).toMatch(/^Row A does not check out/)
  })

  it('says what is wrong with a short, long or non-numeric row', () => {
    expect(secretRowProblem(4, '1234')).toBe('Row E has 4 digits, it needs 6')
    expect(secretRowProblem(4, '')).toBe('Row E is empty')
    expect(secretRowProblem(7, '1234567')).toBe('Row H has more than 6 digits')
    expect(secretRowProblem(0, '12a456')).toBe('Row A: use digits only')
  })

  it('reads rows separated by spaces or new lines, or 48 digits in one', () => {
    expect(splitSecretNumbers(ROWS.join(' '))).toEqual(ROWS)
    expect(splitSecretNumbers(ROWS.join('\n'))).toEqual(ROWS)
    expect(splitSecretNumbers(ROWS.join(''))).toEqual(ROWS)
    expect(splitSecretNumbers(ROWS.slice(0, 7).join(' '))).toBeNull()
    expect(secretNumbersProblem(ROWS.slice(0, 7))).toMatch(/8 rows of 6 digits/)
  })
})

describe('parseSecretNumbers (in the worker)', () => {
  it('derives the key Xaman derives from the rows', () => {
    const key = parseSecretNumbers(ROWS.join(' '))
    const wallet = expectedWallet()
    expect(key).toMatchObject({ algorithm: 'secp256k1', publicKey: wallet.publicKey })
    expect(key.privateKey).toBe(wallet.privateKey)
  })

  it('refuses a secret with a row in error, naming it and quoting no digit', () => {
    const rows = [...ROWS]
    rows[5] = `${rows[5]!.slice(0, 5)}${(Number(rows[5]![5]) + 1) % 10}`
    let message = ''
    try {
      parseSecretNumbers(rows.join(' '))
    } catch (e) {
      message = (e as Error).message
    }
    expect(message).toMatch(/^Invalid secret numbers: Row F does not check out/)
    for (const r of rows) expect(message).not.toContain(r)
    expect(() => parseSecretNumbers('123456 654321')).toThrow(
      'Invalid secret numbers: enter 8 rows of 6 digits',
    )
  })
})
