/**
 * Conformance: malformed input gets rippled's error and changes nothing. Signed blobs that lack a
 * required field (rippled's template check: invalidTransaction, "Field 'X' is required but
 * missing."), method and type names that are Object.prototype properties, parameters of the wrong
 * type, and WebSocket connections from web pages on other origins.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { WebSocket } from 'ws'
import { Wallet, encode, encodeForSigning } from 'xrpl'
import type { Transaction } from 'xrpl'
import { sign } from 'ripple-keypairs'

import { accountData, fund, startHarness } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
let alice: Wallet

beforeEach(async () => {
  h = await startHarness()
  alice = Wallet.generate()
  await fund(h, 50, alice)
})

afterEach(async () => {
  await h.stop()
})

/** Signs exactly the given fields (SigningPubKey added unless `withKey` is false). */
function signExactly(wallet: Wallet, tx: Record<string, unknown>, withKey = true): string {
  const unsigned = (withKey ? { ...tx, SigningPubKey: wallet.publicKey } : tx) as Transaction
  return encode({ ...unsigned, TxnSignature: sign(encodeForSigning(unsigned), wallet.privateKey) })
}

/** The error data of a request that fails, or an empty object when it succeeds. */
const fail = (req: Record<string, unknown>): Promise<Record<string, unknown>> =>
  h.client.request(req as never).then(
    () => ({}),
    (e: { data: Record<string, unknown> }) => e.data,
  )

async function common(): Promise<Record<string, unknown>> {
  const { Sequence } = await accountData(h.client, alice.address)
  return { Account: alice.address, Fee: '12', Sequence }
}

describe('signed blobs without a required field → invalidTransaction', () => {
  const id = 'AB'.repeat(32)
  const cases: [string, Record<string, unknown>, string][] = [
    [
      'Payment without Destination',
      { TransactionType: 'Payment', Amount: '1000000' },
      'Destination',
    ],
    [
      'Payment without Amount',
      { TransactionType: 'Payment', Destination: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' },
      'Amount',
    ],
    ['NFTokenMint without NFTokenTaxon', { TransactionType: 'NFTokenMint' }, 'NFTokenTaxon'],
    [
      'NFTokenCreateOffer without NFTokenID',
      { TransactionType: 'NFTokenCreateOffer', Amount: '1' },
      'NFTokenID',
    ],
    [
      'NFTokenCreateOffer without Amount',
      { TransactionType: 'NFTokenCreateOffer', NFTokenID: id },
      'Amount',
    ],
    [
      'NFTokenCancelOffer without NFTokenOffers',
      { TransactionType: 'NFTokenCancelOffer' },
      'NFTokenOffers',
    ],
    ['NFTokenBurn without NFTokenID', { TransactionType: 'NFTokenBurn' }, 'NFTokenID'],
    ['TicketCreate without TicketCount', { TransactionType: 'TicketCreate' }, 'TicketCount'],
  ]

  it.each(cases)('%s', async (_name, fields, missing) => {
    const data = await fail({
      command: 'submit',
      tx_blob: signExactly(alice, { ...(await common()), ...fields }),
    })
    const message = `Field '${missing}' is required but missing.`
    expect(data).toMatchObject({ error: 'invalidTransaction', error_exception: message })
    expect(data.error_code).toBeUndefined()
  })

  it.each(['Account', 'Sequence', 'Fee'])('an AccountSet without %s', async (field) => {
    const tx: Record<string, unknown> = { TransactionType: 'AccountSet', ...(await common()) }
    delete tx[field]
    const data = await fail({ command: 'submit', tx_blob: signExactly(alice, tx) })
    expect(data).toMatchObject({
      error: 'invalidTransaction',
      error_exception: `Field '${field}' is required but missing.`,
    })
  })

  it('an AccountSet without SigningPubKey', async () => {
    const tx = { TransactionType: 'AccountSet', ...(await common()) }
    const data = await fail({ command: 'submit', tx_blob: signExactly(alice, tx, false) })
    expect(data).toMatchObject({
      error: 'invalidTransaction',
      error_exception: "Field 'SigningPubKey' is required but missing.",
    })
  })

  it('a blob without Sequence is refused and never applies, however many ledgers close', async () => {
    const before = await accountData(h.client, alice.address)
    const tx = {
      TransactionType: 'Payment',
      Account: alice.address,
      Destination: h.genesis.address,
      Amount: '1000000',
      Fee: '12',
    }
    const blob = signExactly(alice, tx)
    for (let i = 0; i < 3; i++) {
      expect(await fail({ command: 'submit', tx_blob: blob })).toMatchObject({
        error: 'invalidTransaction',
        error_exception: "Field 'Sequence' is required but missing.",
      })
      await h.sb.ledgerAccept()
    }
    expect(await accountData(h.client, alice.address, 'validated')).toMatchObject({
      Sequence: before.Sequence,
      Balance: before.Balance,
    })
  })

  it('Sequence 0 without a TicketSequence decodes (as in rippled) and its sequence has passed', async () => {
    const tx = { TransactionType: 'AccountSet', ...(await common()), Sequence: 0 }
    const res = await h.client.request({ command: 'submit', tx_blob: signExactly(alice, tx) })
    expect(res.result).toMatchObject({ engine_result: 'tefPAST_SEQ', kept: false })
  })

  it('NFTokenAcceptOffer without either offer decodes and is malformed (temMALFORMED)', async () => {
    const tx = { TransactionType: 'NFTokenAcceptOffer', ...(await common()) }
    const res = await h.client.request({ command: 'submit', tx_blob: signExactly(alice, tx) })
    expect(res.result).toMatchObject({ engine_result: 'temMALFORMED', kept: false })
  })

  it('a blob that does not deserialize: invalidTransaction without internal error text', async () => {
    const data = await fail({ command: 'submit', tx_blob: 'ABCD' })
    expect(data).toMatchObject({
      error: 'invalidTransaction',
      error_exception: 'The transaction blob does not deserialize.',
    })
  })

  it('a tx_blob that is not hex, or of odd length → invalidParams', async () => {
    for (const blob of ['ABC', 'XYZW', '']) {
      expect(await fail({ command: 'submit', tx_blob: blob })).toMatchObject({
        error: 'invalidParams',
        error_code: 31,
      })
    }
  })
})

describe('names that are Object.prototype properties', () => {
  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf'])(
    'command "%s" → unknownCmd',
    async (command) => {
      expect(await fail({ command })).toMatchObject({ error: 'unknownCmd', error_code: 32 })
    },
  )

  it('account_objects type "constructor" → invalidParams', async () => {
    const req = { command: 'account_objects', account: alice.address, type: 'constructor' }
    expect(await fail(req)).toMatchObject({
      error: 'invalidParams',
      error_message: "Invalid field 'type'.",
    })
  })
})

