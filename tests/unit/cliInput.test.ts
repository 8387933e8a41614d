/**
 * What `xnm` refuses before it opens anything: its command line (exit 2 with the reason) and the
 * files it reads besides a CSV (ids and prices, bad lines named).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { readIds, readPrices } from '../../src/cli/inputFiles.ts'
import { runCli } from '../../src/cli/main.ts'
import { parseCommandLine } from '../../src/cli/options.ts'
import { credentialFrom } from '../../src/cli/session.ts'

const dir = mkdtempSync(join(tmpdir(), 'xnm-input-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function file(name: string, text: string): string {
  const path = join(dir, name)
  writeFileSync(path, text)
  return path
}

const ID = (n: number) => n.toString(16).toUpperCase().padStart(64, '0')

async function cli(argv: string[], env: NodeJS.ProcessEnv = {}) {
  let out = ''
  let err = ''
  const io = {
    out: (t: string) => void (out += t),
    err: (t: string) => void (err += t),
    tty: false,
  }
  const code = await runCli(argv, io, env, new AbortController().signal)
  return { code, out, err }
}

describe('xnm command line', () => {
  it('answers --help with the commands, and an empty command line with usage (2)', async () => {
    const help = await cli(['--help'])
    expect(help.code).toBe(0)
    expect(help.out).toContain('airdrop plan --csv FILE')
    expect((await cli([])).code).toBe(2)
  })

  it('refuses unknown commands and options, and options of another command', async () => {
    const unknown = await cli(['frobnicate'])
    expect(unknown.code).toBe(2)
    expect(unknown.err).toContain('unknown command "frobnicate"')
    expect((await cli(['nfts', '--price', '5'])).err).toContain('xnm nfts takes no --price')
    expect((await cli(['job', 'start'])).err).toContain('needs the job ID')
  })

  it('never guesses whose server an endpoint is, and keeps the demo wallet on the sandbox', async () => {
    const guessed = await cli([
      '--endpoint',
      'ws://127.0.0.1:1',
      'nfts',
      '--account',
      'rrrrrrrrrrrrrrrrrrrrrhoLvTp',
    ])
    expect(guessed.code).toBe(2)
    expect(guessed.err).toContain('--network')
    const demo = await cli(['--network', 'mainnet', '--demo', 'nfts'])
    expect(demo.err).toContain('--demo exists only on the sandbox')
    expect((await cli(['--network', 'moon', 'nfts', '--account', 'r1'])).err).toContain(
      '--network must be one of',
    )
  })

  it('asks for the secret in the environment or a file when a command signs', async () => {
    const none = await cli([
      '--store',
      join(dir, 'store'),
      'burn',
      'plan',
      '--nfts',
      file('b.txt', ID(1)),
    ])
    expect(none.code).toBe(2)
    expect(none.err).toContain('XNM_SECRET')
    expect((await cli(['--max-fee-drops', '0', 'job', 'list'])).err).toContain('--max-fee-drops')
  })
})

describe('the secret of a command that signs', () => {
  it("takes Xaman's secret numbers from a file of 8 rows, a seed from a file's first line", () => {
    const rows = ['554000', '655352', '000000', '123456', '400000', '000007', '310002', '099996']
    const parsed = parseCommandLine(
      ['--secret-file', file('numbers.txt', `${rows.join('\n')}\n`), 'nfts'],
      ['nfts'],
    )
    expect(credentialFrom(parsed, {}, () => {})).toEqual({
      kind: 'secretNumbers',
      secret: rows.join('\n'),
    })
    const seed = parseCommandLine(
      ['--secret-file', file('seed.txt', 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2\nnotes\n'), 'nfts'],
      ['nfts'],
    )
    expect(credentialFrom(seed, {}, () => {})).toEqual({
      kind: 'familySeed',
      secret: 'sEdTM1uX8pu2do5XvTnutH6HsouMaM2',
    })
    expect(
      credentialFrom(
        parseCommandLine(['nfts'], ['nfts']),
        { XNM_SECRET: rows.join(' ') },
        () => {},
      ),
    ).toMatchObject({
      kind: 'secretNumbers',
    })
  })
})

describe('id and price files', () => {
  it('reads ids from a list or a CSV with a header, upper-cased', () => {
    expect(
      readIds(
        file('ids.csv', `nft_id,name\n${ID(1).toLowerCase()},a\n${ID(2)},b\n`),
        '--nfts',
        'NFT',
      ),
    ).toEqual([ID(1), ID(2)])
  })

  it('names the line of a bad or repeated id, and refuses an empty list', () => {
    expect(() => readIds(file('bad.txt', `${ID(1)}\nnot an id\n`), '--nfts', 'NFT')).toThrow(
      /line 2: no NFT id/,
    )
    expect(() => readIds(file('twice.txt', `${ID(1)}\n${ID(1)}\n`), '--nfts', 'NFT')).toThrow(
      /line 2: NFT .* is already on line 1/,
    )
    expect(() => readIds(file('empty.txt', 'nft_id\n'), '--offers', 'offer')).toThrow(
      /lists no offer id/,
    )
    expect(() => readIds(join(dir, 'missing.txt'), '--nfts', 'NFT')).toThrow(/cannot read --nfts/)
  })

  it('reads a price per NFT in XRP, and names what is wrong', () => {
    expect(readPrices(file('p.csv', `nft_id,price\n${ID(1)},12.5\n`))).toEqual({ [ID(1)]: '12.5' })
    expect(() => readPrices(file('p2.csv', `${ID(1)},12.1234567\n`))).toThrow(
      /line 1: the price must be XRP/,
    )
    expect(() => readPrices(file('p3.csv', `${ID(1)},1\n${ID(1)},2\n`))).toThrow(/priced twice/)
  })
})
