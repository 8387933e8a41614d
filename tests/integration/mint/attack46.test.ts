/**
 * Security review of the mint job kind (issue 46) as an attacker: the server the engine uses (a
 * rewriting proxy in front of the sandbox, with an honest second server of the same ledger on the
 * network), a scammer's CSV, and the ledger's own NFT pages. Each test asserts the SAFE behaviour
 * a user can see (the job's items, its plan, the ledger as an independent client reads it): a
 * failing test is a proven weakness. A server that lies about the engine's own mints (their serial
 * and nftoken_id, a tec for a mint that applied, a held mint shown validated) is caught by the
 * network's second server (docs/architecture.md §3.2, rule 6): the job pauses, records nothing the
 * ledger does not hold, and finishes right once the liar is removed.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Client, Wallet, convertStringToHex, decode, hashes } from 'xrpl'

import { readItems, readJob } from '../../../src/db/jobs.ts'
import type { JobItemRow } from '../../../src/db/types/jobItems.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import type { MintRequest, MintTerms } from '../../../src/worker/api.ts'
import type { Engine } from '../../../src/worker/engine.ts'
import { MARKETPLACES } from '../../../src/shared/marketplaces.ts'
import { scriptedApprover } from '../../helpers/approvers.ts'
import { jobFinished, startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'
import { nftUrisOf, offersOf } from '../../helpers/jobs.ts'
import { fakeTxReply } from '../../helpers/lyingServer.ts'
import { eventually } from '../../helpers/poll.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { closeLedgers, fundInProcess, submitInProcess } from '../../helpers/sandbox.ts'

const TERMS: MintTerms = {
  taxon: 42,
  transferFee: 2_500,
  burnable: false,
  onlyXrp: true,
  transferable: true,
  mutable: true,
}
/** NFTokenMint flags of TERMS: only XRP, transferable, mutable. */
const TERMS_FLAGS = 0x02 | 0x08 | 0x10

/** One test's ledger, store and engine; `proxy` in front of the sandbox, `honest` behind it. */
interface MintWorld {
  h: EngineHarness
  engine: Engine
  /** An independent client of the sandbox: the ledger as anyone sees it. */
  client: Client
  minter: Wallet
  stranger: Wallet
  recipients: Wallet[]
  proxy: Proxy
  /** The honest second endpoint, when `proxied`. */
  honest?: string
  jobs: { lastLedgerOffset: number; approvalTimeoutMs?: number }
  stopClosing: () => void
}

let w: MintWorld | undefined

afterEach(async () => {
  if (!w) return
  w.stopClosing()
  await w.proxy.close()
  await w.client.disconnect()
  await w.h.stop()
  w = undefined
})

/**
 * A sandbox closing a ledger every 100 ms, a minter, a stranger and three recipients funded; the
 * engine connected with the minter's seed. With `proxied`, the engine's network is the lying proxy
 * (in use) and an honest second endpoint of the same ledger (the network's other server).
 */
async function startMintWorld(
  opts: { proxied?: boolean; approvalTimeoutMs?: number } = {},
): Promise<MintWorld> {
  const jobs = {
    lastLedgerOffset: 6,
    ...(opts.approvalTimeoutMs ? { approvalTimeoutMs: opts.approvalTimeoutMs } : {}),
  }
  const h = await startEngineHarness({}, { jobs })
  const minter = Wallet.generate()
  const stranger = Wallet.generate()
  const recipients = Array.from({ length: 3 }, () => Wallet.generate())
  fundInProcess(h.sb.ledger, 1_000, minter, stranger, ...recipients)
  // A ledger with some history: the run looks a number's user up from 10 ledgers before it was
  // asked for, and a server whose history starts later cannot show that range whole.
  for (let i = 0; i < 20; i++) await h.sb.ledgerAccept()
  const client = new Client(h.sb.url)
  await client.connect()
  const proxy = await startProxy(h.sb.url)
  let engine = h.engine
  let honestUrl: string | undefined
  if (opts.proxied) {
    const honest = await h.sb.addEndpoint()
    honestUrl = honest.url
    await engine.dispose()
    const base = buildNetworks({})
    const networks = {
      ...h.networks,
      sandbox: {
        ...base.sandbox,
        ...h.networks.sandbox,
        endpoints: [proxy.url, honest.url],
        clioEndpoints: [proxy.url],
      },
    }
    engine = h.reopen({ networks, jobs })
    await engine.connect('sandbox')
    expect((await engine.getNetworkStatus()).endpoint).toBe(proxy.url)
  }
  await engine.connectWallet({ kind: 'familySeed', secret: minter.seed! })
  const stopClosing = closeLedgers(h.sb, 100)
  w = { h, engine, client, minter, stranger, recipients, proxy, stopClosing, jobs }
  if (honestUrl) w.honest = honestUrl
  return w
}

