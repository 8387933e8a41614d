/**
 * The issuer's side of minting through another account: the connected account names its authorized
 * minter as a job (AccountSet asfAuthorizedNFTokenMinter), a minter not on the ledger is refused at
 * pre-flight, and the right is taken back; each checked on the issuer's account as the ledger has it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client, Wallet } from 'xrpl'

import { jobFinished, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { closeLedgers, fundInProcess } from '../../helpers/sandbox.ts'

const issuer = Wallet.generate()
const minter = Wallet.generate()

let h: EngineHarness
let client: Client
let stopClosing: () => void

beforeAll(async () => {
  h = await startEngineHarness()
  fundInProcess(h.sb.ledger, 100, issuer, minter)
  await h.sb.ledgerAccept()
  stopClosing = closeLedgers(h.sb, 100)
  client = new Client(h.sb.url)
  await client.connect()
  await h.engine.connectWallet({ kind: 'familySeed', secret: issuer.seed! })
})

afterAll(async () => {
  stopClosing()
  await client.disconnect()
  await h.stop()
})

async function minterOnLedger(): Promise<string | undefined> {
  const r = await client.request({
    command: 'account_info',
    account: issuer.classicAddress,
    ledger_index: 'validated',
  })
  return (r.result.account_data as { NFTokenMinter?: string }).NFTokenMinter
}

it('names the authorized minter, refuses one not on the ledger, and takes the right back', async () => {
  const absent = Wallet.generate().classicAddress
  const refused = await h.engine.planJob({ kind: 'authorizeMinter', minter: absent })
  expect(refused.canStart).toBe(false)
  expect(refused.problems).toEqual([
    expect.objectContaining({ code: 'NO_DESTINATION', blocking: true }),
  ])
  await expect(
    h.engine.planJob({ kind: 'authorizeMinter', minter: issuer.classicAddress }),
  ).rejects.toThrow('An account mints for itself without naming itself')

  const plan = await h.engine.planJob({ kind: 'authorizeMinter', minter: minter.classicAddress })
  expect(plan).toMatchObject({ canStart: true, transactions: 1 })
  await h.engine.startJob(plan.jobId)
  expect((await jobFinished(h.db, plan.jobId)).status).toBe('completed')
  expect(await minterOnLedger()).toBe(minter.classicAddress)

  const clear = await h.engine.planJob({ kind: 'authorizeMinter', minter: null })
  await h.engine.startJob(clear.jobId)
  expect((await jobFinished(h.db, clear.jobId)).status).toBe('completed')
  expect(await minterOnLedger()).toBeUndefined()
})
