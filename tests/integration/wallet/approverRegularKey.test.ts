/**
 * The app's regular key set up through an external wallet: one approval (in Crossmark here, on the
 * emulated Ledger too), checked and submitted by the engine; once validated the key is stored and
 * signs, so big jobs need no approval each. A refusal changes nothing on the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { ECDSA } from 'xrpl'

import { ledgerSession } from '../../../src/app/wallets/ledger.ts'
import { isEngineError } from '../../../src/shared/errors.ts'
import { scriptedApprover } from '../../helpers/approvers.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { ledgerHarness } from '../../helpers/keys.ts'
import { emulatedDevice } from '../../helpers/ledgerTransport.ts'
import { LedgerXrpApp } from '../../helpers/ledgerXrpApp.ts'
import { closeLedgers, fund } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: EngineHarness
let ledger: Harness
let stopClosing: () => void

beforeAll(async () => {
  h = await startEngineHarness()
  ledger = await ledgerHarness(h)
  stopClosing = closeLedgers(h.sb, 50)
})

afterAll(async () => {
  stopClosing()
  await ledger.stop()
  await h.stop()
})

async function regularKeyOf(account: string): Promise<string | undefined> {
  const info = await ledger.client.request({
    command: 'account_info',
    account,
    ledger_index: 'validated',
  })
  return info.result.account_data.RegularKey
}

describe('the regular key through an external wallet', () => {
  it('Crossmark approves one SetRegularKey; the key is stored here and signs from then on', async () => {
    const account = Wallet.generate()
    await fund(ledger, 100, account)
    const crossmark = scriptedApprover(account)
    await h.engine.connectApprover(
      { wallet: 'crossmark', account: account.address, publicKey: account.publicKey },
      crossmark,
    )
    const { regularKeyAddress } = await h.engine.prepareRegularKey()
    const { hash } = await h.engine.approveRegularKey()
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    expect(crossmark.requests).toHaveLength(1)
    expect(crossmark.requests[0]!.transactions[0]).toMatchObject({
      TransactionType: 'SetRegularKey',
      Account: account.address,
      RegularKey: regularKeyAddress,
    })
    const info = await h.engine.confirmRegularKey(account.address, { kind: 'device' })
    expect(info).toMatchObject({
      address: account.address,
      signing: 'regular',
      keyAddress: regularKeyAddress,
      restored: false,
    })
    expect(info.approver).toBeUndefined()
    expect(await regularKeyOf(account.address)).toBe(regularKeyAddress)
    expect(await h.engine.storedSession()).toMatchObject({
      primaryAddress: account.address,
      regularKeyAddress,
    })
  })

  it('a refusal on the Ledger: CANCELLED with its words, the account unchanged', async () => {
    // A Ledger's XRP accounts are secp256k1 keys.
    const account = Wallet.generate('ecdsa-secp256k1' as ECDSA)
    await fund(ledger, 100, account)
    const app = new LedgerXrpApp(account, { answers: ['refuse'] })
    const { address, publicKey, port } = await ledgerSession(emulatedDevice(app))
    await h.engine.connectApprover({ wallet: 'ledger', account: address, publicKey }, port)
    await h.engine.prepareRegularKey()
    const error: unknown = await h.engine.approveRegularKey().then(
      () => null,
      (e: unknown) => e,
    )
    expect(isEngineError(error) && error.code).toBe('CANCELLED')
    expect((error as Error).message).toBe(
      'Waiting for your approval in Ledger: you rejected it on your Ledger. Resume to be asked again',
    )
    expect(app.shown.map((s) => s.tx.TransactionType)).toEqual(['SetRegularKey'])
    expect(await regularKeyOf(account.address)).toBeUndefined()
  })
})