/**
 * What a user does when a job pauses over two servers that disagree: removes the one they do not
 * trust from the network's servers (here the liar, the proxy) and resumes. Returns the job's end.
 */
async function resumeWithoutLiar(world: MintWorld, jobId: string) {
  await world.engine.dispose()
  const base = buildNetworks({})
  const networks = {
    ...world.h.networks,
    sandbox: {
      ...base.sandbox,
      ...world.h.networks.sandbox,
      endpoints: [world.honest!],
      clioEndpoints: [world.honest!],
    },
  }
  world.engine = world.h.reopen({ networks, jobs: world.jobs })
  await world.engine.connect('sandbox')
  await world.engine.connectWallet({ kind: 'familySeed', secret: world.minter.seed! })
  await world.engine.startJob(jobId)
  const job = await jobFinished(world.h.db, jobId, 60_000)
  return { job, items: await readItems(world.h.db, jobId) }
}

/** The ledger's validated index as the independent client reads it. */
async function validatedLedger(client: Client): Promise<number> {
  const r = await client.request({ command: 'ledger', ledger_index: 'validated' })
  return r.result.ledger_index
}

/** An account's NFTs on the validated ledger: id → URI text. */
const nftsOf = nftUrisOf

/** How many NFTs of the account carry each URI (validated ledger). */
async function urisOnLedger(client: Client, account: string): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  for (const uri of (await nftsOf(client, account)).values()) {
    counts.set(uri, (counts.get(uri) ?? 0) + 1)
  }
  return counts
}

async function accountRoot(client: Client, account: string) {
  const r = await client.request({ command: 'account_info', account, ledger_index: 'validated' })
  return r.result.account_data as typeof r.result.account_data & {
    MintedNFTokens?: number
    FirstNFTokenSequence?: number
  }
}

/** Closes ledgers until the independent client sees `check` hold on the validated ledger. */
async function settled<T>(
  read: () => Promise<T>,
  check: (value: T) => boolean,
  what: string,
): Promise<T> {
  return eventually(read, check, what, { timeoutMs: 20_000, everyMs: 20 })
}

function rows(n: number, prefix: string, to?: (i: number) => string | undefined) {
  return Array.from({ length: n }, (_, i) => ({
    uri: `ipfs://bafy${prefix}/${i + 1}.json`,
    ...(to?.(i) ? { recipient: to(i)! } : {}),
  }))
}

function mintUri(item: JobItemRow): string {
  if (item.intent.type !== 'mint') throw new Error('not a mint')
  return item.intent.uri
}

/** Plans and runs a mint to its end; returns its items. */
async function runMint(world: MintWorld, request: MintRequest) {
  const plan = await world.engine.planJob(request)
  expect(plan.problems).toEqual([])
  await world.engine.startJob(plan.jobId)
  const job = await jobFinished(world.h.db, plan.jobId, 60_000)
  return { plan, job, items: await readItems(world.h.db, plan.jobId) }
}

/**
 * An NFT the minter minted with the collection's terms and gave away: now the stranger's. A liar
 * points the job's rows at it.
 */
