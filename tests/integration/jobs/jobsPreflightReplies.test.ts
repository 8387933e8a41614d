/**
 * Pre-flight does not trust the server, and knows what it cannot see in account_objects (it looks
 * other ids up with ledger_entry). A client wrapper between pre-flight and the sandbox rewrites or
 * breaks replies: someone else's offers, expired ones,
 * things that are not offers, malformed replies, failed connections, servers without account_flags;
 * also the issuer's authorised minter, and the limit on lookups in flight.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Client } from 'xrpl'

import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { keylet } from '../../../src/sandbox/ledger/keylets.ts'
import { jobKindSpec, planIntents, validateJobRequest } from '../../../src/worker/jobKinds.ts'
import { runPreflight } from '../../../src/worker/jobs/plan/preflight.ts'
import type { PreflightResult } from '../../../src/worker/jobs/plan/preflight.ts'
import { readAccountNfts } from '../../../src/worker/ledger/accountNfts.ts'
import { engineError, startEngineHarness } from '../../helpers/engine.ts'
import { offersOf as offersOn } from '../../helpers/jobs.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'

type Json = Record<string, unknown>
type Forward = () => Promise<Json>
/** Answers a request itself, or forwards it to the sandbox (and may rewrite the response). */
type Hook = (request: Json, forward: Forward) => Promise<Json>

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress
const artist = accounts.artist.classicAddress
const recipients = accounts.recipients.map((w) => w.classicAddress)
const FEE = 12n

let h: EngineHarness
let real: Client
let hooks: Hook[]
/** Offers of the artist: [no destination, destination holder]. */
let artistOffers: [string, string]
let relicId: string
let ownNftIds: string[]

/** An error as xrpl.js raises it for a rippled error reply. */
function rippledError(token: string): Error {
  return Object.assign(new Error(token), { name: 'RippledError', data: { error: token } })
}

/** The sandbox's client behind the test's hooks (the first hook runs outermost). */
const client = {
  request: (request: Json) => {
    const forward = (i: number): Promise<Json> => {
      const hook = hooks[i]
      if (hook) return hook(request, () => forward(i + 1))
      return real.request(request as never)
    }
    return forward(0)
  },
} as unknown as Client

/** Rewrites the result of one command. */
function rewrite(command: string, change: (result: Json, request: Json) => Json): Hook {
  return async (request, forward) => {
    const response = await forward()
    if (request.command !== command) return response
    return { ...response, result: change(response.result as Json, request) }
  }
}

/** The sandbox does not know made-up markers: a request with one gets the first page again. */
const firstPageAgain: Hook = (request, forward) => {
  if (request.command !== 'account_objects' || request.marker === undefined) return forward()
  const { marker: _marker, ...rest } = request
  return real.request(rest as never)
}

async function preflight(request: unknown): Promise<PreflightResult> {
  const checked = validateJobRequest(request)
  const deps = { client, account: holder, network: 'sandbox' as const, feeDrops: FEE }
  return runPreflight(deps, jobKindSpec(checked.kind), planIntents(checked))
}

async function offersOf(account: string): Promise<string[]> {
  const response = await real.request({
    command: 'account_objects',
    account,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  return response.result.account_objects.map((o) => o.index)
}

beforeAll(async () => {
  h = await startEngineHarness({ demo: true, gatewayPort: 0 })
  real = h.engine['connection'].requireClient()
  submitInProcess(h.sb.ledger, accounts.artist, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: 5,
    Flags: 8,
  })
  await h.sb.ledgerAccept()
  const [minted] = (await readAccountNfts(real, artist, () => undefined)).nfts
  const offer = (extra: Json) =>
    submitInProcess(h.sb.ledger, accounts.artist, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: minted!.nftId,
      Amount: '1000000',
      Flags: 1,
      ...extra,
    })
  const open = offer({}).tx_json.hash
  const toHolder = offer({ Destination: holder }).tx_json.hash
  await h.sb.ledgerAccept()
  const idOf = async (hash: string) => {
    const tx = await real.request({ command: 'tx', transaction: hash })
    return (tx.result.meta as { offer_id: string }).offer_id
  }
  artistOffers = [await idOf(open), await idOf(toHolder)]
  const nfts = (await readAccountNfts(real, holder, () => undefined)).nfts
  relicId = nfts.find((n) => n.issuer === artist && !n.transferable)!.nftId
  // Airdrops flag NFTs the holder already offers (the demo ledger has some): leave those out.
  const offered = new Set((await offersOn(real, holder)).map((o) => o.NFTokenID))
  ownNftIds = nfts.filter((n) => n.issuer === holder && !offered.has(n.nftId)).map((n) => n.nftId)
})

