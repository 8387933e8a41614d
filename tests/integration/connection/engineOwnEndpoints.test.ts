/**
 * Bring your own node: a server the user adds is checked against the network before use — its
 * network id, its ledger (the same as the network's server the engine is connected to) — then used
 * first, kept in IndexedDB, and used again by the next engine on the same database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'

import { readSettings } from '../../../src/db/settings.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { Wallet } from 'xrpl'

import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import { fundInProcess } from '../../helpers/sandbox.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

let h: EngineHarness
let other: Sandbox

beforeAll(async () => {
  h = await startEngineHarness()
  await h.sb.ledgerAccept()
  // Another ledger altogether (its own genesis and history), as a node of another network is.
  other = await startSandbox({ port: 0, closeMs: 0 })
  // A transaction of its own: empty ledgers of one genesis, closed in the same close-time window,
  // would have the same hashes.
  fundInProcess(other.ledger, 100, Wallet.generate())
  await other.ledgerAccept()
  await other.ledgerAccept()
})

afterAll(async () => {
  await h.stop()
  await other.stop()
})

describe('adding a server of your own', () => {
  it('refuses an address that is not wss:// (ws:// only on this device) before connecting', async () => {
    for (const url of ['ws://node.example.com:6006', 'https://node.example.com', 'not a url']) {
      const error = await engineError(h.engine.addOwnEndpoint('sandbox', url, 'ledger'))
      expect(error.code).toBe('VALIDATION')
    }
  })

  it('refuses a server that cannot be reached', async () => {
    const error = await engineError(
      h.engine.addOwnEndpoint('sandbox', 'ws://127.0.0.1:1', 'ledger'),
    )
    expect(error.code).toBe('NETWORK')
    expect(error.message).toContain('Cannot reach ws://127.0.0.1:1')
  })

  it('refuses a server that follows another ledger than the network’s', async () => {
    const error = await engineError(h.engine.addOwnEndpoint('sandbox', other.url, 'ledger'))
    expect(error).toMatchObject({ code: 'VALIDATION' })
    expect(error.message).toMatch(/follows another ledger/)
    expect((await readSettings(h.db)).ownEndpoints?.sandbox ?? []).toEqual([])
  })

  it('refuses, for Mainnet and Testnet, a server whose network id or ledger is not theirs', async () => {
    const mainnet = await engineError(h.engine.addOwnEndpoint('mainnet', h.sb.url, 'ledger'))
    expect(mainnet.message).toMatch(/is not Mainnet’s/)
    // The sandbox reports network id 0 (as rippled standalone does): not Testnet's 1.
    const testnet = await engineError(h.engine.addOwnEndpoint('testnet', h.sb.url, 'ledger'))
    expect(testnet.message).toMatch(/another network \(its network_id is 0\), not Testnet/)
  })

  it('adds a server of the same ledger, moves the connection to it and keeps it for the next engine', async () => {
    const node = await h.sb.addEndpoint()
    const added = await h.engine.addOwnEndpoint('sandbox', `${node.url}/`, 'ledger')
    expect(added).toMatchObject({ url: node.url, kind: 'ledger' })
    expect((await h.engine.getNetworkStatus()).endpoint).toBe(node.url)
    expect((await readSettings(h.db)).ownEndpoints?.sandbox).toEqual([added])

    const reopened = h.reopen()
    await reopened.connect('sandbox')
    expect((await reopened.getNetworkStatus()).endpoint).toBe(node.url)

    await h.engine.removeOwnEndpoint('sandbox', node.url)
    expect((await h.engine.getNetworkStatus()).endpoint).toBe(h.sb.url)
    expect((await readSettings(h.db)).ownEndpoints?.sandbox).toEqual([])
  })

  it('another tab’s engine takes an added server, and leaves a removed one, at once', async () => {
    const node = await h.sb.addEndpoint()
    const tab = h.reopen()
    await tab.connect('sandbox')
    expect((await tab.getNetworkStatus()).endpoint).toBe(h.sb.url)

    await h.engine.addOwnEndpoint('sandbox', node.url, 'ledger')
    await expect
      .poll(async () => (await tab.getNetworkStatus()).endpoint, { timeout: 10_000 })
      .toBe(node.url)

    await h.engine.removeOwnEndpoint('sandbox', node.url)
    await expect
      .poll(async () => (await tab.getNetworkStatus()).endpoint, { timeout: 10_000 })
      .toBe(h.sb.url)
    await tab.dispose()
  })

  it('adds a Clio only if it answers nfts_by_issuer, and saveSettings cannot write own servers', async () => {
    // The network's own servers are not "your own": refused.
    const publicOne = await engineError(h.engine.addOwnEndpoint('sandbox', h.sb.url, 'clio'))
    expect(publicOne.message).toMatch(/is one of Sandbox’s public servers/)
    const node = await h.sb.addEndpoint()
    const added = await h.engine.addOwnEndpoint('sandbox', node.url, 'clio')
    expect(added.kind).toBe('clio')
    const error = await engineError(
      h.engine.saveSettings({ ownEndpoints: { sandbox: [{ ...added, url: other.url }] } }),
    )
    expect(error.code).toBe('VALIDATION')
  })
})
