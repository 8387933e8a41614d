/**
 * A server that closes the connection over our load (1008) although the meters thought we were well
 * within its budget — its limits are lower than the documented defaults: the endpoint's budget
 * learns from the drop and slows down, rather than opening the next connection at the same pace.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'

import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { LoadBudgets } from '../../../src/worker/ledger/pacedClient.ts'

let sb: Sandbox

beforeAll(async () => {
  // Drops at a balance of 200 (the default is 25,000) without a warning first.
  sb = await startSandbox({
    port: 0,
    closeMs: 0,
    limits: { kind: 'rippled', warnBalance: 200, dropBalance: 200 },
  })
})

afterAll(async () => {
  await sb.stop()
})

it('a 1008 drop lowers the endpoint’s budget and says the server sets the pace', async () => {
  const budgets = new LoadBudgets()
  const client = budgets.clients(sb.url, {})
  const disconnected = new Promise<number>((resolve) => client.once('disconnected', resolve))
  await client.connect()
  try {
    await client.request({ command: 'server_info' })
    const scheduler = budgets.scheduler(sb.url)
    expect(scheduler.kind).toBe('rippled')
    expect(scheduler.limited()).toBe(false)

    // 20 reads of 400 units each: within the documented budget (5,000), past this server's 200.
    const reads = Array.from({ length: 20 }, () =>
      client.request({ command: 'account_objects', account: sb.genesis.address }).catch(() => null),
    )
    expect(await disconnected).toBe(1008)
    await Promise.all(reads)

    expect(sb.server.load.drops).toBe(1)
    expect(scheduler.stats.drops).toBe(1)
    expect(scheduler.limited()).toBe(true)
  } finally {
    await client.disconnect()
  }
})
