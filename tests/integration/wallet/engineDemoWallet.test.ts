/**
 * The sandbox's 'Use demo wallet', the footer's offer count and the distribution CSV, through the
 * engine: the demo seed is derived in the worker (the same account the sandbox funds), only on the
 * Sandbox network; the CSV check knows the connected wallet.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Client } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

const holder = demoAccounts().holder.classicAddress

let h: EngineHarness

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
})

afterAll(async () => {
  await h.stop()
})

it('connects the demo holder on the Sandbox, with no secret in the answer', async () => {
  const wallet = await h.engine.connectDemoWallet()

  expect(wallet).toMatchObject({ network: 'sandbox', address: holder, signing: 'master' })
  expect(JSON.stringify(wallet)).not.toContain(demoAccounts().holder.seed!)
  expect(await h.engine.getWallet()).toEqual(wallet)
})

it('counts the offers the account owns, as the ledger lists them', async () => {
  await h.engine.connectDemoWallet()
  const client = new Client(h.sb.url)
  await client.connect()
  try {
    const pages = await client.requestAll({
      command: 'account_objects',
      account: holder,
      type: 'nft_offer',
      ledger_index: 'validated',
    })
    const objects = pages.flatMap((p) => p.result.account_objects)
    expect(objects.length).toBeGreaterThan(0)
    // lsfSellNFToken (1): a sell offer; the others are the account's bids.
    const sell = objects.filter((o) => ((o as { Flags?: number }).Flags ?? 0) & 1).length
    expect(sell).toBeGreaterThan(0)
    expect(await h.engine.countOffers()).toMatchObject({ sell, buy: objects.length - sell })
  } finally {
    await client.disconnect()
  }
})

it("reads a distribution CSV in the worker, refusing the connected wallet's own address", async () => {
  await h.engine.connectDemoWallet()
  const recipient = demoAccounts().recipients[0]!.classicAddress
  const text = `wallet_address,nft_amount\n${holder},1\n${recipient},2\n`

  const file = await h.engine.parseDistributionCsv(text, 'drop.csv')

  expect(file.rows).toEqual([{ line: 3, address: recipient, count: 2 }])
  expect(file.problems).toHaveLength(1)
  expect(file.problems[0]).toMatchObject({ line: 2, severity: 'skipped' })
  expect(file.problems[0]!.message).toContain('your own wallet')
})

it('refuses the demo wallet on any other network', async () => {
  // Testnet pointed at the local sandbox: the test never leaves the machine.
  const base = buildNetworks({})
  const engine = h.reopen({
    // The sandbox stands in for Testnet (no Testnet network id to check).
    networks: {
      ...base,
      testnet: { ...base.testnet, endpoints: [h.sb.url], clioEndpoints: [], networkId: undefined },
    },
  })
  await engine.connect('testnet')

  expect(await engineError(engine.connectDemoWallet())).toEqual({
    code: 'VALIDATION',
    message: 'The demo wallet exists only on the Sandbox network',
  })
  await engine.disconnect()
})
