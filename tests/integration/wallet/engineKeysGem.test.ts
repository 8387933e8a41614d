/**
 * The GEM Wallet regular-key flow through the Engine against the sandbox ledger: a key generated in
 * the worker, set on the account by a SetRegularKey that the test signs with the account's master
 * seed (what GEM Wallet does), stored encrypted, restored by a reopened engine, kept but not
 * restored when the ledger no longer accepts it, and forgotten with the device.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Wallet } from 'xrpl'
import type { ECDSA } from 'xrpl'

import { isEngineError } from '../../../src/shared/errors.ts'
import type { WalletInfo } from '../../../src/worker/api.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { keyringOf, ledgerHarness, payWithSigner, setRegularKey } from '../../helpers/keys.ts'
import { fund } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

const SECP = 'ecdsa-secp256k1' as ECDSA
/** The key kept under the device key: no passphrase. */
const DEVICE = { kind: 'device' } as const

let h: EngineHarness
/** An independent client on the same sandbox. */
let ledger: Harness
let primary: Wallet

/** What GEM Wallet does: the primary account's master key signs and submits SetRegularKey. */
async function gemSetsRegularKey(regularKey: string, close = true): Promise<void> {
  await setRegularKey(ledger, primary, regularKey, close)
}

/** Runs the whole GEM flow on the harness engine; returns the answer and the generated key. */
async function setUpGemKey(): Promise<{ info: WalletInfo; key: Wallet }> {
  const { regularKeyAddress } = await h.engine.prepareRegularKey()
  await gemSetsRegularKey(regularKeyAddress)
  const info = await h.engine.confirmRegularKey(primary.classicAddress, DEVICE)
  return { info, key: keyringOf(h.engine).signingWallet() }
}

/** Closes ledgers until the promise settles (at most `maxCloses`), and returns how it settled. */
async function settleWhileClosing<T>(promise: Promise<T>, maxCloses = 200) {
  const state: { outcome?: { value?: T; error?: unknown } } = {}
  promise.then(
    (value) => (state.outcome = { value }),
    (error: unknown) => (state.outcome = { error }),
  )
  for (let i = 0; i < maxCloses && !state.outcome; i++) {
    const closed = await h.sb.ledgerAccept()
    // Let the ledger stream reach the engine before the next close.
    await vi.waitFor(
      async () =>
        expect((await h.engine.getNetworkStatus()).ledgerIndex).toBeGreaterThanOrEqual(closed),
      { timeout: 10_000, interval: 5 },
    )
  }
  if (!state.outcome) throw new Error(`still pending after ${maxCloses} ledgers`)
  return state.outcome
}

async function rejection(promise: Promise<unknown>) {
  const error: unknown = await promise.then(
    () => new Error('resolved unexpectedly'),
    (e: unknown) => e,
  )
  if (!isEngineError(error)) throw error
  return error
}

beforeEach(async () => {
  h = await startEngineHarness()
  ledger = await ledgerHarness(h)
  primary = Wallet.generate(SECP)
  await fund(ledger, 100, primary)
})

afterEach(async () => {
  await ledger.stop()
  await h.stop()
})

describe('GEM regular key: prepare and confirm', () => {
  it('connects with a worker-generated ed25519 key once the ledger shows it', async () => {
    const prepared = await h.engine.prepareRegularKey()
    expect(Object.keys(prepared)).toEqual(['regularKeyAddress'])
    expect(prepared.regularKeyAddress).toMatch(/^r[1-9A-HJ-NP-Za-km-z]{24,34}$/)
    await gemSetsRegularKey(prepared.regularKeyAddress)

    const info = await h.engine.confirmRegularKey(primary.classicAddress, DEVICE)

    expect(info).toEqual({
      network: 'sandbox',
      address: primary.classicAddress,
      signing: 'regular',
      algorithm: 'ed25519',
      keyAddress: prepared.regularKeyAddress,
      restored: false,
    })
    const key = keyringOf(h.engine).signingWallet()
    expect(JSON.stringify(info)).not.toContain(key.seed)
    expect(JSON.stringify(info)).not.toContain(key.privateKey)
    expect(await payWithSigner(ledger, h.engine)).toBe('tesSUCCESS')
  })

  it('waits across ledgers for the SetRegularKey to validate', async () => {
    const { regularKeyAddress } = await h.engine.prepareRegularKey()
    const confirming = h.engine.confirmRegularKey(primary.classicAddress, DEVICE)
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    await gemSetsRegularKey(regularKeyAddress, false)
    const outcome = await settleWhileClosing(confirming)
    expect(outcome.value).toMatchObject({ signing: 'regular', keyAddress: regularKeyAddress })
  })

  it('keeps waiting through a dropped connection', async () => {
    const { regularKeyAddress } = await h.engine.prepareRegularKey()
    const confirming = h.engine.confirmRegularKey(primary.classicAddress, DEVICE)
    await h.engine.disconnect()
    await gemSetsRegularKey(regularKeyAddress)
    await h.engine.connect('sandbox')
    const outcome = await settleWhileClosing(confirming)
    expect(outcome.value).toMatchObject({ signing: 'regular', keyAddress: regularKeyAddress })
  })

  it('gives up with TIMEOUT after 20 ledgers without the key', async () => {
    await h.engine.prepareRegularKey()
    const outcome = await settleWhileClosing(
      h.engine.confirmRegularKey(primary.classicAddress, DEVICE),
    )
    expect(outcome.error).toMatchObject({ name: 'EngineError', code: 'TIMEOUT' })
    expect(await h.engine.getWallet()).toBeNull()
    expect(await h.db.storedKeys.count()).toBe(0)
  })

  it('rejects a confirm without a pending key, with a bad address, or for a missing account', async () => {
    const none = await rejection(h.engine.confirmRegularKey(primary.classicAddress, DEVICE))
    expect(none.code).toBe('VALIDATION')
    expect(none.message).toBe('No regular key is pending: generate one first')
    await h.engine.prepareRegularKey()
    const bad = await rejection(h.engine.confirmRegularKey('not an address', DEVICE))
    expect(bad.code).toBe('VALIDATION')
    const stranger = Wallet.generate().classicAddress
    const missing = await rejection(h.engine.confirmRegularKey(stranger, DEVICE))
    expect(missing).toMatchObject({
      code: 'NOT_FOUND',
      message: `Account ${stranger} is not activated on Sandbox`,
    })
  })

  it('lock() cancels the wait and drops the pending key', async () => {
    await h.engine.prepareRegularKey()
    const confirming = h.engine.confirmRegularKey(primary.classicAddress, DEVICE)
    await h.engine.lock()
    expect(await rejection(confirming)).toMatchObject({ code: 'CANCELLED' })
    const again = await rejection(h.engine.confirmRegularKey(primary.classicAddress, DEVICE))
    expect(again.code).toBe('VALIDATION')
  })
})

