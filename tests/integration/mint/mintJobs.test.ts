/**
 * Job kind `mint` against the sandbox: a manifest minted straight to its recipients (XLS-52: each
 * NFTokenMint makes its NFT's offer), its NFTs and offers as an independent client sees them and as
 * the engine worked them out; pre-flight's verdicts on recipients and reserve; minting as another
 * issuer's authorized minter, refused until the issuer says so; an engine closed mid-mint and opened
 * again, with no NFT minted twice.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { Wallet, parseNFTokenID } from 'xrpl'
import type { Client } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import type { MintRequest, MintTerms } from '../../../src/worker/api.ts'
import { jobFinished } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { nftUrisOf, offersOf } from '../../helpers/jobs.ts'
import { eventually } from '../../helpers/poll.ts'
import { submitInProcess } from '../../helpers/sandbox.ts'
import { servedUris, startMintLedger } from '../../helpers/mintLedger.ts'
import type { MintLedger } from '../../helpers/mintLedger.ts'

const minter = Wallet.generate()
const issuer = Wallet.generate()
const recipients = Array.from({ length: 10 }, () => Wallet.generate())
/** Refuses incoming NFT offers (asfDisallowIncomingNFTokenOffer). */
const refusing = Wallet.generate()
/** Never funded: not on the ledger. */
const missing = Wallet.generate()

const TERMS: MintTerms = {
  taxon: 42,
  transferFee: 2_500,
  burnable: false,
  onlyXrp: true,
  transferable: true,
  mutable: true,
}

let world: MintLedger
let h: EngineHarness
/** The engine in use (the one opened again after the mid-mint close, from then on). */
let engine: Engine
let client: Client

beforeAll(async () => {
  world = await startMintLedger({
    gateway: true,
    fund: [minter, issuer, refusing, ...recipients],
    signer: minter,
  })
  ;({ h, client } = world)
  engine = h.engine
  submitInProcess(h.sb.ledger, refusing, { TransactionType: 'AccountSet', SetFlag: 12 })
  await h.sb.ledgerAccept()
})

afterAll(() => world.stop())

/** An account's NFTs on the validated ledger: id → URI text. */
const nftsOf = (account: string) => nftUrisOf(client, account)

/** A URI the sandbox gateway serves, new on each call: pre-flight reads every row's document. */
const servedUri = servedUris()

function rows(n: number, to?: (i: number) => string | undefined) {
  return Array.from({ length: n }, (_, i) => ({
    uri: servedUri(),
    ...(to?.(i) ? { recipient: to(i)! } : {}),
  }))
}

it('mints 30 NFTs straight to 10 recipients: each NFT and its offer as the ledger has them, worked out by the engine', async () => {
  const request: MintRequest = {
    kind: 'mint',
    terms: TERMS,
    rows: rows(30, (i) => recipients[i % 10]!.classicAddress),
  }
  const plan = await engine.planJob(request)
  expect(plan).toMatchObject({
    kind: 'mint',
    items: 30,
    transactions: 30,
    problems: [],
    canStart: true,
  })
  // 30 offers and at most 3 new NFT pages (a first page, then a split per 15 NFTs at most), 0.2 XRP
  // each on the sandbox.
  const reserves = await client.request({ command: 'server_info' })
  const inc = reserves.result.info.validated_ledger!.reserve_inc_xrp
  expect(Number(plan.reserveChangeDrops)).toBe(Math.round(33 * inc * 1_000_000))
  await engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId, 60_000)
  expect(job.status).toBe('completed')
  expect(job.counts).toMatchObject({ succeeded: 30, failed: 0, skipped: 0 })

  const items = await readItems(h.db, plan.jobId)
  const held = await nftsOf(minter.classicAddress)
  const offers = new Map((await offersOf(client, minter.classicAddress)).map((o) => [o.index, o]))
  const ids = new Set<string>()
  for (const item of items) {
    if (item.intent.type !== 'mint') throw new Error('not a mint')
    const id = item.mintedNftId!
    ids.add(id)
    // The engine's id is an NFT the minter holds, with the row's URI and the collection's terms.
    expect(held.get(id)).toBe(item.intent.uri)
    expect(parseNFTokenID(id)).toMatchObject({
      Issuer: minter.classicAddress,
      Taxon: 42,
      TransferFee: 2_500,
      Flags: 0x02 | 0x08 | 0x10,
    })
    // Its offer: the one the engine worked out, free, to the row's recipient, on that NFT.
    const offer = offers.get(item.offerId!)
    expect(offer).toMatchObject({
      NFTokenID: id,
      Amount: '0',
      Destination: item.recipient,
      Flags: 1,
    })
  }
  expect(ids.size).toBe(30)
  expect(held.size).toBe(30)

  // A recipient takes theirs: the offer was the transfer's half, the NFT moves.
  const first = items[0]!
  const taker = recipients.find((r) => r.classicAddress === first.recipient)!
  const accepted = submitInProcess(h.sb.ledger, taker, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: first.offerId!,
  })
  expect(accepted.engine_result).toBe('tesSUCCESS')
  await eventually(
    () => nftsOf(taker.classicAddress),
    (nfts) => nfts.has(first.mintedNftId!),
    'the recipient holds the NFT',
  )
})

