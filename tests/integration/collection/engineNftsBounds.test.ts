/**
 * Reading an account's NFTs is bounded (docs/architecture.md §3.5): past a count of NFTs, or a number of pages
 * (a server sending tiny pages, or markers without end), the read stops with a clear error instead of
 * growing without limit. Against the sandbox's demo holder (250 NFTs), with the bounds lowered and
 * pages of 20, the smallest account_nfts page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { MAX_ACCOUNT_NFTS, MAX_NFT_PAGES } from '../../../src/shared/constants.ts'
import { NFT_LIST_LIMITS, readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'
import { engineError } from '../../helpers/engine.ts'

const holder = demoAccounts().holder.classicAddress
let sb: Sandbox
let client: Client

beforeAll(async () => {
  sb = await startSandbox({ port: 0, closeMs: 0, demo: true, gatewayPort: 0 })
  client = new Client(sb.url)
  await client.connect()
})

afterAll(async () => {
  await client.disconnect()
  await sb.stop()
})

const read = (limits: Partial<typeof NFT_LIST_LIMITS>) =>
  readAccountNfts(client, holder, () => undefined, undefined, {
    ...NFT_LIST_LIMITS,
    pageSize: 20,
    ...limits,
  })

describe('bounded NFT lists', () => {
  it('reads the whole list within the bounds', async () => {
    const pages: number[] = []
    const list = await readAccountNfts(client, holder, (p) => pages.push(p.pages), undefined, {
      ...NFT_LIST_LIMITS,
      pageSize: 20,
    })
    expect(list.nfts).toHaveLength(250)
    expect(pages.at(-1)).toBe(13)
  })

  it('stops past the count of NFTs, saying so', async () => {
    expect(await engineError(read({ maxNfts: 100 }))).toEqual({
      code: 'VALIDATION',
      message: 'This account holds more than 100 NFTs: the app reads at most 100',
    })
    // Exactly at the bound, with nothing more to come, is fine.
    expect((await read({ maxNfts: 250 })).nfts).toHaveLength(250)
  })

  it('stops past the number of pages', async () => {
    const error = await engineError(read({ maxPages: 5 }))
    expect(error.code).toBe('LEDGER_REJECTED')
    expect(error.message).toContain('more than 5 pages (100 NFTs)')
  })

  it("keeps the app's bounds", () => {
    expect(NFT_LIST_LIMITS).toEqual({
      maxNfts: MAX_ACCOUNT_NFTS,
      maxPages: MAX_NFT_PAGES,
      pageSize: 400,
    })
    expect(MAX_ACCOUNT_NFTS).toBe(100_000)
    expect(MAX_NFT_PAGES).toBe(2_000)
  })
})