describe('GEM regular key: storage on this device', () => {
  it('stores only ciphertext, under a non-extractable device key', async () => {
    const { info, key } = await setUpGemKey()
    const rows = await h.db.storedKeys.toArray()
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(row).toMatchObject({
      id: `sandbox:${primary.classicAddress}`,
      network: 'sandbox',
      primaryAddress: primary.classicAddress,
      regularKeyAddress: info.keyAddress,
    })
    const bytes = [Buffer.from(row.ciphertext), Buffer.from(row.iv)]
    const stored = [
      JSON.stringify(row),
      ...bytes.flatMap((b) => [b.toString('latin1'), b.toString('hex')]),
    ]
    for (const secret of [key.seed!, key.privateKey, key.privateKey.slice(2).toLowerCase()]) {
      for (const text of stored) expect(text.toUpperCase()).not.toContain(secret.toUpperCase())
    }
    const device = await h.db.deviceKeys.get('device')
    expect(device?.key.extractable).toBe(false)
    expect(device?.key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    await expect(crypto.subtle.exportKey('raw', device!.key)).rejects.toThrow()
  })

  it('a reopened engine restores the session and signs what the ledger accepts', async () => {
    const { info } = await setUpGemKey()
    const reopened = h.reopen()
    await reopened.connect('sandbox')
    expect(await reopened.getWallet()).toBeNull()

    const restored = await reopened.restoreWallet()

    expect(restored).toEqual({ ...info, restored: true })
    expect(await reopened.getWallet()).toEqual(restored)
    expect(await payWithSigner(ledger, reopened)).toBe('tesSUCCESS')
  })

  it('restores nothing when nothing is stored', async () => {
    expect(await h.engine.restoreWallet()).toBeNull()
  })

  it('does not restore a key the ledger no longer accepts, and keeps it (a server may be wrong)', async () => {
    await setUpGemKey()
    await gemSetsRegularKey(Wallet.generate().classicAddress)
    const reopened = h.reopen()
    await reopened.connect('sandbox')

    expect(await reopened.restoreWallet()).toBeNull()
    expect(await h.db.storedKeys.count()).toBe(1)
    expect(await reopened.getWallet()).toBeNull()
  })

  it('restores offline unverified, and verifies once online', async () => {
    const { info } = await setUpGemKey()
    const offline = h.reopen()
    expect(await offline.restoreWallet()).toEqual({ ...info, restored: true })

    await offline.connect('sandbox')
    expect(await payWithSigner(ledger, offline)).toBe('tesSUCCESS')
    await gemSetsRegularKey(Wallet.generate().classicAddress)
    expect(await offline.restoreWallet()).toBeNull()
    expect(await offline.getWallet()).toBeNull()
    expect(await h.db.storedKeys.count()).toBe(1)
  })

  it('wipes a row whose ciphertext was altered', async () => {
    await setUpGemKey()
    const row = (await h.db.storedKeys.toArray())[0]!
    const altered = new Uint8Array(row.ciphertext.slice(0))
    altered[0] = altered[0]! ^ 1
    await h.db.storedKeys.put({ ...row, ciphertext: altered.buffer })
    expect(await h.reopen().restoreWallet()).toBeNull()
    expect(await h.db.storedKeys.count()).toBe(0)
  })

  it('forgetDevice wipes the stored keys and the device key, and locks', async () => {
    await setUpGemKey()
    await h.engine.forgetDevice()
    expect(await h.db.storedKeys.count()).toBe(0)
    expect(await h.db.deviceKeys.count()).toBe(0)
    expect(await h.engine.getWallet()).toBeNull()
    const reopened = h.reopen()
    await reopened.connect('sandbox')
    expect(await reopened.restoreWallet()).toBeNull()
  })
})
