/**
 * The loader does not trust the server. A WebSocket proxy between the Engine and the sandbox rewrites
 * account_nfts traffic: smaller pages (so the demo holder's 250 NFTs take 3), replies that break the
 * API's shape or contradict themselves, errors, silence. Also checks that every page comes from the
 * ledger of the first page while ledgers close and the list changes under the load.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { Client } from 'xrpl'

import { nftSnapshot } from '../../../src/db/queries/nfts.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const PAGE = 100

let h: EngineHarness
let proxy: Proxy
let engine: Engine
/** account_nfts requests that went through the proxy, in order. */
let seen: Json[]

/** An engine whose Sandbox network is reached through the proxy. */
async function proxiedEngine(extra: Parameters<EngineHarness['reopen']>[0] = {}): Promise<Engine> {
  const base = buildNetworks({})
  const networks = { ...base, sandbox: { ...base.sandbox, endpoints: [proxy.url] } }
  const e = h.reopen({ networks, ...extra })
  await e.connect('sandbox')
  return e
}

/** Rewrites whole account_nfts replies (null swallows one): `page` is 1 for a load's first page. */
function onPageReply(rewrite: (reply: Json, page: number) => Json | null): void {
  let page = 0
  proxy.hooks.reply = (reply, request) => {
    if (request.command !== 'account_nfts') return reply
    page = request.marker === undefined ? 1 : page + 1
    return rewrite(reply, page)
  }
}

/** Rewrites the result of account_nfts replies. */
function onPage(rewrite: (result: Json, page: number) => Json): void {
  onPageReply((reply, page) => ({ ...reply, result: rewrite(reply.result as Json, page) }))
}

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
  proxy = await startProxy(h.sb.url)
  engine = await proxiedEngine()
})

afterAll(async () => {
  await proxy.close()
  await h.stop()
})

beforeEach(() => {
  seen = []
  proxy.hooks = {
    request: (request) => {
      if (request.command !== 'account_nfts') return request
      seen.push(request)
      return { ...request, limit: PAGE }
    },
  }
})

describe('Engine.loadNfts: one ledger for all pages', () => {
  it('reads every page from the first page’s validated ledger while ledgers close', async () => {
    const first = await engine.loadNfts(undefined, holder)
    const before = (await nftSnapshot(h.db, 'sandbox', holder))?.nfts ?? []
    const victim = before.at(-1)!.nftId
    const client = new Client(h.sb.url)
    await client.connect()
    // After the first page, the holder burns an NFT of the last page and a ledger closes.
    let burnResult: string | undefined
    proxy.hooks.reply = async (reply, request) => {
      if (request.command === 'account_nfts' && request.marker === undefined) {
        const burn = await client.submit(
          { TransactionType: 'NFTokenBurn', Account: holder, NFTokenID: victim },
          { wallet: accounts.holder },
        )
        burnResult = burn.result.engine_result
        await h.sb.ledgerAccept()
      }
      return reply
    }
    seen = []

    try {
      const pinned = await engine.loadNfts(undefined, holder)

      expect(first.count).toBe(250)
      expect(burnResult).toBe('tesSUCCESS')
      expect(seen).toHaveLength(3)
      expect(seen[0]).toMatchObject({ ledger_index: 'validated', limit: 400 })
      expect(seen.slice(1).map((r) => r.ledger_index)).toEqual([
        pinned.ledgerIndex,
        pinned.ledgerIndex,
      ])
      // The list is the one of that ledger: the burned NFT is still in it.
      expect(pinned.count).toBe(250)
      const ids = (await nftSnapshot(h.db, 'sandbox', holder))?.nfts.map((n) => n.nftId)
      expect(ids).toContain(victim)

      proxy.hooks.reply = undefined
      const after = await engine.loadNfts(undefined, holder)
      expect(after.ledgerIndex).toBeGreaterThan(pinned.ledgerIndex)
      expect(after.count).toBe(249)
      const now = (await nftSnapshot(h.db, 'sandbox', holder))?.nfts.map((n) => n.nftId)
      expect(now).not.toContain(victim)
    } finally {
      await client.disconnect()
    }
  })
})

