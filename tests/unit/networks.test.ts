import { describe, expect, it } from 'vitest'

import {
  buildNetworks,
  defaultNetworkId,
  NETWORK_IDS,
  offeredNetworkIds,
} from '../../src/shared/networks.ts'

describe('networks', () => {
  it('offers four networks, each with at least one WebSocket endpoint', () => {
    const networks = buildNetworks({})
    expect(NETWORK_IDS.map((id) => networks[id].name)).toEqual([
      'Mainnet',
      'Testnet',
      'Devnet',
      'Sandbox',
    ])
    for (const id of NETWORK_IDS) {
      expect(networks[id].endpoints.length).toBeGreaterThan(0)
      for (const url of networks[id].endpoints) expect(url).toMatch(/^wss?:\/\//)
    }
  })

  it('puts the sandbox on loopback, where it also answers Clio requests', () => {
    const { sandbox } = buildNetworks({})
    expect(sandbox.endpoints).toEqual(['ws://127.0.0.1:6006'])
    expect(sandbox.clioEndpoints).toEqual(['ws://127.0.0.1:6006'])
    expect(sandbox.metadataGateway).toBe('http://127.0.0.1:6007')
  })

  it('takes sandbox URLs from the build settings', () => {
    const { sandbox } = buildNetworks({
      VITE_SANDBOX_WS: 'ws://127.0.0.1:16006',
      VITE_SANDBOX_GATEWAY: 'http://127.0.0.1:16007/',
    })
    expect(sandbox.endpoints).toEqual(['ws://127.0.0.1:16006'])
    expect(sandbox.metadataGateway).toBe('http://127.0.0.1:16007')
  })

  it('ignores sandbox overrides that are not WebSocket or HTTP URLs', () => {
    const { sandbox } = buildNetworks({
      VITE_SANDBOX_WS: 'javascript:alert(1)',
      VITE_SANDBOX_GATEWAY: 'not a url',
    })
    expect(sandbox.endpoints).toEqual(['ws://127.0.0.1:6006'])
    expect(sandbox.metadataGateway).toBe('http://127.0.0.1:6007')
  })

  it('defaults to the sandbox in development and to Mainnet in a production build', () => {
    expect(defaultNetworkId({ DEV: true })).toBe('sandbox')
    expect(defaultNetworkId({ DEV: false })).toBe('mainnet')
    expect(defaultNetworkId({})).toBe('mainnet')
  })

  it('lets the build choose the default network', () => {
    expect(defaultNetworkId({ DEV: false, MODE: 'e2e', VITE_DEFAULT_NETWORK: 'Sandbox' })).toBe(
      'sandbox',
    )
    expect(defaultNetworkId({ DEV: true, VITE_DEFAULT_NETWORK: 'testnet' })).toBe('testnet')
    expect(defaultNetworkId({ DEV: false, VITE_DEFAULT_NETWORK: 'moon' })).toBe('mainnet')
  })

  it('offers the Sandbox only in development, the e2e build, or when a build setting asks', () => {
    const all = ['mainnet', 'testnet', 'devnet', 'sandbox']
    expect(offeredNetworkIds({ DEV: true })).toEqual(all)
    expect(offeredNetworkIds({ DEV: false, MODE: 'e2e' })).toEqual(all)
    expect(offeredNetworkIds({ DEV: false, VITE_ENABLE_SANDBOX: 'true' })).toEqual(all)
    expect(offeredNetworkIds({ DEV: false, MODE: 'production' })).toEqual(all.slice(0, 3))
    // A production build asked to preselect a network it does not offer starts on Mainnet.
    expect(defaultNetworkId({ DEV: false, VITE_DEFAULT_NETWORK: 'sandbox' })).toBe('mainnet')
  })

  it('freezes the network table, endpoint lists included', () => {
    const networks = buildNetworks({})
    expect(Object.isFrozen(networks)).toBe(true)
    expect(Object.isFrozen(networks.mainnet)).toBe(true)
    expect(() => (networks.mainnet.endpoints as string[]).push('ws://127.0.0.1:1')).toThrow(
      TypeError,
    )
  })
})
