/**
 * A distribution's block list pasted or uploaded as text is read as a CSV (papaparse): the first
 * column of each row is the address, quotes and a header handled, what follows a note; rows that are
 * not addresses, or hold an address where it is not read, are named with their line.
 */
import { describe, expect, it } from 'vitest'
import { Wallet, classicAddressToXAddress } from 'xrpl'

import type { SnapshotHolder } from '../../src/worker/api.ts'
import { applyRules, keptRules } from '../../src/worker/airdrop/holders/distributionRules.ts'

const addressOf = (byte: number) => Wallet.fromEntropy(new Uint8Array(16).fill(byte)).classicAddress
const [a, b, c, d] = [1, 2, 3, 4].map(addressOf) as [string, string, string, string]

const holders: SnapshotHolder[] = [a, b, c, d].map((address, i) => ({
  address,
  count: 4 - i,
  marks: [],
}))

const recipients = (blockListText: string) =>
  applyRules(holders, { mode: 'perHolder', blockListText }).rows.map((r) => r.address)

describe('a block list as text', () => {
  it('quoted, with notes in a second column: blocks the addresses and notes nothing', () => {
    const outcome = applyRules(holders, {
      mode: 'perHolder',
      blockListText: `"${a}","bot"\r\n"${c}","team wallet, do not send"\r\n`,
    })
    expect(outcome.rows.map((r) => r.address)).toEqual([b, d])
    expect(outcome.leftOut).toEqual([{ reason: 'on the block list', holders: 2 }])
    expect(outcome.problems).toEqual([])
    expect(outcome.rules.blockList).toEqual([a, c])
  })

  it('with a header, a BOM, semicolons, blank lines and an X-address', () => {
    const text = `\uFEFFwallet_address;label\n\n${classicAddressToXAddress(b, false, false)};x\n  \n${d};y\n`
    expect(recipients(text)).toEqual([a, c])
  })

  it('names rows whose first column is not an address, and addresses where only notes are read', () => {
    const outcome = applyRules(holders, {
      mode: 'perHolder',
      blockListText: `${a},friend\n\nbot,${b}\n"${c} ${d}"\n${d},${b}\n`,
    })
    expect(outcome.rows.map((r) => r.address)).toEqual([b, c])
    expect(outcome.problems).toEqual([
      {
        line: 3,
        severity: 'note',
        message: 'Block list line 3: "bot" is not an address; it is ignored',
      },
      {
        line: 4,
        severity: 'note',
        message: `Block list line 4: "${`${c} ${d}`.slice(0, 40)}…" is not an address; it is ignored`,
      },
      {
        line: 5,
        severity: 'note',
        message: `Block list line 5: only the first column is read; ${b} is not blocked (put it on a line of its own)`,
      },
    ])
  })

  it('is kept with a job as the addresses it read', () => {
    expect(keptRules({ mode: 'perNft', blockList: [a], blockListText: `"${b}","x"` })).toEqual({
      mode: 'perNft',
      minHolding: 1,
      exclude: ['issuer', 'connected', 'marketplace'],
      blockList: [a, b],
      keepUnconfirmed: false,
    })
  })
})