beforeEach(() => {
  hooks = []
})

afterAll(async () => {
  await h.stop()
})

describe('runPreflight: offers that are not the account’s own', () => {
  it("someone else's offer: NOT_YOUR_OFFER, blocking (it would fail the whole transaction)", async () => {
    const [own] = await offersOf(holder)
    const [foreign] = artistOffers

    const result = await preflight({ kind: 'cancel', offerIds: [own, foreign] })

    expect(result.problems).toEqual([
      {
        code: 'NOT_YOUR_OFFER',
        itemIndex: 0,
        blocking: true,
        message: `Offer ${foreign.slice(0, 8)}...${foreign.slice(-8)} belongs to ${artist}: this wallet may not cancel it. Remove it from the selection`,
      },
    ])
    expect(result.canStart).toBe(false)
  })

  it('an offer addressed to the account may be cancelled by it; it frees no reserve of its own', async () => {
    const result = await preflight({ kind: 'cancel', offerIds: [artistOffers[1]] })
    expect(result).toMatchObject({
      problems: [],
      transactions: 1,
      reserveChangeDrops: '0',
      canStart: true,
    })
  })

  it("someone else's expired offer may be cancelled by anyone", async () => {
    const [foreign] = artistOffers
    hooks.push(
      rewrite('ledger_entry', (result) => ({
        ...result,
        node: { ...(result.node as Json), Expiration: 1 },
      })),
    )
    expect(await preflight({ kind: 'cancel', offerIds: [foreign] })).toMatchObject({
      problems: [],
      canStart: true,
    })
  })

  it("someone else's offer that expires later: still NOT_YOUR_OFFER", async () => {
    const [foreign] = artistOffers
    // The answer is the same as without an expiration: check that the offer was read with one.
    const expiring: unknown[] = []
    hooks.push(
      rewrite('ledger_entry', (result) => {
        expiring.push(result.index)
        return { ...result, node: { ...(result.node as Json), Expiration: 4_000_000_000 } }
      }),
    )
    const result = await preflight({ kind: 'cancel', offerIds: [foreign] })
    expect(result.problems.map((p) => p.code)).toEqual(['NOT_YOUR_OFFER'])
    expect(expiring).toEqual([foreign])
  })

  it('an id of something that is not an offer: NOT_YOUR_OFFER', async () => {
    const accountRoot = keylet.account(holder)
    const result = await preflight({ kind: 'cancel', offerIds: [accountRoot] })
    expect(result.problems).toEqual([
      {
        code: 'NOT_YOUR_OFFER',
        itemIndex: 0,
        blocking: true,
        message: expect.stringMatching(
          /is not an NFT offer: this wallet may not cancel it/,
        ) as string,
      },
    ])
  })

  it('ledger_entry says entryNotFound: OFFER_NOT_FOUND, informative', async () => {
    const result = await preflight({ kind: 'cancel', offerIds: ['DE'.repeat(32)] })
    expect(result.problems).toEqual([
      expect.objectContaining({ code: 'OFFER_NOT_FOUND', blocking: false }),
    ])
    expect(result.problems[0]).not.toHaveProperty('itemIndex')
    expect(result.canStart).toBe(true)
  })

  it('an own offer is never looked up one by one', async () => {
    const looked: unknown[] = []
    hooks.push((request, forward) => {
      if (request.command === 'ledger_entry') looked.push(request.index)
      return forward()
    })
    const own = await offersOf(holder)
    await preflight({ kind: 'cancel', offerIds: [...own, artistOffers[0]] })
    expect(looked).toEqual([artistOffers[0]])
  })
})

