/**
 * A server's health faults, switchable while it runs and per endpoint: it lags the network by some
 * ledgers, it is not synced, it is amendment blocked, or it refuses the next requests. What each
 * answers follows rippled (Handler.h conditionMet, RPCLedgerHelpers.cpp getLedger).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Client, Wallet, xrpToDrops } from 'xrpl'
import type { LedgerStream, RippledError } from 'xrpl'

import { fundInProcess, signTx, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'
import type { ConnectionFaults } from '../../../src/sandbox/rpc/server.ts'

let h: Harness
/** A second server of the same ledger, whose faults the tests switch. */
let faults: ConnectionFaults
let client: Client
const alice = Wallet.generate()

beforeEach(async () => {
  h = await startHarness()
  fundInProcess(h.sb.ledger, 100, alice)
  const endpoint = await h.sb.addEndpoint()
  faults = endpoint.faults
  client = new Client(endpoint.url, { timeout: 120_000 })
  await client.connect()
})

afterEach(async () => {
  await client.disconnect()
  await h.stop()
})

const failureOf = (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: RippledError) => e.data as Record<string, unknown>,
  )

/** A payment of 1 XRP from alice to genesis, signed with the main port's view of the ledger. */
const payment = () =>
  signTx(h.client, alice, {
    TransactionType: 'Payment',
    Account: alice.address,
    Destination: h.genesis.address,
    Amount: xrpToDrops(1),
  })

const balanceAt = async (ledger: 'validated' | number) =>
  (await client.request({ command: 'account_info', account: alice.address, ledger_index: ledger }))
    .result

describe('lagLedgers', () => {
  it('reports and reads validated from the ledger N back, with an age of at least N closes', async () => {
    const before = await balanceAt('validated')
    const paid = await payment()
    await submitBlob(h.client, paid.tx_blob)
    for (let i = 0; i < 3; i++) await h.sb.ledgerAccept()
    const latest = h.sb.ledger.validated.header.ledger_index
    faults.lagLedgers = 3
    const info = (await client.request({ command: 'server_info' })).result.info
    expect(info.validated_ledger?.seq).toBe(latest - 3)
    // Ledgers close on ledger_accept here: the lag counts 4 s a ledger.
    expect(info.validated_ledger?.age).toBeGreaterThanOrEqual(12)
    expect(info.complete_ledgers.endsWith(`-${latest - 3}`)).toBe(true)
    const lagged = await balanceAt('validated')
    expect(lagged.ledger_index).toBe(latest - 3)
    expect(lagged.account_data.Balance).toBe(before.account_data.Balance)
    // It has not got the newer ledgers, and their transactions are not validated to it.
    expect(await failureOf(balanceAt(latest))).toMatchObject({ error: 'lgrNotFound' })
    const tx = await client.request({ command: 'tx', transaction: paid.hash })
    expect(tx.result.validated).toBe(false)
    expect((await client.request({ command: 'ledger_closed' })).result.ledger_index).toBe(
      latest - 3,
    )
    // The main port does not lag.
    const main = await h.client.request({ command: 'server_info' })
    expect(main.result.info.validated_ledger?.seq).toBe(latest)
  })

  it('withholds newer closes from the ledger stream, and publishes them in order as it catches up', async () => {
    const seen: number[] = []
    client.on('ledgerClosed', (l: LedgerStream) => seen.push(l.ledger_index))
    await client.request({ command: 'subscribe', streams: ['ledger'] })
    faults.lagLedgers = 2
    const first = await h.sb.ledgerAccept()
    const second = await h.sb.ledgerAccept()
    // Messages keep their order on a connection: a ledgerClosed sent before this reply came first.
    await client.request({ command: 'ping' })
    expect(seen).toEqual([])
    faults.lagLedgers = 0
    await client.request({ command: 'ping' })
    expect(seen).toEqual([first, second])
  })

  it('a lag older than 2 minutes is not synced: shortcut reads notSynced (v2), submit noCurrent (v1)', async () => {
    for (let i = 0; i < 35; i++) await h.sb.ledgerAccept()
    faults.lagLedgers = 31
    expect(await failureOf(balanceAt('validated'))).toMatchObject({
      error: 'notSynced',
      error_code: 18,
      error_message: 'notSynced',
    })
    const submit = { command: 'submit', tx_blob: (await payment()).tx_blob, api_version: 1 }
    expect(await failureOf(client.request(submit as never))).toMatchObject({
      error: 'noCurrent',
      error_code: 16,
    })
  })
})

