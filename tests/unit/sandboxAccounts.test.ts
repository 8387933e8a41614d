import { describe, expect, it } from 'vitest'

import { AUTO_ACCEPT_COUNT, demoAccounts } from '../../src/sandbox/demo/accounts.ts'
import {
  SANDBOX_ACCEPTING_RECIPIENTS,
  acceptingRecipients,
  demoHolderSeed,
} from '../../src/worker/network/sandboxAccounts.ts'

describe("the worker's copy of the sandbox's demo accounts", () => {
  const sandbox = demoAccounts()

  it('derives the demo holder the sandbox funds', async () => {
    expect(await demoHolderSeed()).toBe(sandbox.holder.seed)
  })

  it("names the sandbox's recipients that accept offers, in order", async () => {
    expect(SANDBOX_ACCEPTING_RECIPIENTS).toBe(AUTO_ACCEPT_COUNT)
    expect(await acceptingRecipients()).toEqual(
      sandbox.recipients.slice(0, AUTO_ACCEPT_COUNT).map((r) => r.classicAddress),
    )
  })
})
