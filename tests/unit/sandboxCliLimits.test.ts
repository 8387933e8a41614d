import { describe, expect, it } from 'vitest'
import { parseCli } from '../../src/sandbox/cli.ts'

describe('npm run sandbox: load limits and the admin port', () => {
  it('takes --limits with its thresholds, answering as a public server', () => {
    expect(
      parseCli([
        '--limits=rippled',
        '--warn-balance=100',
        '--drop-balance=500',
        '--decay-window=8',
        '--admin-port=0',
      ]),
    ).toMatchObject({
      role: 'public',
      adminPort: 0,
      limits: { kind: 'rippled', warnBalance: 100, dropBalance: 500, decayWindowSeconds: 8 },
    })
    expect(parseCli(['--limits', 'clio', '--requests-per-second', '5'])).toMatchObject({
      role: 'public',
      limits: { kind: 'clio', requestsPerSecond: 5 },
    })
  })

  it('has no limits by default, and refuses thresholds that do not fit the kind', () => {
    expect(parseCli([])).toMatchObject({ limits: undefined, adminPort: undefined, role: 'admin' })
    expect(() => parseCli(['--limits', 'fast'])).toThrow(/rippled, clio or none/)
    expect(() => parseCli(['--warn-balance', '10'])).toThrow(/needs --limits/)
    expect(() => parseCli(['--limits', 'clio', '--drop-balance', '10'])).toThrow(
      /rippled threshold/,
    )
    expect(() => parseCli(['--limits', 'rippled', '--max-connections', '2'])).toThrow(
      /clio threshold/,
    )
  })
})