describe('notSynced', () => {
  it('server_info says connected; ledger reads and submit answer notSynced (v2) or noNetwork (v1)', async () => {
    faults.notSynced = true
    const info = await client.request({ command: 'server_info' })
    expect(info.result.info.server_state).toBe('connected')
    await expect(client.request({ command: 'ping' })).resolves.toBeDefined()
    await expect(
      client.request({ command: 'subscribe', streams: ['ledger'] }),
    ).resolves.toBeDefined()
    expect(
      await failureOf(client.request({ command: 'account_info', account: alice.address })),
    ).toMatchObject({ error: 'notSynced', error_code: 18, error_message: 'notSynced' })
    const v1 = { command: 'account_info', account: alice.address, api_version: 1 }
    expect(await failureOf(client.request(v1 as never))).toMatchObject({
      error: 'noNetwork',
      error_code: 17,
      error_message: 'InsufficientNetworkMode',
    })
    const paid = await payment()
    expect(
      await failureOf(client.request({ command: 'submit', tx_blob: paid.tx_blob })),
    ).toMatchObject({
      error: 'notSynced',
      error_code: 18,
      error_message: 'Not synced to the network.',
    })
    // The ledgers it has validated can still be read by index.
    const index = h.sb.ledger.validated.header.ledger_index
    await expect(balanceAt(index)).resolves.toMatchObject({ ledger_index: index })
    // Switched off, it answers again.
    faults.notSynced = false
    await expect(balanceAt('validated')).resolves.toBeDefined()
  })
})

describe('amendmentBlocked', () => {
  it('server_info says so; submit, fee and tx answer amendmentBlocked (14); reads still work', async () => {
    faults.amendmentBlocked = true
    const info = (await client.request({ command: 'server_info' })).result.info
    expect(info).toMatchObject({ amendment_blocked: true, server_state: 'connected' })
    const paid = await payment()
    const blocked = {
      error: 'amendmentBlocked',
      error_code: 14,
      error_message: 'Amendment blocked, need upgrade.',
    }
    expect(
      await failureOf(client.request({ command: 'submit', tx_blob: paid.tx_blob })),
    ).toMatchObject(blocked)
    expect(await failureOf(client.request({ command: 'fee' }))).toMatchObject(blocked)
    expect(
      await failureOf(client.request({ command: 'tx', transaction: paid.hash })),
    ).toMatchObject(blocked)
    await expect(balanceAt('validated')).resolves.toBeDefined()
    // The main port is not blocked.
    const main = await h.client.request({ command: 'server_info' })
    expect(main.result.info).not.toHaveProperty('amendment_blocked')
  })
})

describe('refuseNext', () => {
  it('answers the next N requests with the error, unprocessed, then serves again', async () => {
    faults.refuseNext = { token: 'tooBusy', count: 2 }
    for (let i = 0; i < 2; i++) {
      expect(await failureOf(client.request({ command: 'ping' }))).toMatchObject({
        error: 'tooBusy',
        error_code: 9,
        error_message: 'The server is too busy to help you now.',
      })
    }
    expect(faults.refuseNext).toBeNull()
    await expect(client.request({ command: 'ping' })).resolves.toBeDefined()
  })

  it('refuses only the named command: a refused submit is not applied', async () => {
    const paid = await payment()
    faults.refuseNext = { token: 'timeout', count: 1, command: 'submit' }
    await expect(client.request({ command: 'ping' })).resolves.toBeDefined()
    expect(
      await failureOf(client.request({ command: 'submit', tx_blob: paid.tx_blob })),
    ).toMatchObject({ error: 'timeout', error_code: 7002 })
    expect(h.sb.ledger.findPending(paid.hash)).toBeUndefined()
    const res = await client.request({ command: 'submit', tx_blob: paid.tx_blob })
    expect(res.result.engine_result).toBe('tesSUCCESS')
  })
})
