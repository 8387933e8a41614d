/**
 * The demo data a newcomer meets with `npm start`: seen through the real xrpl.js Client, as the app
 * sees it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Client, convertHexToString } from 'xrpl'
import type { AccountNFToken } from 'xrpl'
import { describe as describeSandbox } from '../../../src/sandbox/cli.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import {
  AUTO_ACCEPT_COUNT,
  REFUSING_RECIPIENT,
  demoAccounts,
} from '../../../src/sandbox/demo/accounts.ts'

let sb: Sandbox
let client: Client
const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

beforeAll(async () => {
  sb = await startSandbox({ port: 0, gatewayPort: 0, closeMs: 0, demo: true })
  client = new Client(sb.url)
  await client.connect()
})

afterAll(async () => {
  await client.disconnect()
  await sb.stop()
})

it('npm start prints the demo wallet and a CSV of recipients that exist and accept offers', async () => {
  const printed = describeSandbox(sb)
  expect(printed).toContain(`address ${holder}`)
  const csv = printed.slice(printed.indexOf('wallet_address,nft_amount')).split('\n')
  const rows = csv.slice(1).map((line) => line.trim().split(','))
  expect(rows).toHaveLength(AUTO_ACCEPT_COUNT)
  for (const [address, count] of rows) {
    expect(count).toBe('1')
    const info = await client.request({ command: 'account_info', account: address! })
    expect(BigInt(info.result.account_data.Balance)).toBeGreaterThan(0n)
  }
  expect(rows.map(([address]) => address)).toEqual(
    accounts.recipients.slice(0, AUTO_ACCEPT_COUNT).map((r) => r.classicAddress),
  )
})

/** What these tests read of account_nfts and account_objects (xrpl.js's types omit some fields). */
type Nft = AccountNFToken & { TransferFee?: number }
interface Offer {
  Amount: string
  Destination?: string
  NFTokenID: string
}

async function holderNfts(): Promise<Nft[]> {
  const pages = await client.requestAll(
    { command: 'account_nfts', account: holder },
    'account_nfts',
  )
  return pages.flatMap((p) => (p.result as { account_nfts: Nft[] }).account_nfts)
}

async function holderOffers(): Promise<Offer[]> {
  const pages = await client.requestAll({
    command: 'account_objects',
    account: holder,
    type: 'nft_offer',
  })
  return pages.flatMap((p) => p.result.account_objects as unknown as Offer[])
}

describe('sandbox demo data', () => {
  it('gives the holder about 250 NFTs in several collections, with and without transfer fees', async () => {
    const nfts = await holderNfts()
    expect(nfts.length).toBe(250)
    const collections = new Set(nfts.map((n) => `${n.Issuer}:${n.NFTokenTaxon}`))
    expect(collections.size).toBeGreaterThanOrEqual(3)
    expect(nfts.some((n) => (n.TransferFee ?? 0) > 0)).toBe(true)
    expect(nfts.some((n) => !n.TransferFee)).toBe(true)
  })

  it('includes NFTs the holder cannot transfer and NFTs without a URI', async () => {
    const nfts = await holderNfts()
    const nonTransferable = nfts.filter((n) => (n.Flags & 0x8) === 0)
    expect(nonTransferable.length).toBeGreaterThan(0)
    expect(nonTransferable.every((n) => n.Issuer === accounts.artist.classicAddress)).toBe(true)
    expect(nfts.some((n) => n.URI === undefined)).toBe(true)
  })

  it('mints URIs that the metadata gateway serves', async () => {
    const nfts = await holderNfts()
    const https = nfts
      .map((n) => (n.URI ? convertHexToString(n.URI) : ''))
      .find((u) => u.startsWith('http'))
    expect(https).toBeDefined()
    const res = await fetch(https!)
    expect(res.status).toBe(200)
    const doc = (await res.json()) as { name?: unknown }
    expect(doc.name).toBeDefined()
  })

  it('has free offers with a destination, paid offers, and NFTs with several sell offers', async () => {
    const offers = await holderOffers()
    const free = offers.filter((o) => o.Amount === '0')
    const paid = offers.filter((o) => o.Amount !== '0')
    expect(free.length).toBeGreaterThan(0)
    expect(free.every((o) => typeof o.Destination === 'string')).toBe(true)
    expect(paid.length).toBeGreaterThan(0)
    const perNft = new Map<string, number>()
    for (const o of offers) perNft.set(o.NFTokenID, (perNft.get(o.NFTokenID) ?? 0) + 1)
    expect([...perNft.values()].some((n) => n > 1)).toBe(true)
    const info = await client.request({ command: 'account_info', account: holder })
    expect(info.result.account_data.OwnerCount).toBeGreaterThanOrEqual(offers.length)
  })

  it('funds 50 recipients, one of which refuses incoming NFT offers, and leaves some addresses unfunded', async () => {
    for (const r of accounts.recipients) {
      const info = await client.request({ command: 'account_info', account: r.classicAddress })
      expect(Number(info.result.account_data.Balance)).toBeGreaterThan(0)
    }
    const refusing = accounts.recipients[REFUSING_RECIPIENT - 1]!.classicAddress
    const info = await client.request({ command: 'account_info', account: refusing })
    expect(info.result.account_flags?.disallowIncomingNFTokenOffer).toBe(true)
    await expect(
      client.request({ command: 'account_info', account: accounts.unfunded[0]!.classicAddress }),
    ).rejects.toMatchObject({ data: { error: 'actNotFound' } })
  })

  it('has auto-accepting recipients take a free offer a few ledgers after it is made', async () => {
    const nft = (await holderNfts()).find((n) => (n.Flags & 0x8) !== 0)!
    const recipient = accounts.recipients[0]!.classicAddress
    expect(AUTO_ACCEPT_COUNT).toBeGreaterThan(0)
    const offer = await client.autofill({
      TransactionType: 'NFTokenCreateOffer',
      Account: holder,
      NFTokenID: nft.NFTokenID,
      Amount: '0',
      Flags: 1,
      Destination: recipient,
    })
    const signed = accounts.holder.sign(offer)
    const submitted = await client.request({ command: 'submit', tx_blob: signed.tx_blob })
    expect(submitted.result.engine_result).toBe('tesSUCCESS')
    for (let i = 0; i < 4; i++) await sb.ledgerAccept()
    const theirs = await client.request({ command: 'account_nfts', account: recipient })
    expect(theirs.result.account_nfts.map((n) => n.NFTokenID)).toContain(nft.NFTokenID)
  })
})

describe('the large holder, created on demand', () => {
  it('holds the requested number of NFTs, paged by account_nfts 400 at a time', async () => {
    const big = await startSandbox({
      port: 0,
      gatewayPort: 0,
      closeMs: 0,
      demo: true,
      largeHolderNfts: 450,
    })
    const c = new Client(big.url)
    try {
      await c.connect()
      const address = accounts.largeHolder.classicAddress
      expect(big.demo?.largeHolder).toMatchObject({ address, nfts: 450 })
      const first = await c.request({ command: 'account_nfts', account: address, limit: 400 })
      expect(first.result.account_nfts.length).toBe(400)
      const rest = await c.request({
        command: 'account_nfts',
        account: address,
        limit: 400,
        marker: first.result.marker,
      })
      expect(rest.result.account_nfts.length).toBe(50)
      expect(rest.result.marker).toBeUndefined()
    } finally {
      await c.disconnect()
      await big.stop()
    }
  })
})
