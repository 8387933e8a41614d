/**
 * xnm's servers (issue 43): servers given with --endpoint come first and the network's public
 * servers stay behind them as second opinions, unless --only-endpoint asks for them alone.
 */
import { describe, expect, it } from 'vitest'

import { parseCommandLine } from '../../src/cli/options.ts'
import { networkOption } from '../../src/cli/session.ts'
import { buildNetworks } from '../../src/shared/networks.ts'

const NODE = 'wss://node.example.com'
const mainnet = buildNetworks({}).mainnet

function option(argv: string[], env: NodeJS.ProcessEnv = {}) {
  return networkOption(parseCommandLine([...argv, 'nfts'], ['nfts']), env).option
}

describe('xnm --endpoint', () => {
  it('puts your node first, with the public servers behind it as second opinions', () => {
    expect(option(['--network', 'mainnet', '--endpoint', NODE])).toEqual({
      id: 'mainnet',
      endpoints: [NODE, ...mainnet.endpoints],
      clioEndpoints: [NODE, ...mainnet.clioEndpoints],
    })
  })

  it('uses your node alone with --only-endpoint or XNM_ONLY_ENDPOINT=1', () => {
    const alone = { id: 'mainnet', endpoints: [NODE], clioEndpoints: [NODE] }
    expect(option(['--network', 'mainnet', '--endpoint', NODE, '--only-endpoint'])).toEqual(alone)
    const env = { XNM_NETWORK: 'mainnet', XNM_ENDPOINT: NODE, XNM_ONLY_ENDPOINT: '1' }
    expect(option([], env)).toEqual(alone)
  })

  it('replaces the Sandbox’s default (a local port, no public servers)', () => {
    const url = 'ws://127.0.0.1:7777'
    expect(option(['--network', 'sandbox', '--endpoint', url])).toEqual({
      id: 'sandbox',
      endpoints: [url],
      clioEndpoints: [url],
    })
  })

  it('--only-endpoint without --endpoint is a mistake of the command line', () => {
    expect(() => option(['--only-endpoint'])).toThrow('--only-endpoint needs --endpoint')
  })
})
