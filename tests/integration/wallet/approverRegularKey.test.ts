/**
 * The app's regular key set up through an external wallet: one approval (in Crossmark here, on the
 * emulated Ledger too), checked and submitted by the engine; once validated the key is stored and
 * signs, so big jobs need no approval each. A refusal changes nothing on the account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { ECDSA, Transaction } from 'xrpl'

import { ledgerSession } from '../../../src/app/wallets/adapters/ledger.ts'
import { isEngineError } from '../../../src/shared/errors.ts'
import { scriptedApprover } from '../../helpers/approvers.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { ledgerHarness, setRegularKey } from '../../helpers/keys.ts'
import { eventually } from '../../helpers/poll.ts'
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
    const { hash } = await h.engine.approveRegularKey({ kind: 'device' })
    expect(hash).toMatch(/^[0-9A-F]{64}$/)
    // Stored before it was submitted: if the app goes now, the key the account gets is kept here.
    expect(await h.engine.storedSession()).toMatchObject({ regularKeyAddress })
    // And not replaced by a new one while it may still apply.
    await expect(h.engine.prepareRegularKey()).rejects.toThrow(
      'A SetRegularKey for the key prepared before is on its way',
    )
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
    const error: unknown = await h.engine.approveRegularKey({ kind: 'device' }).then(
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

describe('the regular key setup refused where it would lock the account out', () => {
  it('a wallet that signs with the regular key may not replace it', async () => {
    const account = Wallet.generate()
    const walletKey = Wallet.generate()
    await fund(ledger, 100, account)
    await setRegularKey(ledger, account, walletKey.address)
    const approver = scriptedApprover(
      new Wallet(walletKey.publicKey, walletKey.privateKey, { masterAddress: account.address }),
    )
    await h.engine.connectApprover(
      { wallet: 'xaman', account: account.address, publicKey: walletKey.publicKey },
      approver,
    )
    await h.engine.prepareRegularKey()
    await expect(h.engine.approveRegularKey({ kind: 'device' })).rejects.toThrow(
      "Xaman signs with this account's regular key: setting another one would take the account away from it",
    )
    expect(approver.requests).toHaveLength(0)
    expect(await regularKeyOf(account.address)).toBe(walletKey.address)
  })

  it('disconnected while the wallet asks: its late approval is not submitted, the account unchanged', async () => {
    const account = Wallet.generate()
    await fund(ledger, 100, account)
    let answer: (blob: string) => void = () => {}
    let asked: Record<string, unknown> | undefined
    const port = {
      approve: (request: { transactions: Record<string, unknown>[] }) => {
        asked = request.transactions[0]
        return new Promise<{ signed: string[] }>((resolve) => {
          answer = (blob) => resolve({ signed: [blob] })
        })
      },
    }
    await h.engine.connectApprover(
      { wallet: 'crossmark', account: account.address, publicKey: account.publicKey },
      port,
    )
    await h.engine.prepareRegularKey()
    const approving = h.engine.approveRegularKey({ kind: 'device' }).then(
      () => null,
      (e: unknown) => e,
    )
    await eventually(
      () => Promise.resolve(asked),
      (tx) => tx !== undefined,
      'the wallet asked',
    )
    await h.engine.lock()
    answer(account.sign(asked as unknown as Transaction).tx_blob)
    const error = await approving
    expect(isEngineError(error) && error.code).toBe('CANCELLED')
    expect((error as Error).message).toBe('The setup was left meanwhile: nothing was submitted')
    await ledger.sb.ledgerAccept()
    expect(await regularKeyOf(account.address)).toBeUndefined()
  })
})
