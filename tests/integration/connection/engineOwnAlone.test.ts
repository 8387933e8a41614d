/**
 * One server is a choice, said out loud (issue 43): the user's own node comes first and the
 * network's public servers stay behind it as second opinions, unless the user asks for their own
 * servers alone. Then a plan names what no second server confirms, and the choice is kept for the
 * next engine on the same database.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { readSettings } from '../../../src/db/settings.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

const holder = demoAccounts().holder

let h: EngineHarness
let burnable: string

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
  await h.engine.connectWallet({ kind: 'familySeed', secret: holder.seed! })
  await h.engine.loadNfts()
  const { nfts } = await h.engine.listNfts({ limit: 1000 })
  burnable = nfts.find((n) => n.burnable !== false && n.issuer === holder.classicAddress)!.nftId
})

afterAll(async () => {
  await h.stop()
})

/** What a plan (a burn of one NFT, never started) says no second server confirms. */
async function unconfirmed(): Promise<string[] | undefined> {
  return (await h.engine.planJob({ kind: 'burn', nftIds: [burnable] })).unconfirmed
}

it('alone needs a server of your own first', async () => {
  const error = await engineError(h.engine.setOwnEndpointsAlone('sandbox', true))
  expect(error).toMatchObject({ code: 'VALIDATION' })
  expect(error.message).toContain('Add a server of your own first')
})

it('the network alone: the plan names what no second server confirms', async () => {
  expect(await unconfirmed()).toEqual([
    'whether a transaction is in a validated ledger (a server that hides one can only pause the job)',
  ])
})

it('an own node with the public server behind it: used first, the plan confirms everything; alone: said, and kept', async () => {
  const node = await h.sb.addEndpoint()
  await h.engine.addOwnEndpoint('sandbox', node.url, 'ledger')
  expect((await h.engine.getNetworkStatus()).endpoint).toBe(node.url)
  expect(await unconfirmed()).toBeUndefined()

  await h.engine.setOwnEndpointsAlone('sandbox', true)
  expect((await h.engine.getNetworkStatus()).endpoint).toBe(node.url)
  expect(await unconfirmed()).toEqual([expect.stringContaining('validated ledger')])
  expect((await readSettings(h.db)).ownEndpointsAlone).toEqual({ sandbox: true })

  // The next engine on this database (the app reopened) uses the node alone too.
  const reopened = h.reopen()
  await reopened.connect('sandbox')
  await reopened.connectWallet({ kind: 'familySeed', secret: holder.seed! })
  const plan = await reopened.planJob({ kind: 'burn', nftIds: [burnable] })
  expect(plan.unconfirmed).toHaveLength(1)
  await reopened.dispose()

  await h.engine.setOwnEndpointsAlone('sandbox', false)
  expect(await unconfirmed()).toBeUndefined()
})
