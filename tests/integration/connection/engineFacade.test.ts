/**
 * What a page can reach of the worker: the engine's facade behind a real Comlink channel (a
 * MessageChannel, as between a page and its worker). Only the EngineApi methods answer; no field of
 * the engine (its keyring and the wallet's seed, its network table), no prototype, no constructor.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { expose, wrap } from 'comlink'
import type { Remote } from 'comlink'

import '../../../src/shared/comlink.ts'
import { LedgerDb } from '../../../src/db/schema.ts'
import { NETWORKS } from '../../../src/shared/networks.ts'
import type { EngineApi } from '../../../src/worker/api.ts'
import { Engine } from '../../../src/worker/engine.ts'
import { ENGINE_METHODS, engineFacade } from '../../../src/worker/facade.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'

let h: EngineHarness
let remote: Remote<EngineApi>
let channel: MessageChannel

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
  channel = new MessageChannel()
  expose(engineFacade(h.engine), channel.port1)
  remote = wrap<EngineApi>(channel.port2)
  await remote.connectWallet({ kind: 'familySeed', secret: demoAccounts().holder.seed! })
})

afterAll(async () => {
  channel.port1.close()
  channel.port2.close()
  await h.stop()
})

/**
 * Sends one raw Comlink message, as any script on the page could (not through `wrap`, whose
 * assignments do not report their failure), and returns the reply.
 */
async function rawRequest(message: Record<string, unknown>): Promise<Record<string, unknown>> {
  const raw = new MessageChannel()
  expose(engineFacade(h.engine), raw.port1)
  try {
    return await new Promise((resolve) => {
      raw.port2.addEventListener(
        'message',
        (event: MessageEvent<Record<string, unknown>>) => resolve(event.data),
        {
          once: true,
        },
      )
      raw.port2.start()
      raw.port2.postMessage({ id: 'raw-1', ...message })
    })
  } finally {
    raw.port1.close()
    raw.port2.close()
  }
}

/** Whatever a page gets for a property path: the value, or why it could not have it. */
async function reach(path: string[]): Promise<unknown> {
  let target: unknown = remote
  for (const step of path) target = (target as Record<string, unknown>)[step]
  try {
    // A Comlink proxy at any path is a thenable: awaiting it asks the worker for the value.
    const asked = target as PromiseLike<unknown>
    return await asked
  } catch (e) {
    return { refused: e instanceof Error ? e.name : String(e) }
  }
}

describe('the worker exposes only EngineApi', () => {
  it('answers the contract methods', async () => {
    const status = await remote.getNetworkStatus()
    expect(status).toMatchObject({ network: 'sandbox', state: 'connected' })
    expect(await remote.getWallet()).toMatchObject({
      address: demoAccounts().holder.classicAddress,
    })
  })

  it('holds exactly the contract methods', () => {
    const facade = engineFacade(h.engine) as unknown as Record<string, unknown>
    expect(Reflect.ownKeys(facade).sort()).toEqual([...ENGINE_METHODS].sort())
    expect(Object.getPrototypeOf(facade)).toBeNull()
    expect(Object.isFrozen(facade)).toBe(true)
    for (const name of ENGINE_METHODS) {
      const method = facade[name] as object
      expect(Object.getPrototypeOf(method)).toBeNull()
      expect(Reflect.ownKeys(method).filter((k) => k !== 'length' && k !== 'name')).toEqual([
        'apply',
      ])
    }
  })

  it.each([
    [['keyring']],
    [['keyring', 'session', 'wallet', 'seed']],
    [['networks']],
    [['networks', 'mainnet', 'endpoints']],
    [['connection']],
    [['jobs']],
    [['db']],
    [['__proto__']],
    [['constructor']],
    [['prototype']],
    [['toString']],
    [['connect', 'constructor']],
    [['connect', 'prototype']],
    [['connect', 'bind']],
    [['connect', 'call']],
    [['connect', 'apply', 'constructor']],
    [['connect', '__proto__']],
  ])('reaches nothing at %j', async (path) => {
    const value = await reach(path)
    // Either nothing there, or a value that cannot even leave the worker.
    if (value !== undefined) expect(Object.keys(value as object)).toEqual(['refused'])
  })

  it('cannot construct or call anything but the methods', async () => {
    const ctor = (remote.connect as unknown as { constructor: new (code: string) => unknown })
      .constructor
    await expect(new ctor('return 1') as Promise<unknown>).rejects.toBeTruthy()
    const bound = (remote.connect as unknown as { bind: () => Promise<unknown> }).bind
    await expect(bound()).rejects.toBeTruthy()
  })

  it('cannot change the engine: assignments through the channel are refused', async () => {
    for (const path of [['getWallet'], ['networks'], ['keyring'], ['connect', 'apply']]) {
      const reply = await rawRequest({ type: 'SET', path, value: { type: 'RAW', value: 'x' } })
      expect(reply, path.join('.')).toMatchObject({ type: 'HANDLER', name: 'throw' })
    }
    // The methods still answer, and the network table is unchanged and frozen.
    expect(await remote.getWallet()).toMatchObject({ network: 'sandbox' })
    expect(await remote.getNetworkStatus()).toMatchObject({ network: 'sandbox' })
    expect(await reach(['networks'])).toBeUndefined()
    expect(Object.isFrozen(NETWORKS)).toBe(true)
    expect(Object.isFrozen(NETWORKS.mainnet.endpoints)).toBe(true)
    expect(() => (NETWORKS.mainnet.endpoints as string[]).push('ws://127.0.0.1:1')).toThrow()
  })

  it('an engine copies and freezes the network table it is given', () => {
    const endpoints = ['ws://127.0.0.1:1']
    const networks = { ...NETWORKS, devnet: { ...NETWORKS.devnet, endpoints } }
    const db = new LedgerDb(`facade-${Date.now()}`)
    const engine = new Engine({ networks, db })
    endpoints.push('ws://127.0.0.1:2')
    const table = (engine as unknown as { networks: typeof NETWORKS }).networks
    expect(table.devnet.endpoints).toEqual(['ws://127.0.0.1:1'])
    expect(Object.isFrozen(table.devnet)).toBe(true)
    return engine.dispose().then(() => db.delete())
  })
})