describe('Engine.loadNfts: replies that are not to be trusted', () => {
  const malformed = 'The ledger server sent a malformed account_nfts reply: '
  const nftsOf = (result: Json) => result.account_nfts as Json[]
  let firstMarker: unknown
  let firstNfts: unknown

  const cases: [string, (result: Json, page: number) => Json, string | RegExp][] = [
    [
      'no account_nfts array',
      (r, page) => (page === 1 ? { ...r, account_nfts: undefined } : r),
      `${malformed}no account_nfts array`,
    ],
    [
      'an entry whose Issuer contradicts its NFTokenID',
      (r, page) => {
        if (page !== 2) return r
        const [head, ...rest] = nftsOf(r)
        return {
          ...r,
          account_nfts: [{ ...head, Issuer: accounts.artist.classicAddress }, ...rest],
        }
      },
      /^The ledger server sent a malformed account_nfts reply: the fields of NFT [0-9A-F]{64} contradict its NFTokenID$/,
    ],
    [
      'a malformed NFTokenID',
      (r, page) =>
        page === 3 ? { ...r, account_nfts: [{ ...nftsOf(r)[0], NFTokenID: 'XYZ' }] } : r,
      `${malformed}an NFTokenID is not 64 hex digits`,
    ],
    [
      'a page from another ledger',
      (r, page) => (page === 2 ? { ...r, ledger_index: (r.ledger_index as number) + 1 } : r),
      /^The ledger server sent a malformed account_nfts reply: a page of ledger \d+ was sent for ledger \d+$/,
    ],
    [
      'a list that is not validated',
      (r, page) => (page === 1 ? { ...r, validated: false } : r),
      /^The ledger server sent a malformed account_nfts reply: ledger \d+ is not validated$/,
    ],
    [
      'the list of another account',
      (r, page) => (page === 3 ? { ...r, account: accounts.artist.classicAddress } : r),
      `${malformed}the list of ${accounts.artist.classicAddress} was sent for ${holder}`,
    ],
    [
      'a marker that repeats',
      (r, page) => {
        if (page === 1) firstMarker = r.marker
        return page === 2 ? { ...r, marker: firstMarker } : r
      },
      `${malformed}the marker repeats`,
    ],
    [
      'an NFT listed twice',
      (r, page) => {
        if (page === 1) firstNfts = r.account_nfts
        return page === 2 ? { ...r, account_nfts: firstNfts } : r
      },
      /^The ledger server sent a malformed account_nfts reply: NFT [0-9A-F]{64} is listed twice$/,
    ],
  ]

  it.each(cases)('rejects %s and keeps the previous snapshot', async (_what, rewrite, message) => {
    await engine.loadNfts(undefined, holder)
    const saved = await nftSnapshot(h.db, 'sandbox', holder)
    await h.sb.ledgerAccept()
    onPage(rewrite)

    const error = await engineError(engine.loadNfts(undefined, holder))

    expect(error.code).toBe('LEDGER_REJECTED')
    expect(error.message).toMatch(message)
    expect(await nftSnapshot(h.db, 'sandbox', holder)).toEqual(saved)
  })

  it('passes a server error on as LEDGER_REJECTED with its message', async () => {
    onPageReply((reply, page) =>
      page === 2
        ? {
            id: reply.id,
            status: 'error',
            type: 'response',
            error: 'internal',
            error_code: 73,
            error_message: 'Internal error.',
          }
        : reply,
    )
    expect(await engineError(engine.loadNfts(undefined, holder))).toEqual({
      code: 'LEDGER_REJECTED',
      message: 'account_nfts: Internal error.',
    })
  })

  it('explains a pinned ledger the server no longer has', async () => {
    onPageReply((reply, page) =>
      page === 2
        ? {
            id: reply.id,
            status: 'error',
            type: 'response',
            error: 'lgrNotFound',
            error_code: 21,
            error_message: 'ledgerNotFound',
          }
        : reply,
    )
    expect(await engineError(engine.loadNfts(undefined, holder))).toEqual({
      code: 'LEDGER_REJECTED',
      message: 'The ledger the NFT list was read from is no longer available; please try again',
    })
  })

  it('fails with TIMEOUT when a page gets no answer', async () => {
    const impatient = await proxiedEngine({
      timing: { requestTimeoutMs: 500, backoffMinMs: 10, backoffMaxMs: 200 },
    })
    onPageReply((reply, page) => (page === 2 ? null : reply))

    const error = await engineError(impatient.loadNfts(undefined, holder))

    expect(error.code).toBe('TIMEOUT')
    expect(error.message).toMatch(/^The ledger did not answer in time: /)
    await impatient.disconnect()
  })
})
