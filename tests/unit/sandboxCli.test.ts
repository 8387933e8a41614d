import { describe, expect, it } from 'vitest'
import { parseCli } from '../../src/sandbox/cli.ts'

describe('npm run sandbox options', () => {
  it("defaults to the documented ports, a 1 s close, the demo data and rippled standalone's admin port", () => {
    expect(parseCli([])).toMatchObject({
      port: 6006,
      gatewayPort: 6007,
      closeMs: 1000,
      expectedLedgerSize: 1000,
      role: 'admin',
      replyDelayMs: 0,
      demo: true,
      stateFile: undefined,
    })
  })

  it('reads every option', () => {
    const opts = parseCli([
      '--port=7006',
      '--gateway-port=7007',
      '--close-ms=0',
      '--expected-ledger-size=50',
      '--reply-delay-ms=100',
      '--state=/tmp/s.json',
      '--gateway-latency-ms=100',
      '--gateway-failure-rate=0.25',
      '--large-holder=1200',
      '--no-demo',
      '--public',
      '--rpc-port=5005',
      '--public-port=7080',
    ])
    expect(opts).toEqual({
      port: 7006,
      gatewayPort: 7007,
      closeMs: 0,
      expectedLedgerSize: 50,
      replyDelayMs: 100,
      stateFile: '/tmp/s.json',
      gatewayLatencyMs: 100,
      gatewayFailureRate: 0.25,
      largeHolderNfts: 1200,
      demo: false,
      role: 'public',
      rpcPort: 5005,
      publicPort: 7080,
    })
  })

  it('rejects bad numbers and unknown options with a clear message', () => {
    expect(() => parseCli(['--port', 'abc'])).toThrow("--port must be a whole number, got 'abc'")
    expect(() => parseCli(['--gateway-failure-rate', '2'])).toThrow('between 0 and 1')
    expect(() => parseCli(['--bogus'])).toThrow(/bogus/)
  })

  it('asks for help', () => {
    expect(parseCli(['--help'])).toBe('help')
  })
})