describe('runPreflight: replies are checked', () => {
  const cancelOwn = async () => ({ kind: 'cancel', offerIds: (await offersOf(holder)).slice(0, 2) })

  it('server_info without a validated ledger', async () => {
    hooks.push(
      rewrite('server_info', (result) => ({
        info: { ...(result.info as Json), validated_ledger: undefined },
      })),
    )
    expect(await engineError(preflight(await cancelOwn()))).toEqual({
      code: 'LEDGER_REJECTED',
      message: 'The ledger server has no validated ledger yet; please try again in a moment',
    })
  })

  it('server_info with a reserve that is not a number', async () => {
    hooks.push(
      rewrite('server_info', (result) => {
        const info = result.info as Json
        const validated = { ...(info.validated_ledger as Json), reserve_inc_xrp: '0.2' }
        return { info: { ...info, validated_ledger: validated } }
      }),
    )
    expect(await engineError(preflight(await cancelOwn()))).toEqual({
      code: 'LEDGER_REJECTED',
      message: 'The ledger server sent a malformed server_info reply: no reserve_inc_xrp',
    })
  })

  it.each([
    ['a Balance that is not drops', { Balance: '12.5' }, 'no Balance'],
    ['a negative OwnerCount', { OwnerCount: -1 }, 'no OwnerCount'],
    ['another account', { Account: artist }, `no account data for ${holder}`],
  ])('account_info with %s', async (_, patch, detail) => {
    hooks.push(
      rewrite('account_info', (result) => ({
        ...result,
        account_data: { ...(result.account_data as Json), ...patch },
      })),
    )
    expect(await engineError(preflight(await cancelOwn()))).toEqual({
      code: 'LEDGER_REJECTED',
      message: `The ledger server sent a malformed account_info reply: ${detail}`,
    })
  })

  it('account_info from a ledger that is not validated', async () => {
    hooks.push(rewrite('account_info', (result) => ({ ...result, validated: false })))
    expect(await engineError(preflight(await cancelOwn()))).toMatchObject({
      code: 'LEDGER_REJECTED',
    })
  })

  it("account_objects listing someone else's offer", async () => {
    hooks.push(
      rewrite('account_objects', (result) => ({
        ...result,
        account_objects: (result.account_objects as Json[]).map((o) => ({ ...o, Owner: artist })),
      })),
    )
    expect(await engineError(preflight(await cancelOwn()))).toEqual({
      code: 'LEDGER_REJECTED',
      message: expect.stringMatching(
        /^The ledger server sent a malformed account_objects reply: offer \w+ of r\w+ was listed$/,
      ) as string,
    })
  })

  it('account_objects whose marker repeats', async () => {
    hooks.push(rewrite('account_objects', (result) => ({ ...result, marker: 'AB,CD' })))
    hooks.push(firstPageAgain)
    expect(await engineError(preflight(await cancelOwn()))).toEqual({
      code: 'LEDGER_REJECTED',
      message: 'The ledger server sent a malformed account_objects reply: the marker repeats',
    })
  })

  it('account_objects pages from different ledgers', async () => {
    let page = 0
    hooks.push(
      rewrite('account_objects', (result) => {
        page += 1
        return page === 1
          ? { ...result, marker: 'AB,CD' }
          : { ...result, ledger_index: (result.ledger_index as number) - 1 }
      }),
    )
    hooks.push(firstPageAgain)
    expect(await engineError(preflight(await cancelOwn()))).toMatchObject({
      code: 'LEDGER_REJECTED',
      message: expect.stringMatching(/a page of ledger \d+ was sent for ledger \d+/) as string,
    })
  })

  it('account_objects pages are read until the marker ends, from the first page’s ledger', async () => {
    const requests: Json[] = []
    hooks.push((request, forward) => {
      if (request.command === 'account_objects') requests.push(request)
      return forward()
    })
    hooks.push(
      rewrite('account_objects', (result, request) => {
        // Split the holder's offers into two pages.
        const all = result.account_objects as Json[]
        if (request.marker === undefined) {
          return { ...result, account_objects: all.slice(0, 5), marker: 'PAGE2' }
        }
        return { ...result, account_objects: all.slice(5) }
      }),
    )
    hooks.push(firstPageAgain)
    const own = await offersOf(holder)

    const result = await preflight({ kind: 'cancel', offerIds: own })

    expect(result).toMatchObject({
      problems: [],
      reserveChangeDrops: String(-200_000 * own.length),
    })
    expect(requests).toHaveLength(2)
    expect(requests[0]).toMatchObject({ type: 'nft_offer', ledger_index: 'validated', limit: 400 })
    expect(requests[1]).toMatchObject({
      marker: 'PAGE2',
      ledger_index: expect.any(Number) as number,
    })
  })

  it('ledger_entry with a node of another id', async () => {
    hooks.push(
      rewrite('ledger_entry', (result) => ({
        ...result,
        index: 'EE'.repeat(32),
        node: { ...(result.node as Json), index: 'EE'.repeat(32) },
      })),
    )
    const error = await engineError(preflight({ kind: 'cancel', offerIds: [artistOffers[0]] }))
    expect(error.code).toBe('LEDGER_REJECTED')
  })

  it('a dropped connection: NETWORK; a request timeout: TIMEOUT', async () => {
    const failing =
      (name: string): Hook =>
      (request, forward) =>
        request.command === 'account_info'
          ? Promise.reject(Object.assign(new Error('gone'), { name }))
          : forward()
    hooks.push(failing('DisconnectedError'))
    expect(await engineError(preflight(await cancelOwn()))).toEqual({
      code: 'NETWORK',
      message: 'account_info: gone',
    })
    hooks = [failing('TimeoutError')]
    expect(await engineError(preflight(await cancelOwn()))).toMatchObject({ code: 'TIMEOUT' })
  })

  it('a recipient lookup that fails (not a refusal the scheduler waits out) fails the check: it is not taken for a missing account', async () => {
    hooks.push((request, forward) =>
      request.command === 'account_info' && request.account === recipients[0]
        ? Promise.reject(rippledError('internal'))
        : forward(),
    )
    const request = {
      kind: 'airdrop',
      distribution: [{ address: recipients[0], count: 1 }],
      nftIds: ownNftIds.slice(0, 1),
      randomize: false,
    }
    expect(await engineError(preflight(request))).toEqual({
      code: 'LEDGER_REJECTED',
      message: 'account_info: internal',
    })
  })
})