it('pre-flight: a recipient that refuses offers and one that does not exist are named; a URI over 256 bytes is refused', async () => {
  const plan = await engine.planJob({
    kind: 'mint',
    terms: TERMS,
    rows: [
      { uri: servedUri(), recipient: recipients[0]!.classicAddress },
      { uri: servedUri(), recipient: refusing.classicAddress },
      { uri: servedUri(), recipient: missing.classicAddress },
      { uri: servedUri() },
    ],
  })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([
    ['REFUSES_OFFERS', 1],
    ['NO_DESTINATION', 2],
  ])
  expect(plan.transactions).toBe(2)
  await expect(
    engine.planJob({ kind: 'mint', terms: TERMS, rows: [{ uri: `ipfs://${'x'.repeat(250)}` }] }),
  ).rejects.toThrow('Row 1: the URI is 257 bytes; the ledger keeps at most 256')
  await expect(
    engine.planJob({
      kind: 'mint',
      terms: { ...TERMS, transferable: false },
      rows: rows(1),
    }),
  ).rejects.toThrow('A transfer fee needs transferable NFTs')
})

it("mints for an issuer only once the issuer made the account its minter: the NFTs are the issuer's", async () => {
  const terms = { ...TERMS, issuer: issuer.classicAddress, transferFee: 0 }
  const refused = await engine.planJob({ kind: 'mint', terms, rows: rows(3) })
  expect(refused.canStart).toBe(false)
  expect(refused.problems).toEqual([
    expect.objectContaining({ code: 'NOT_AUTHORIZED', blocking: true }),
  ])
  expect(refused.problems[0]!.message).toContain('has not made')

  const set = submitInProcess(h.sb.ledger, issuer, {
    TransactionType: 'AccountSet',
    SetFlag: 10,
    NFTokenMinter: minter.classicAddress,
  })
  expect(set.engine_result).toBe('tesSUCCESS')
  await eventually(
    () =>
      client.request({
        command: 'account_info',
        account: issuer.classicAddress,
        ledger_index: 'validated',
      }),
    (r) => r.result.account_data.NFTokenMinter === minter.classicAddress,
    'the issuer names the minter',
  )
  const plan = await engine.planJob({ kind: 'mint', terms, rows: rows(3) })
  expect(plan).toMatchObject({ problems: [], canStart: true })
  await engine.startJob(plan.jobId)
  expect((await jobFinished(h.db, plan.jobId, 60_000)).status).toBe('completed')
  const items = await readItems(h.db, plan.jobId)
  const held = await nftsOf(minter.classicAddress)
  for (const item of items) {
    expect(parseNFTokenID(item.mintedNftId!).Issuer).toBe(issuer.classicAddress)
    expect(held.has(item.mintedNftId!)).toBe(true)
  }
  const root = await client.request({
    command: 'account_info',
    account: issuer.classicAddress,
    ledger_index: 'validated',
  })
  expect(root.result.account_data.MintedNFTokens).toBe(3)
})

