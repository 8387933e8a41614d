/**
 * The regular key's whole life (issue 26, scenario 6). The GEM Wallet flow sets a key that can sign
 * any transaction of the account (a 50 XRP payment included), so:
 * - at rest it is wrapped by a passphrase (PBKDF2, 600,000 iterations) that is stored nowhere: a
 *   reopened app cannot sign until it is given, a wrong one changes nothing;
 * - 'Disconnect, forget the key here' deletes it from the device (the key stays on the account);
 * - a `removeRegularKey` job takes it off the account (SetRegularKey signed by the key itself): gone
 *   from account_info, from the device and from the session;
 * - the removal is refused before signing when the key is the account's only way to sign.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { ECDSA } from 'xrpl'

import type { KeyProtection } from '../../../src/worker/api.ts'
import { readItems } from '../../../src/db/jobs.ts'
import { PBKDF2_ITERATIONS } from '../../../src/worker/wallet/keyVault.ts'
import { engineError, jobFinished, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { ledgerHarness, payWithSigner, setRegularKey, submitSigned } from '../../helpers/keys.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json } from '../../helpers/rewritingProxy.ts'
import { closeLedgers, fund } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

const PASSPHRASE = 'correct horse battery'

let h: EngineHarness
let ledger: Harness
let primary: Wallet

beforeEach(async () => {
  h = await startEngineHarness()
  ledger = await ledgerHarness(h)
  primary = Wallet.generate('ecdsa-secp256k1' as ECDSA)
  await fund(ledger, 100, primary)
})

afterEach(async () => {
  await ledger.stop()
  await h.stop()
})

/** The GEM flow: a key generated in the engine, set by the master key, stored as `protection` says. */
async function setUpGemKey(protection: KeyProtection) {
  const { regularKeyAddress } = await h.engine.prepareRegularKey()
  await setRegularKey(ledger, primary, regularKeyAddress)
  return await h.engine.confirmRegularKey(primary.classicAddress, protection)
}

async function regularKeyOnLedger(): Promise<string | undefined> {
  const info = await ledger.client.request({
    command: 'account_info',
    account: primary.classicAddress,
    ledger_index: 'validated',
  })
  return info.result.account_data.RegularKey
}

it('the regular key signs any transaction of the account: a 50 XRP payment', async () => {
  await setUpGemKey({ kind: 'device' })
  expect(await payWithSigner(ledger, h.engine, '50000000')).toBe('tesSUCCESS')
})

it('a passphrase wraps the stored key: a reopened app signs nothing until it is given', async () => {
  const short = await engineError(
    h.engine.confirmRegularKey(primary.classicAddress, { kind: 'passphrase', passphrase: 'short' }),
  )
  expect(short.message).toBe('The passphrase must be at least 8 characters')
  const info = await setUpGemKey({ kind: 'passphrase', passphrase: PASSPHRASE })
  const [row] = await h.db.storedKeys.toArray()
  expect(row).toMatchObject({ protection: 'passphrase', iterations: PBKDF2_ITERATIONS })
  expect(row!.salt).toHaveLength(16)
  // No device key was made: nothing in the database opens the key.
  expect(await h.db.deviceKeys.count()).toBe(0)

  const reopened = h.reopen()
  await reopened.connect('sandbox')
  expect(await reopened.restoreWallet()).toBeNull()
  expect(await reopened.getWallet()).toBeNull()
  expect(await reopened.storedSession()).toEqual({
    network: 'sandbox',
    primaryAddress: primary.classicAddress,
    regularKeyAddress: info.keyAddress,
    protection: 'passphrase',
  })
  const wrong = await engineError(reopened.unlockWallet('correct horse battery!'))
  expect(wrong.message).toBe('Wrong passphrase: the key stays locked. Try again')
  expect(await h.db.storedKeys.count()).toBe(1)
  expect(await reopened.getWallet()).toBeNull()

  expect(await reopened.unlockWallet(PASSPHRASE)).toEqual({ ...info, restored: true })
  expect(await payWithSigner(ledger, reopened)).toBe('tesSUCCESS')
})

it("'forget the key here' deletes it from this device; the account still has it", async () => {
  const info = await setUpGemKey({ kind: 'device' })
  await h.engine.forgetStoredKey()
  expect(await h.engine.getWallet()).toBeNull()
  expect(await h.db.storedKeys.count()).toBe(0)
  const reopened = h.reopen()
  await reopened.connect('sandbox')
  expect(await reopened.restoreWallet()).toBeNull()
  expect(await reopened.storedSession()).toBeNull()
  // The key is still set on the account: only removing it there takes its power away.
  expect(await regularKeyOnLedger()).toBe(info.keyAddress)
})