describe('runPreflight: recipients', () => {
  it('looks each distinct recipient up once, at most 8 at a time', async () => {
    let inFlight = 0
    let most = 0
    const asked: unknown[] = []
    hooks.push(async (request, forward) => {
      if (request.command !== 'account_info' || request.account === holder) return forward()
      asked.push(request.account)
      inFlight += 1
      most = Math.max(most, inFlight)
      try {
        return await forward()
      } finally {
        inFlight -= 1
      }
    })
    const distribution = recipients.slice(0, 20).flatMap((address) => [
      { address, count: 1 },
      { address, count: 1 },
    ])
    const request = {
      kind: 'airdrop',
      distribution,
      nftIds: ownNftIds.slice(0, 40),
      randomize: true,
    }

    const result = await preflight(request)

    expect(result).toMatchObject({ problems: [], transactions: 40 })
    expect([...asked].sort()).toEqual(recipients.slice(0, 20).sort())
    expect(most).toBeLessThanOrEqual(8)
    expect(most).toBeGreaterThan(1)
  })

  it('a server without account_flags: the refusal is read from the account Flags', async () => {
    // The answer is the same as with account_flags: check that the refusing account's were removed.
    const stripped: unknown[] = []
    hooks.push(
      rewrite('account_info', ({ account_flags: flags, ...rest }) => {
        if (flags !== undefined) stripped.push((rest.account_data as Json).Account)
        return rest
      }),
    )
    const request = {
      kind: 'airdrop',
      distribution: [recipients[49], recipients[0]].map((address) => ({ address, count: 1 })),
      nftIds: ownNftIds.slice(0, 2),
      randomize: false,
    }
    const result = await preflight(request)
    expect(result.problems.map((p) => [p.code, p.itemIndex])).toEqual([['REFUSES_OFFERS', 0]])
    expect(stripped).toContain(recipients[49])
  })
})

describe("runPreflight: the issuer's authorised minter", () => {
  it('may offer the issuer’s non-transferable NFTs', async () => {
    const request = {
      kind: 'list',
      offers: [{ nftId: relicId, amountDrops: '1000000' }],
    }
    expect((await preflight(request)).problems.map((p) => p.code)).toEqual(['NOT_TRANSFERABLE'])

    const set = submitInProcess(h.sb.ledger, accounts.artist, {
      TransactionType: 'AccountSet',
      SetFlag: 10,
      NFTokenMinter: holder,
    })
    expect(set.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()

    expect(await preflight(request)).toMatchObject({ problems: [], transactions: 1 })
  })
})
