/**
 * sequenceHolder on a young ledger: the search window reaches back before the first ledger (the
 * asked-at ledger minus a margin is below 1), and a server that has every ledger from the first on
 * has the whole window. The transaction that used the number is found, not taken as unknown.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client, Wallet } from 'xrpl'

import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { sequenceHolder } from '../../../src/worker/ledger/sequenceHolder.ts'
import { fundInProcess, submitInProcess } from '../../helpers/sandbox.ts'

let sb: Sandbox
let client: Client
const alice = Wallet.generate()

beforeAll(async () => {
  sb = await startSandbox({ port: 0, closeMs: 0 })
  fundInProcess(sb.ledger, 100, alice)
  await sb.ledgerAccept()
  client = new Client(sb.url)
  await client.connect()
})

afterAll(async () => {
  await client.disconnect()
  await sb.stop()
})

it('finds the holder of a number on a ledger younger than the search margin', async () => {
  const sent = submitInProcess(sb.ledger, alice, { TransactionType: 'AccountSet' })
  expect(sent.engine_result).toBe('tesSUCCESS')
  await sb.ledgerAccept()
  const validated = sb.ledger.validated.header.ledger_index
  expect(validated).toBeLessThan(11)
  const answer = await sequenceHolder(
    client,
    alice.classicAddress,
    sent.tx_json.Sequence,
    validated - 10,
    validated,
  )
  expect(answer).not.toBe('unknown')
  expect(answer).not.toBe('none')
})