describe('parameters of the wrong type', () => {
  it('a ledger_hash that is not a string → invalidParams', async () => {
    const req = { command: 'account_info', account: alice.address, ledger_hash: 5 }
    expect(await fail(req)).toMatchObject({ error: 'invalidParams', error_code: 31 })
  })

  it('tx with a binary that is not a boolean → invalidParams', async () => {
    const req = { command: 'tx', transaction: 'AB'.repeat(32), binary: 'x' }
    expect(await fail(req)).toMatchObject({ error: 'invalidParams', error_code: 31 })
  })

  it('account_info queue:true with nothing queued → queue_data is {txn_count: 0} only', async () => {
    const res = await h.client.request({
      command: 'account_info',
      account: alice.address,
      queue: true,
    })
    expect(res.result.queue_data).toEqual({ txn_count: 0 })
  })
})

describe('WebSocket origins', () => {
  /** Resolves true when the connection opens, false when the server refuses it. */
  function connects(origin?: string): Promise<boolean> {
    const ws = new WebSocket(h.sb.url, origin ? { origin } : {})
    return new Promise((resolve) => {
      ws.once('open', () => {
        ws.close()
        resolve(true)
      })
      ws.once('error', () => resolve(false))
    })
  }

  it('accepts Node clients (no Origin) and pages served from this machine', async () => {
    expect(await connects()).toBe(true)
    expect(await connects('http://127.0.0.1:5173')).toBe(true)
    expect(await connects('http://localhost:4173')).toBe(true)
  })

  it('refuses a page from any other origin', async () => {
    expect(await connects('https://evil.example')).toBe(false)
    expect(await connects('http://evil.example:6006')).toBe(false)
    expect(await connects('null')).toBe(false)
  })
})