async function strangersNft(world: MintWorld): Promise<{ nftId: string; offerId: string }> {
  const { h, minter, stranger, client } = world
  const minted = submitInProcess(h.sb.ledger, minter, {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: TERMS.taxon,
    Flags: TERMS_FLAGS,
    TransferFee: TERMS.transferFee,
    URI: convertStringToHex('ipfs://bafystranger/own.json'),
    Amount: '0',
    Destination: stranger.classicAddress,
  })
  expect(minted.engine_result).toBe('tesSUCCESS')
  const [offer] = await settled(
    () => offersOf(client, minter.classicAddress),
    (offers) => offers.length === 1,
    "the stranger's offer on the validated ledger",
  )
  const accepted = submitInProcess(h.sb.ledger, stranger, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: offer!.index,
  })
  expect(accepted.engine_result).toBe('tesSUCCESS')
  const held = await settled(
    () => nftsOf(client, stranger.classicAddress),
    (nfts) => nfts.size === 1,
    'the stranger holds the NFT',
  )
  return { nftId: [...held.keys()][0]!, offerId: offer!.index }
}

/** A `tx`/`account_tx`/stream transaction's JSON, whichever shape the server printed. */
function txJsonOf(holder: Json): Json | undefined {
  const json = (holder.tx_json ?? holder.tx ?? holder.transaction) as Json | undefined
  if (json && typeof json === 'object') return json
  return typeof holder.TransactionType === 'string' ? holder : undefined
}

/**
 * The proxy rewrites the metadata of the minter's validated NFTokenMints wherever it shows them:
 * `tx`, `account_tx` and the transaction stream. Nothing else changes: every transaction it shows
 * is real, signed by the engine, and validated on the ledger with the result the honest server
 * shows.
 */
function rewriteMintMeta(
  proxy: Proxy,
  account: string,
  rewrite: (meta: Json, txJson: Json) => Json,
): { rewritten: number } {
  const seen = { rewritten: 0 }
  const rewriteHolder = (holder: Json): Json => {
    const txJson = txJsonOf(holder)
    const meta = holder.meta
    if (!txJson || txJson.TransactionType !== 'NFTokenMint' || txJson.Account !== account) {
      return holder
    }
    if (!meta || typeof meta !== 'object') return holder
    const out = rewrite(meta as Json, txJson)
    if (out === meta) return holder
    seen.rewritten++
    const result = (out as { TransactionResult?: unknown }).TransactionResult
    return {
      ...holder,
      meta: out,
      ...(holder.engine_result !== undefined ? { engine_result: result } : {}),
    }
  }
  proxy.hooks = {
    reply: (reply, request) => {
      const result = reply.result as Json | undefined
      if (!result) return reply
      if (request.command === 'tx' && result.validated === true) {
        return { ...reply, result: rewriteHolder(result) }
      }
      if (request.command === 'account_tx' && Array.isArray(result.transactions)) {
        const transactions = (result.transactions as Json[]).map(rewriteHolder)
        return { ...reply, result: { ...result, transactions } }
      }
      return reply
    },
    stream: (message) =>
      message.type === 'transaction' && message.validated === true
        ? rewriteHolder(message)
        : message,
  }
  return seen
}

interface MetaNode {
  ModifiedNode?: {
    LedgerEntryType?: string
    FinalFields?: Json
    PreviousFields?: Json
  }
}

function isRootOf(node: MetaNode, account: string): boolean {
  const m = node.ModifiedNode
  return m?.LedgerEntryType === 'AccountRoot' && m.FinalFields?.Account === account
}

/**
 * What every lie about the engine's own mints must come to, with an honest second server on the
 * network: the job pauses naming the two servers' disagreement (or finishes), no row records an
 * NFT or a result the ledger does not hold, and once the user removes the liar and resumes, the
 * job finishes with each row's own NFT, each minted once.
 */
async function expectCaught(
  world: MintWorld,
  run: { plan: { jobId: string }; job: { status: string; notice?: string }; items: JobItemRow[] },
  notice: RegExp,
) {
  const minter = world.minter.classicAddress
  expect(run.job.status, 'the job pauses rather than record the lie').toBe('paused')
  expect(run.job.notice).toMatch(notice)
  const held = await nftsOf(world.client, minter)
  for (const item of run.items) {
    if (item.mintedNftId !== undefined) {
      expect(held.get(item.mintedNftId), `row ${item.index + 1}'s recorded NFT`).toBe(mintUri(item))
    }
    if (item.status === 'succeeded') expect([...held.values()]).toContain(mintUri(item))
    if (item.status === 'failed') expect([...held.values()]).not.toContain(mintUri(item))
  }
  const end = await resumeWithoutLiar(world, run.plan.jobId)
  expect(end.job.status).toBe('completed')
  const after = await nftsOf(world.client, minter)
  expect(
    end.items.map((i) => [mintUri(i), i.status, after.get(i.mintedNftId ?? '')]),
    "each row succeeded, its recorded NFT the minter's with the row's URI",
  ).toEqual(end.items.map((i) => [mintUri(i), 'succeeded', mintUri(i)]))
  const counts = await urisOnLedger(world.client, minter)
  expect(end.items.map((i) => counts.get(mintUri(i)))).toEqual(end.items.map(() => 1))
}

