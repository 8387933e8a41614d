/**
 * The issuer's side of minting through another account: the connected account names its authorized
 * minter as a job (AccountSet asfAuthorizedNFTokenMinter), a minter not on the ledger is refused at
 * pre-flight, and the right is taken back; each checked on the issuer's account as the ledger has it.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Wallet } from 'xrpl'
import type { Client } from 'xrpl'

import { jobFinished } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { startMintLedger } from '../../helpers/mintLedger.ts'
import type { MintLedger } from '../../helpers/mintLedger.ts'

const issuer = Wallet.generate()
const minter = Wallet.generate()

let world: MintLedger
let h: EngineHarness
let client: Client

beforeAll(async () => {
  world = await startMintLedger({ fund: [issuer, minter], signer: issuer, xrp: 100 })
  ;({ h, client } = world)
})

afterAll(() => world.stop())

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