it('Wallet Details: the RegularKey as the ledger has it', async () => {
  const info = await setUpGemKey({ kind: 'device' })
  expect(await h.engine.accountKeys()).toMatchObject({
    account: primary.classicAddress,
    regularKey: info.keyAddress,
    thisDevice: true,
    masterDisabled: false,
    hasSignerList: false,
  })
  // Another key set from elsewhere: not this device's.
  const other = Wallet.generate().classicAddress
  await setRegularKey(ledger, primary, other)
  await h.engine.connectWallet({ kind: 'familySeed', secret: primary.seed! })
  expect(await h.engine.accountKeys()).toMatchObject({ regularKey: other, thisDevice: false })
})

it('removes the key from the account: gone from account_info, from the device and the session', async () => {
  await setUpGemKey({ kind: 'device' })
  const stop = closeLedgers(h.sb, 50)
  try {
    const plan = await h.engine.planJob({ kind: 'removeRegularKey' })
    expect(plan).toMatchObject({ kind: 'removeRegularKey', transactions: 1, canStart: true })
    await h.engine.startJob(plan.jobId)
    const job = await jobFinished(h.db, plan.jobId)
    expect(job.counts).toMatchObject({ succeeded: 1 })
  } finally {
    stop()
  }
  expect(await regularKeyOnLedger()).toBeUndefined()
  await expect.poll(() => h.db.storedKeys.count()).toBe(0)
  await expect.poll(() => h.engine.getWallet()).toBeNull()
})

it('a master-key session cannot plan the removal: the key signs its own removal', async () => {
  await setUpGemKey({ kind: 'device' })
  await h.engine.connectWallet({ kind: 'familySeed', secret: primary.seed! })
  const refused = await engineError(h.engine.planJob({ kind: 'removeRegularKey' }))
  expect(refused.message).toContain("Connect with the account's regular key to remove it")
})

it('refuses before signing when the key is the only way to sign (tecNO_ALTERNATIVE_KEY)', async () => {
  const info = await setUpGemKey({ kind: 'device' })
  // The master key disabled (by the master key, while it still may), no signer list.
  await submitSigned(ledger, primary, {
    TransactionType: 'AccountSet',
    Account: primary.classicAddress,
    SetFlag: 4,
  })
  expect(await h.engine.accountKeys()).toMatchObject({ masterDisabled: true, hasSignerList: false })
  const plan = await h.engine.planJob({ kind: 'removeRegularKey' })
  expect(plan.canStart).toBe(false)
  expect(plan.problems).toEqual([
    expect.objectContaining({ code: 'NO_ALTERNATIVE_KEY', blocking: true }),
  ])
  expect(plan.problems[0]!.message).toContain('the ledger refuses to remove it')
  await expect(h.engine.startJob(plan.jobId)).rejects.toThrow(/tecNO_ALTERNATIVE_KEY/)
  expect(await regularKeyOnLedger()).toBe(info.keyAddress)
})

it("one server's word never deletes the stored key: a lying server at unlock changes nothing", async () => {
  const info = await setUpGemKey({ kind: 'passphrase', passphrase: PASSPHRASE })
  const proxy = await startProxy(h.sb.url)
  try {
    // The server says the account's RegularKey is another key (lying, or behind the network).
    proxy.hooks.reply = (reply, request) => {
      if (request.command !== 'account_info' || typeof reply.result !== 'object') return reply
      const result = reply.result as Json
      const data = { ...(result.account_data as Json), RegularKey: Wallet.generate().address }
      return { ...reply, result: { ...result, account_data: data } }
    }
    const lied = h.reopen({
      networks: { ...h.networks, sandbox: { ...h.networks.sandbox, endpoints: [proxy.url] } },
    })
    await lied.connect('sandbox')
    const refused = await engineError(lied.unlockWallet(PASSPHRASE))
    expect(refused.message).toContain('It stays stored here')
    expect(await h.db.storedKeys.count()).toBe(1)
    await lied.disconnect()
  } finally {
    await proxy.close()
  }
  // The honest server: the key unlocks and signs.
  const reopened = h.reopen()
  await reopened.connect('sandbox')
  expect(await reopened.unlockWallet(PASSPHRASE)).toEqual({ ...info, restored: true })
})

it('a removal planned earlier is signed only by the key it removes, while the account still has it', async () => {
  await setUpGemKey({ kind: 'device' })
  const plan = await h.engine.planJob({ kind: 'removeRegularKey' })
  expect(plan.canStart).toBe(true)
  // Meanwhile another key was set from elsewhere, and the wallet is connected by its master key.
  const other = Wallet.generate().classicAddress
  await setRegularKey(ledger, primary, other)
  await h.engine.connectWallet({ kind: 'familySeed', secret: primary.seed! })
  const stop = closeLedgers(h.sb, 50)
  try {
    await h.engine.startJob(plan.jobId)
    const job = await jobFinished(h.db, plan.jobId)
    expect(job.counts).toMatchObject({ skipped: 1, succeeded: 0 })
  } finally {
    stop()
  }
  const [item] = await readItems(h.db, plan.jobId)
  expect(item).toMatchObject({ result: 'NO_REGULAR_KEY', attempts: [] })
  // The other key is untouched.
  expect(await regularKeyOnLedger()).toBe(other)
})