it('an engine closed mid-mint and opened again finishes the job with no NFT minted twice', async () => {
  const before = (await nftsOf(minter.classicAddress)).size
  const request: MintRequest = { kind: 'mint', terms: TERMS, rows: rows(40) }
  const plan = await engine.planJob(request)
  // No ledger closes meanwhile: the mints signed and submitted stay in flight, unvalidated.
  world.stopClosing()
  await engine.startJob(plan.jobId)
  await eventually(
    () => readItems(h.db, plan.jobId),
    (items) => items.some((i) => i.attempts.some((a) => a.submittedAt !== undefined)),
    'some mints signed, stored and submitted',
    { everyMs: 1 },
  )
  // The tab closes; the app opens again on the same store, and the ledger goes on.
  await engine.dispose()
  const inFlight = (await readItems(h.db, plan.jobId)).filter((i) => i.status === 'inFlight')
  expect(inFlight.length).toBeGreaterThan(0)
  world.startClosing()
  const reopened = h.reopen()
  await reopened.connect('sandbox')
  await reopened.connectWallet({ kind: 'familySeed', secret: minter.seed! })
  engine = reopened
  const job = await jobFinished(h.db, plan.jobId, 60_000)
  expect(job.status).toBe('completed')
  expect(job.counts.succeeded).toBe(40)
  // Each row's URI once on the ledger, and the 40 NFTs the engine recorded are those.
  const held = await nftsOf(minter.classicAddress)
  expect(held.size).toBe(before + 40)
  const asked = new Set(request.rows.map((r) => r.uri))
  const resumed = [...held.values()].filter((uri) => asked.has(uri))
  expect(resumed).toHaveLength(40)
  expect(new Set(resumed).size).toBe(40)
  const items = await readItems(h.db, plan.jobId)
  expect(new Set(items.map((i) => i.mintedNftId)).size).toBe(40)
  for (const item of items) expect(held.has(item.mintedNftId!)).toBe(true)
})

it('a mint refused on the ledger (its recipient blocked offers after the plan) takes no serial: the NFTs after it are still the ones the engine records', async () => {
  const late = recipients[9]!
  const plan = await engine.planJob({
    kind: 'mint',
    terms: TERMS,
    rows: rows(6, (i) => (i === 2 ? late.classicAddress : recipients[i]!.classicAddress)),
  })
  expect(plan.problems).toEqual([])
  const blocked = submitInProcess(h.sb.ledger, late, { TransactionType: 'AccountSet', SetFlag: 12 })
  expect(blocked.engine_result).toBe('tesSUCCESS')
  await eventually(
    () =>
      client.request({
        command: 'account_info',
        account: late.classicAddress,
        ledger_index: 'validated',
      }),
    (r) => (r.result.account_data.Flags & 0x04000000) !== 0,
    'the recipient refuses offers on the validated ledger',
  )
  await engine.startJob(plan.jobId)
  const job = await jobFinished(h.db, plan.jobId, 60_000)
  expect(job.counts).toMatchObject({ succeeded: 5, failed: 1 })
  const items = await readItems(h.db, plan.jobId)
  expect(items[2]).toMatchObject({ status: 'failed', result: 'tecNO_PERMISSION' })
  expect(items[2]!.mintedNftId).toBeUndefined()
  const held = await nftsOf(minter.classicAddress)
  for (const item of items.filter((i) => i.status === 'succeeded')) {
    expect(held.get(item.mintedNftId!)).toBe(item.intent.type === 'mint' ? item.intent.uri : '')
  }
})

it('the report names each minted NFT with its recipient and its offer', async () => {
  // The first job: 30 NFTs minted straight to the 10 recipients.
  const [job] = (await h.db.jobs.toArray())
    .filter((j) => j.kind === 'mint' && j.status === 'completed')
    .sort((a, b) => a.createdAt - b.createdAt)
  const csv = await engine.exportJobCsv(job!.id)
  const [header, ...lines] = csv.trim().split(/\r?\n/)
  expect(header).toBe(
    'index,action,nft_id,recipient,amount_xrp,status,tx_hash,result,message,offer_id,ledger_index',
  )
  const items = await readItems(h.db, job!.id)
  expect(lines).toHaveLength(items.length)
  for (const [i, line] of lines.entries()) {
    const item = items[i]!
    expect(line).toContain(`,mint,${item.mintedNftId},${item.recipient},0,succeeded,`)
    expect(line).toContain(item.offerId!)
  }
})
