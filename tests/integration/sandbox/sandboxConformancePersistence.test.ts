/**
 * Conformance: a saved sandbox restarts with the same validated history — balances, sequences,
 * `tx` and `account_tx` lookups — and carries on from the same ledger index.
 */
import { mkdtemp, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet, xrpToDrops } from 'xrpl'

import { accountData, fund, signTx, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let dir: string
const running: Harness[] = []

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sandbox-conformance-'))
})

afterEach(async () => {
  await Promise.all(running.splice(0).map((r) => r.stop()))
  await rm(dir, { recursive: true, force: true })
})

async function harness(stateFile?: string): Promise<Harness> {
  const h = await startHarness(stateFile ? { stateFile } : {})
  running.push(h)
  return h
}

async function pay(h: Harness, from: Wallet, to: string, xrp: number): Promise<string> {
  const tx = { TransactionType: 'Payment', Account: from.address, Destination: to } as const
  const signed = await signTx(h.client, from, { ...tx, Amount: xrpToDrops(xrp) })
  expect((await submitBlob(h.client, signed.tx_blob)).engine_result).toBe('tesSUCCESS')
  return signed.hash
}

describe('persistence', () => {
  it('save(file), stop, start with that stateFile: balances, sequences and tx lookups survive', async () => {
    const file = join(dir, 'ledger.json')
    const first = await harness()
    const alice = Wallet.generate()
    await fund(first, 100, alice)
    const hash = await pay(first, alice, first.genesis.address, 10)
    const closed = await first.sb.ledgerAccept()
    const before = await accountData(first.client, alice.address, 'validated')
    const genesisBefore = await accountData(first.client, first.genesis.address, 'validated')
    await first.sb.save(file)
    await first.stop()
    running.splice(running.indexOf(first), 1)

    const second = await harness(file)
    expect(await second.client.getLedgerIndex()).toBe(closed)
    expect(await accountData(second.client, alice.address, 'validated')).toMatchObject({
      Balance: before.Balance,
      Sequence: before.Sequence,
    })
    expect((await accountData(second.client, second.genesis.address)).Sequence).toBe(
      genesisBefore.Sequence,
    )
    const tx = await second.client.request({ command: 'tx', transaction: hash })
    expect(tx.result).toMatchObject({
      validated: true,
      ledger_index: closed,
      meta: { TransactionResult: 'tesSUCCESS' },
    })
    const history = await second.client.request({ command: 'account_tx', account: alice.address })
    expect(history.result.transactions.map((t) => t.hash)[0]).toBe(hash)
  })

  it('a restarted sandbox keeps closing ledgers and applying transactions where it left off', async () => {
    const file = join(dir, 'ledger.json')
    const first = await harness(file)
    const alice = Wallet.generate()
    await fund(first, 100, alice)
    const closed = await first.sb.ledgerAccept()
    await first.stop()
    running.splice(running.indexOf(first), 1)

    const second = await harness(file)
    const hash = await pay(second, alice, second.genesis.address, 1)
    expect(await second.sb.ledgerAccept()).toBe(closed + 1)
    const tx = await second.client.request({ command: 'tx', transaction: hash })
    expect(tx.result.validated).toBe(true)
  })

  it('transactions not yet in a closed ledger are not saved (as a restarted rippled forgets them)', async () => {
    const file = join(dir, 'ledger.json')
    const first = await harness()
    const alice = Wallet.generate()
    await fund(first, 100, alice)
    const pending = await pay(first, alice, first.genesis.address, 1)
    await first.sb.save(file)
    await first.stop()
    running.splice(running.indexOf(first), 1)

    const second = await harness(file)
    const lookup = await second.client
      .request({ command: 'tx', transaction: pending })
      .catch((e: { data?: unknown }) => e.data)
    expect(lookup).toMatchObject({ error: 'txnNotFound' })
  })

  it('saves on demand and automatic saves after closes never collide on one file', async () => {
    const file = join(dir, 'ledger.json')
    const first = await harness(file)
    const alice = Wallet.generate()
    await fund(first, 100, alice)
    await pay(first, alice, first.genesis.address, 1)
    const closed = await first.sb.ledgerAccept()
    await Promise.all([first.sb.save(), first.sb.save(), first.sb.save(file)])
    await first.stop()
    running.splice(running.indexOf(first), 1)

    const second = await harness(file)
    expect(await second.client.getLedgerIndex()).toBe(closed)
    expect(await readdir(dir)).toEqual(['ledger.json'])
  })
})