describe('attack (b): a server rewrites the metadata of the mints it shows validated', () => {
  /**
   * The serial: the issuer's MintedNFTokens before/after in the AccountRoot node, rewritten to
   * 0 → 1, and `nftoken_id` to match, so every row's NFT reads as the minter's first NFT (the
   * stranger's now). The honest second server of the network shows the real metadata.
   */
  it('a serial and an nftoken_id forged alike are caught by the second server: no row records the stranger’s NFT', async () => {
    const world = await startMintWorld({ proxied: true })
    const theirs = await strangersNft(world)
    const minter = world.minter.classicAddress
    const lie = rewriteMintMeta(world.proxy, minter, (meta) => ({
      ...meta,
      AffectedNodes: (meta.AffectedNodes as MetaNode[]).map((node) =>
        isRootOf(node, minter)
          ? {
              ModifiedNode: {
                ...node.ModifiedNode,
                FinalFields: { ...node.ModifiedNode!.FinalFields, MintedNFTokens: 1 },
                PreviousFields: { ...node.ModifiedNode!.PreviousFields, MintedNFTokens: 0 },
              },
            }
          : node,
      ),
      nftoken_id: theirs.nftId,
    }))
    const run = await runMint(world, {
      kind: 'mint',
      skipMetadataCheck: true,
      terms: TERMS,
      rows: rows(3, 'serial', (i) => world.recipients[i]!.classicAddress),
    })
    expect(lie.rewritten).toBeGreaterThan(0)
    expect(run.items.map((i) => i.mintedNftId)).not.toContain(theirs.nftId)
    await expectCaught(world, run, /disagree on row \d's transaction/)
  }, 90_000)

  /**
   * The fallback: the AccountRoot node left out, `nftoken_id` naming the stranger's NFT (the same
   * issuer, taxon, flags and fee), and `offer_id` naming the stranger's old offer.
   */
  it("an nftoken_id that names another NFT of the same collection is not recorded as the row's", async () => {
    const world = await startMintWorld({ proxied: true })
    const theirs = await strangersNft(world)
    const minter = world.minter.classicAddress
    const lie = rewriteMintMeta(world.proxy, minter, (meta) => ({
      ...meta,
      AffectedNodes: (meta.AffectedNodes as MetaNode[]).filter((n) => !isRootOf(n, minter)),
      nftoken_id: theirs.nftId,
      offer_id: theirs.offerId,
    }))
    const run = await runMint(world, {
      kind: 'mint',
      skipMetadataCheck: true,
      terms: TERMS,
      rows: rows(3, 'fallback', (i) => world.recipients[i]!.classicAddress),
    })
    expect(lie.rewritten).toBeGreaterThan(0)
    expect(run.items.map((i) => i.mintedNftId)).not.toContain(theirs.nftId)
    await expectCaught(world, run, /disagree on row \d's transaction/)
    // The offer ids are worked out from the account and the number: the lie about offer_id fails.
    const items = await readItems(world.h.db, run.plan.jobId)
    const held = await nftsOf(world.client, minter)
    const offers = new Map((await offersOf(world.client, minter)).map((o) => [o.index, o]))
    for (const item of items) {
      const offer = offers.get(item.offerId!)
      expect(offer, `row ${item.index + 1}'s offer on the ledger`).toBeDefined()
      expect(held.get(offer!.NFTokenID)).toBe(mintUri(item))
    }
  }, 90_000)
})

/**
 * Attack (a) through a lie about a result: the server in use shows row 2's mint validated with
 * tecNO_PERMISSION ("the recipient does not accept incoming NFT offers"); the ledger (and the
 * honest second server) has it tesSUCCESS, its NFT minted and offered. Were it recorded "Not
 * minted", the user would do what the report invites: mint the row again.
 */
it('a mint the ledger applied is not recorded "Not minted" on the word of the server in use', async () => {
  const world = await startMintWorld({ proxied: true })
  const minter = world.minter.classicAddress
  const request: MintRequest = {
    kind: 'mint',
    skipMetadataCheck: true,
    terms: TERMS,
    rows: rows(3, 'result', (i) => world.recipients[i]!.classicAddress),
  }
  const target = convertStringToHex(request.rows[1]!.uri)
  const lie = rewriteMintMeta(world.proxy, minter, (meta, txJson) =>
    txJson.URI === target ? { ...meta, TransactionResult: 'tecNO_PERMISSION' } : meta,
  )
  const run = await runMint(world, request)
  expect(lie.rewritten).toBeGreaterThan(0)
  expect(run.items[1]!.status, 'row 2 is not recorded failed').not.toBe('failed')
  await expectCaught(world, run, /disagree on row 2's transaction .*tecNO_PERMISSION/)
}, 90_000)

/**
 * Attack (d): the server in use holds row 2's signed mint back (answers tesSUCCESS, never relays
 * it) and, asked about it, shows it validated tesSUCCESS. The honest second server has no such
 * transaction: the attempt died unproven, and is signed again with its number (which the liar
 * holds again, until the job pauses naming it).
 */
it('a row recorded succeeded is on the ledger (a held-back mint shown validated by the server in use)', async () => {
  const world = await startMintWorld({ proxied: true })
  const request: MintRequest = {
    kind: 'mint',
    skipMetadataCheck: true,
    terms: TERMS,
    rows: rows(3, 'held', (i) => world.recipients[i]!.classicAddress),
  }
  const target = convertStringToHex(request.rows[1]!.uri)
  const held = new Map<string, string>()
  const swallowed = new Set<unknown>()
  world.proxy.hooks = {
    request: (req) => {
      if (req.command !== 'submit' || typeof req.tx_blob !== 'string') return req
      const tx = decode(req.tx_blob) as Json
      if (tx.TransactionType !== 'NFTokenMint' || tx.URI !== target) return req
      held.set(hashes.hashSignedTx(req.tx_blob), req.tx_blob)
      swallowed.add(req.id)
      return { id: req.id, command: 'ping' }
    },
    reply: async (reply, req) => {
      if (swallowed.delete(req.id)) {
        return { ...reply, result: { engine_result: 'tesSUCCESS', accepted: true, applied: true } }
      }
      const blob =
        req.command === 'tx' ? held.get(String(req.transaction).toUpperCase()) : undefined
      return blob ? fakeTxReply(reply, blob, await validatedLedger(world.client)) : reply
    },
  }
  const run = await runMint(world, request)
  expect(held.size).toBeGreaterThan(0)
  // Every held blob's LastLedgerSequence passes: it can never apply any more.
  const lls = Math.max(...[...held.values()].map((b) => decode(b).LastLedgerSequence as number))
  await settled(
    () => validatedLedger(world.client),
    (v) => v > lls,
    'the held mint expired',
  )
  expect(run.items[1]!.status, 'row 2 is not recorded succeeded').not.toBe('succeeded')
  await expectCaught(world, run, /took this job's transactions 4 times/)
}, 90_000)

/** rippled's scramble of a taxon by a serial (an involution: it also unscrambles). */
function scramble(taxon: number, serial: number): number {
  return (taxon ^ ((Math.imul(384_160_001, serial) + 2459) >>> 0)) >>> 0
}

/**
 * Attack (e): pre-flight counts "at most one NFT page per 16 NFTs". That holds for an account with
 * no NFTs; an account that holds NFTs already has pages that may be full, and each mint landing in
 * a full page splits it: a new page, a new owner reserve. Here the minter's earlier collection
 * fills 16 pages of 32, and each of the job's 16 NFTs (one page at most, says the plan) falls in another one (where an NFT goes is
 * fixed by its issuer's serial and taxon, known before the job). No attacker needed: any minter
 * with a collection behind it.
 */
it('a mint locks no more reserve than its plan said (an account whose NFT pages are full)', async () => {
  const world = await startMintWorld()
  const { h, client } = world
  const minter = world.minter.classicAddress
  const ledger = h.sb.ledger
  const K = 16
  const size = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  const mint = (taxon: number) => {
    const r = submitInProcess(ledger, world.minter, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: taxon,
      Flags: 0x08,
    })
    expect(r.engine_result).toBe('tesSUCCESS')
  }
  // The first mint sets FirstNFTokenSequence; burnt, it leaves no NFT behind.
  mint(0)
  await h.sb.ledgerAccept()
  const [first] = (await nftsOf(client, minter)).keys()
  expect(
    submitInProcess(ledger, world.minter, { TransactionType: 'NFTokenBurn', NFTokenID: first! })
      .engine_result,
  ).toBe('tesSUCCESS')
  await h.sb.ledgerAccept()
  const root = await accountRoot(client, minter)
  let serial = root.FirstNFTokenSequence! + root.MintedNFTokens!
  // The job's NFTs come after the 32·K of the collection: their order key (scrambled taxon) is known.
  const jobKeys = Array.from({ length: K }, (_, j) =>
    scramble(TERMS.taxon, serial + 32 * K + j),
  ).sort((a, b) => a - b)
  expect(new Set(jobKeys).size).toBe(K)
  // The collection: page p holds 32 NFTs keyed jobKeys[p] (ordered among them by serial, below
  // the job's), so the job's NFT j falls into page j, full.
  const mintKeyed = (key: number, n: number) => {
    for (let i = 0; i < n; i++) mint(scramble(key, serial++))
  }
  const keyOf = (q: number) => jobKeys[Math.min(q, K - 1)]!
  mintKeyed(keyOf(0), 16)
  mintKeyed(keyOf(1), 16)
  for (let p = 0; p + 2 <= K; p++) {
    mintKeyed(keyOf(p + 2), 1) // the last page splits: page p keeps its 16
    mintKeyed(keyOf(p), 16) // page p full
    mintKeyed(keyOf(p + 2), 15) // the last page full again
    await h.sb.ledgerAccept()
  }
  ledger.expectedLedgerSize = size
  await h.sb.ledgerAccept()
  const pages = await client.request({
    command: 'account_objects',
    account: minter,
    type: 'nft_page',
    ledger_index: 'validated',
  })
  const fill = (pages.result.account_objects as unknown as { NFTokens: unknown[] }[]).map(
    (p) => p.NFTokens.length,
  )
  expect(fill, 'the collection: full pages').toEqual(Array<number>(K).fill(32))

  const info = await client.request({ command: 'server_info' })
  const incDrops = BigInt(
    Math.round(info.result.info.validated_ledger!.reserve_inc_xrp * 1_000_000),
  )
  const before = (await accountRoot(client, minter)).OwnerCount
  const { plan, job } = await runMint(world, {
    kind: 'mint',
    skipMetadataCheck: true,
    terms: TERMS,
    rows: rows(K, 'pages'),
  })
  expect(job.status).toBe('completed')
  const after = await settled(
    () => accountRoot(client, minter),
    (r) => (r.MintedNFTokens ?? 0) === 1 + 32 * K + K,
    'the job’s NFTs validated',
  )
  expect(
    BigInt(after.OwnerCount - before) * incDrops,
    `reserve locked (drops) against the plan's ${plan.reserveChangeDrops}`,
  ).toBeLessThanOrEqual(BigInt(plan.reserveChangeDrops))
}, 60_000)

/**
 * Attack (f): a scammer's manifest names a marketplace's broker as a row's recipient. An airdrop or
 * a listing at 0 to a broker is refused by pre-flight (MARKETPLACE_PRICE: the broker could take the
 * NFT for nothing); a mint straight into the same offer is the same gift.
 */
it("pre-flight refuses a mint's free offer to a marketplace's broker, as an airdrop's", async () => {
  const world = await startMintWorld()
  const broker = MARKETPLACES.find((m) => m.networks.includes('sandbox'))!
  const genesis = Wallet.fromSeed(world.h.sb.genesis.seed)
  expect(
    submitInProcess(world.h.sb.ledger, genesis, {
      TransactionType: 'Payment',
      Destination: broker.broker,
      Amount: '100000000',
    }).engine_result,
  ).toBe('tesSUCCESS')
  await settled(
    () =>
      world.client
        .request({ command: 'account_info', account: broker.broker, ledger_index: 'validated' })
        .then(
          () => true,
          () => false,
        ),
    Boolean,
    'the broker funded',
  )
  // The airdrop of an NFT the minter holds to the broker: refused.
  expect(
    submitInProcess(world.h.sb.ledger, world.minter, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 0,
      Flags: 0x08,
    }).engine_result,
  ).toBe('tesSUCCESS')
  const [nftId] = (
    await settled(
      () => nftsOf(world.client, world.minter.classicAddress),
      (nfts) => nfts.size === 1,
      'the NFT minted',
    )
  ).keys()
  const airdrop = await world.engine.planJob({
    kind: 'airdrop',
    distribution: [{ address: broker.broker, count: 1 }],
    nftIds: [nftId!],
    randomize: false,
  })
  expect(airdrop.problems.map((p) => [p.code, p.itemIndex])).toEqual([['MARKETPLACE_PRICE', 0]])
  // The same gift made by the mint itself.
  const plan = await world.engine.planJob({
    kind: 'mint',
    skipMetadataCheck: true,
    terms: TERMS,
    rows: [
      { uri: 'ipfs://bafybroker/1.json', recipient: broker.broker },
      { uri: 'ipfs://bafybroker/2.json', recipient: world.recipients[0]!.classicAddress },
    ],
  })
  expect(plan.problems.map((p) => [p.code, p.itemIndex])).toEqual([['MARKETPLACE_PRICE', 0]])
}, 60_000)

/**
 * Attack (a) through an external wallet: it signs the mints it is asked for, submits its own copies
 * and never answers the app (the wait ends: paused). Resumed with a wallet that answers, the run
 * must take each copy on the ledger as its row's execution, not mint it again with a new number.
 */
it('a wallet that submitted its own copies of the mints: resumed, no row is minted twice', async () => {
  const world = await startMintWorld({ approvalTimeoutMs: 1_500 })
  const { engine, client, minter } = world
  const connection = {
    wallet: 'crossmark' as const,
    account: minter.classicAddress,
    publicKey: minter.publicKey,
  }
  const copies: string[] = []
  await engine.connectApprover(
    connection,
    scriptedApprover(minter, [
      {
        do: 'submitOwn',
        submit: async (blob) => {
          copies.push(blob)
          return client.request({ command: 'submit', tx_blob: blob })
        },
      },
    ]),
  )
  const request: MintRequest = {
    kind: 'mint',
    skipMetadataCheck: true,
    terms: TERMS,
    rows: rows(3, 'copies', (i) => world.recipients[i]!.classicAddress),
  }
  const plan = await engine.planJob(request)
  expect(plan.problems).toEqual([])
  await engine.startJob(plan.jobId)
  await eventually(
    () => Promise.resolve(copies.length),
    (n) => n === 3,
    'the wallet signed and submitted its copies',
  )
  await settled(
    () => urisOnLedger(client, minter.classicAddress),
    (m) => m.size === 3,
    "the wallet's copies validated",
  )
  // No answer comes: the wait ends (paused for the wallet), unless the runner found the copies
  // first. Never a pause for a number the server "cannot show" the user of.
  const first = await jobFinished(world.h.db, plan.jobId, 60_000)
  expect(first.status === 'completed' || first.pausedBy === 'approval', first.notice).toBe(true)
  // The copies count as the mints: found by the paused job's runner, or else on Resume, with the
  // wallet answering now.
  await engine.connectApprover(connection, scriptedApprover(minter, []))
  if ((await readJob(world.h.db, plan.jobId))?.status !== 'completed') {
    // The paused runner may find the copies and end the job meanwhile: a start refused for that
    // is the same outcome.
    await engine.startJob(plan.jobId).catch((error: unknown) => {
      if (!String(error).includes('completed and cannot be started')) throw error
    })
  }
  const job = await jobFinished(world.h.db, plan.jobId, 60_000)
  const items = await readItems(world.h.db, plan.jobId)
  expect(job.status).toBe('completed')
  const held = await nftsOf(client, minter.classicAddress)
  const counts = await urisOnLedger(client, minter.classicAddress)
  expect(request.rows.map((r) => counts.get(r.uri) ?? 0)).toEqual([1, 1, 1])
  for (const item of items) expect(held.get(item.mintedNftId!)).toBe(mintUri(item))
  // The wallet's copies are the rows' executions.
  const executed = items.map((i) => i.attempts.find((a) => a.final === 'tesSUCCESS')?.hash)
  expect(new Set(executed)).toEqual(new Set(copies.map((b) => hashes.hashSignedTx(b))))
}, 60_000)

/**
 * Attack (a) through the plan: the same manifest planned twice (a double click, a re-import after
 * a tab crashed mid-mint). An airdrop's NFT is held by one unfinished job at most (TAKEN); a mint's
 * rows have no NFT yet, and nothing else ties them: both jobs start and each row is minted twice.
 */
it('a manifest planned twice while the first job is unfinished: no row is minted twice', async () => {
  const world = await startMintWorld()
  const minter = world.minter.classicAddress
  const request: MintRequest = {
    kind: 'mint',
    skipMetadataCheck: true,
    terms: TERMS,
    rows: rows(3, 'twice'),
  }
  const first = await world.engine.planJob(request)
  const second = await world.engine.planJob(request)
  expect(first.problems).toEqual([])
  const started: string[] = []
  for (const plan of [first, second]) {
    // A start refused (the rows held by the other job) is the safe answer too.
    const ok = await world.engine.startJob(plan.jobId).then(
      () => true,
      () => false,
    )
    if (ok) started.push(plan.jobId)
  }
  for (const jobId of started) await jobFinished(world.h.db, jobId, 60_000)
  const counts = await urisOnLedger(world.client, minter)
  expect(
    request.rows.map((r) => [r.uri, counts.get(r.uri) ?? 0]),
    'NFTs on the ledger per row',
  ).toEqual(request.rows.map((r) => [r.uri, 1]))
}, 60_000)

/**
 * Not an attack: the network's second server lags, and has each mint validated only some time after
 * the server in use shows it (here: it answers "not validated yet" the first two times it is asked
 * about each). Every result still counts once it confirms them, each row its own NFT, and the
 * second server is asked again with the ledgers, not left to the slow polls.
 */
it('a second server that lags confirms each mint once it has it: the job completes, each row its own NFT', async () => {
  const world = await startMintWorld()
  const minter = world.minter.classicAddress
  const lagging = await startProxy(world.h.sb.url)
  const asked = new Map<string, number>()
  lagging.hooks = {
    reply: (reply, request) => {
      if (request.command !== 'tx' || !reply.result) return reply
      const hash = String(request.transaction)
      const n = (asked.get(hash) ?? 0) + 1
      asked.set(hash, n)
      return n <= 2 ? { ...reply, result: { ...reply.result, validated: false } } : reply
    },
  }
  await world.engine.dispose()
  const base = buildNetworks({})
  const networks = {
    ...world.h.networks,
    sandbox: {
      ...base.sandbox,
      ...world.h.networks.sandbox,
      endpoints: [world.h.sb.url, lagging.url],
    },
  }
  world.engine = world.h.reopen({ networks, jobs: world.jobs })
  await world.engine.connect('sandbox')
  await world.engine.connectWallet({ kind: 'familySeed', secret: world.minter.seed! })
  try {
    const { job, items } = await runMint(world, {
      kind: 'mint',
      skipMetadataCheck: true,
      terms: TERMS,
      rows: rows(6, 'lag', (i) => world.recipients[i % 3]!.classicAddress),
    })
    expect(job.status).toBe('completed')
    expect(asked.size).toBe(6)
    for (const n of asked.values()) expect(n).toBeGreaterThanOrEqual(3)
    const held = await nftsOf(world.client, minter)
    expect(items.map((i) => held.get(i.mintedNftId ?? ''))).toEqual(items.map(mintUri))
  } finally {
    await lagging.close()
  }
}, 60_000)
