/**
 * Conformance: rippled's WebSocket envelopes for results and errors, seen raw and through xrpl.js.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { Wallet, xrpToDrops } from 'xrpl'

import { fund, startHarness } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
let ws: WebSocket

beforeAll(async () => {
  h = await startHarness()
  ws = new WebSocket(h.sb.url)
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject))
})

afterAll(async () => {
  ws.close()
  await h.stop()
})

/** Sends one raw text frame and resolves with the next message, parsed. */
function raw(text: string): Promise<Record<string, unknown>> {
  return new Promise((resolve) => {
    ws.once('message', (data: Buffer) =>
      resolve(JSON.parse(data.toString()) as Record<string, unknown>),
    )
    ws.send(text)
  })
}

const rawRequest = (req: Record<string, unknown>) => raw(JSON.stringify(req))

describe('envelopes', () => {
  it('a success: id, status success, type response, result, api_version echoed', async () => {
    const res = await rawRequest({ id: 7, command: 'ledger_current', api_version: 2 })
    const current = h.sb.ledger.currentIndex
    expect(res).toEqual({
      id: 7,
      status: 'success',
      type: 'response',
      api_version: 2,
      result: { ledger_current_index: current },
    })
  })

  it('an unknown command → unknownCmd, error_code 32, the request echoed', async () => {
    const req = { id: 'x1', command: 'no_such_method', api_version: 2 }
    const res = await rawRequest(req)
    expect(res).toMatchObject({
      id: 'x1',
      status: 'error',
      type: 'response',
      error: 'unknownCmd',
      error_code: 32,
      error_message: 'Unknown method.',
      request: req,
      api_version: 2,
    })
  })

  it('invalid JSON → jsonInvalid (rippled: type error, the text as value, no id)', async () => {
    const res = await raw('{"command": "server_info",')
    expect(res).toEqual({
      type: 'error',
      error: 'jsonInvalid',
      value: '{"command": "server_info",',
    })
    // The connection stays usable.
    expect((await rawRequest({ id: 1, command: 'ping' })).status).toBe('success')
  })

  it('ping answers an empty result', async () => {
    expect(await h.client.request({ command: 'ping' })).toMatchObject({
      result: {},
      type: 'response',
    })
  })
})

describe('parameter errors through xrpl.js (RippledError.data is the whole response)', () => {
  const fail = (req: Record<string, unknown>) =>
    h.client.request(req as never).catch((e: { data?: unknown }) => e.data)

  it('account_info without account → invalidParams "Missing field \'account\'."', async () => {
    expect(await fail({ command: 'account_info' })).toMatchObject({
      error: 'invalidParams',
      error_code: 31,
      error_message: "Missing field 'account'.",
      status: 'error',
    })
  })

  it('a malformed address → actMalformed (35)', async () => {
    expect(await fail({ command: 'account_info', account: 'rNotAnAddress' })).toMatchObject({
      error: 'actMalformed',
      error_code: 35,
    })
  })

  it('an account that does not exist → actNotFound (19)', async () => {
    const address = Wallet.generate().address
    expect(await fail({ command: 'account_info', account: address })).toMatchObject({
      error: 'actNotFound',
      error_code: 19,
      error_message: 'Account not found.',
    })
  })

  it('tx of an unknown hash → txnNotFound (29)', async () => {
    expect(await fail({ command: 'tx', transaction: 'AB'.repeat(32) })).toMatchObject({
      error: 'txnNotFound',
      error_code: 29,
    })
  })

  it('tx with min_ledger/max_ledger: searched_all says whether the whole range was searched', async () => {
    await h.sb.ledgerAccept()
    const { first, last } = h.sb.ledger.history.range()
    const unknown = { command: 'tx', transaction: 'CD'.repeat(32) }
    expect(await fail({ ...unknown, min_ledger: first, max_ledger: last })).toMatchObject({
      error: 'txnNotFound',
      searched_all: true,
    })
    // A range reaching past the last validated ledger cannot have been searched in full.
    expect(await fail({ ...unknown, min_ledger: first, max_ledger: last + 5 })).toMatchObject({
      error: 'txnNotFound',
      searched_all: false,
    })
  })

  it('tx with min_ledger > max_ledger, or bounds that are not integers → invalidLgrRange (79)', async () => {
    const unknown = { command: 'tx', transaction: 'CD'.repeat(32) }
    for (const [min, max] of [
      [10, 3],
      ['x', 'y'],
      [1.5, 3],
      [-1, 3],
    ]) {
      expect(await fail({ ...unknown, min_ledger: min, max_ledger: max })).toMatchObject({
        error: 'invalidLgrRange',
        error_code: 79,
        error_message: 'Ledger range is invalid.',
      })
    }
  })

  it('tx with a range over 1000 ledgers → excessiveLgrRange (78)', async () => {
    const req = { command: 'tx', transaction: 'CD'.repeat(32), min_ledger: 1, max_ledger: 1002 }
    expect(await fail(req)).toMatchObject({
      error: 'excessiveLgrRange',
      error_code: 78,
      error_message: 'Ledger range exceeds 1000.',
    })
  })

  it('a limit that is not an unsigned integer → invalidParams', async () => {
    for (const limit of [-1, 1.5, '10']) {
      expect(
        await fail({ command: 'account_objects', account: h.genesis.address, limit }),
      ).toMatchObject({
        error: 'invalidParams',
        error_message: "Invalid field 'limit', not unsigned integer.",
      })
    }
  })

  it('submit with secret and tx_json is refused: nothing is signed, the secret is not echoed', async () => {
    const bob = Wallet.generate()
    await fund(h, 10, bob)
    const txJson = {
      TransactionType: 'Payment',
      Account: bob.address,
      Destination: h.genesis.address,
    }
    const data = (await fail({
      command: 'submit',
      secret: bob.seed,
      tx_json: { ...txJson, Amount: xrpToDrops(1) },
    })) as { error: string; request: { secret: string } }
    expect(data.error).toEqual(expect.any(String))
    expect(data.request.secret).toBe('<masked>')
    expect(JSON.stringify(data)).not.toContain(bob.seed!)
    await h.sb.ledgerAccept()
    const txs = await h.client.request({ command: 'account_tx', account: bob.address })
    expect(txs.result.transactions).toHaveLength(1) // only the funding payment
  })

  it('submit without tx_blob → invalidParams "Missing field \'tx_blob\'."', async () => {
    expect(await fail({ command: 'submit' })).toMatchObject({
      error: 'invalidParams',
      error_message: "Missing field 'tx_blob'.",
    })
  })

  it('subscribe to an unknown stream → an error', async () => {
    expect(await fail({ command: 'subscribe', streams: ['nonsense'] })).toMatchObject({
      status: 'error',
    })
  })
})
