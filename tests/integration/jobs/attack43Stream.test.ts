/**
 * Attacks on "exactly once" (docs/architecture.md §3.2) through the account stream, by the party that
 * runs the server the engine uses (a rewriting proxy in front of the sandbox that can also inject
 * stream messages) and by an external wallet that submits its own copies: the store's own no-op, a
 * wallet's held copy, and a transaction of the same key on another network, each shown validated at
 * an attempt's number, and an offer result whose metadata names another offer. Each failed before
 * the engine weighed what the stream shows as it weighs what account_tx shows (Settler.foreign) and
 * worked out its offers' ids itself (ledger/nftOfferId.ts). Not a repeat of attack43LyingServer or
 * attack43Review.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { Client, decode, encode, hashes } from 'xrpl'
import type { AccountTxRequest } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import { buildNetworks } from '../../../src/shared/networks.ts'
import { scriptedApprover } from '../../helpers/approvers.ts'
import type { Round } from '../../helpers/approvers.ts'
import { accountTxs } from '../../helpers/jobs.ts'
import type { World } from '../../helpers/faultWorld.ts'
import {
  accounts,
  connectHolder,
  holder,
  jobLimits,
  planAirdrop,
  recipients,
  startWorld,
  waitForJob,
} from '../../helpers/faultWorld.ts'
import { fundInProcess, submitInProcess } from '../../helpers/sandbox.ts'
import { eventually } from '../../helpers/poll.ts'
import { installLiar, streamMessage } from '../../helpers/lyingServer.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'

const LIMITS = { lastLedgerOffset: 6, maxInFlight: 10, approvalTimeoutMs: 1_500 }

let w: World
let proxy: Proxy
let nextNft = 0

beforeEach(async () => {
  w = await startWorld({ closeMs: 100, ...LIMITS })
  proxy = await startProxy(w.h.sb.url)
  nextNft = 0
})

afterEach(async () => {
  await proxy.close()
  await w.stop()
})

async function useProxy(others: string[] = [], limits: Partial<typeof LIMITS> = {}): Promise<void> {
  await w.engine.dispose()
  proxy.hooks = {}
  const base = buildNetworks({})
  const networks = {
    ...w.h.networks,
    sandbox: {
      ...base.sandbox,
      ...w.h.networks.sandbox,
      endpoints: [proxy.url, ...others],
      clioEndpoints: [proxy.url],
    },
  }
  w.engine = w.h.reopen({ networks, jobs: jobLimits({ ...LIMITS, ...limits }) })
  await w.engine.connect('sandbox')
  await connectHolder(w.engine)
  expect((await w.engine.getNetworkStatus()).endpoint).toBe(proxy.url)
}

function takeNfts(n: number): string[] {
  const ids = w.nftIds.slice(nextNft, nextNft + n)
  nextNft += n
  return ids
}

async function realSequence(): Promise<number> {
  const r = await w.client.request({
    command: 'account_info',
    account: holder,
    ledger_index: 'current',
  })
  return r.result.account_data.Sequence
}

async function validatedLedger(): Promise<number> {
  const r = await w.client.request({ command: 'ledger', ledger_index: 'validated' })
  return r.result.ledger_index
}

async function closeThrough(ledger: number): Promise<void> {
  while ((await validatedLedger()) <= ledger) await w.h.sb.ledgerAccept()
}

/** The holder's validated NFTokenCreateOffer transactions of an NFT since `fromLedger`. */
async function offersOfNft(fromLedger: number, nftId: string) {
  const txs = await accountTxs(w.client, holder, fromLedger - 1)
  return txs
    .filter((t) => {
      const j = t.tx_json as unknown as Json
      return j.TransactionType === 'NFTokenCreateOffer' && j.NFTokenID === nftId
    })
    .map((t) => ({
      hash: t.hash!,
      seq: (t.tx_json as unknown as Json).Sequence as number,
      result: (t.meta as { TransactionResult: string }).TransactionResult,
    }))
}

async function submitDirect(blob: string): Promise<string> {
  const r = await w.client.request({ command: 'submit', tx_blob: blob })
  return r.result.engine_result
}

/** Submits blobs straight to the ledger in order, closing a ledger after each. */
async function releaseInOrder(blobs: (string | undefined)[]): Promise<string[]> {
  const out: string[] = []
  for (const b of blobs) {
    if (!b) continue
    out.push(await submitDirect(b))
    await w.h.sb.ledgerAccept()
  }
  return out
}

function tesOffers(offers: { result: string }[]): number {
  return offers.filter((o) => o.result === 'tesSUCCESS').length
}

// ---------------------------------------------------------------------------------------------

/**
 * ATTACK A1. Attack 3 of attack43Review, but the store's own no-op is shown on the ACCOUNT STREAM,
 * not in account_tx. Job A signs X with N; the server holds it and makes it die unproven (X keeps
 * N) while the user pauses. Job B fills N with a no-op (a gap for B), which the server holds.
 * A resumes (the server honest about the Sequence), signs X again with N (held too), and the server
 * announces B's no-op as validated on the stream: Settler.onValidated → NumberProof.provesRival
 * checks only the signature (no ownFillers check, no second server), so X's attempt is "proven"
 * dead and X is signed with another number. The server then releases X's first offer.
 */
async function ownFillerOnStream(others: string[]): Promise<void> {
  await useProxy(others, { lastLedgerOffset: 300 })
  const [x, y] = takeNfts(2) as [string, string]
  const from = await validatedLedger()
  const liar = installLiar(proxy, holder, validatedLedger)
  let first: string | undefined
  liar.hold = (tx) => tx.Account === holder
  liar.onSubmit = (tx, blob) => {
    if (tx.NFTokenID === x && !first) first = blob
  }
  const jobA = await planAirdrop(w, [x], [recipients[3]!])
  await w.engine.startJob(jobA)
  await eventually(
    () => Promise.resolve(first),
    (b) => b !== undefined,
    "X's offer submitted",
  )
  await w.engine.pauseJob(jobA)
  liar.hidden.add(hashes.hashSignedTx(first!))
  liar.ledgerAhead = 400
  await eventually(
    () => readItems(w.h.db, jobA),
    (items) => items[0]!.status === 'pending',
    "X's attempt dead unproven",
  )
  await waitForJob(w, jobA, ['paused'], 30_000)
  const n = decode(first!).Sequence as number
  liar.ledgerAhead = 0
  liar.hidden.clear()

  let b1: string | undefined
  let filler: string | undefined
  liar.onSubmit = (tx, blob) => {
    if (tx.NFTokenID === y && !b1) b1 = blob
    if (tx.TransactionType === 'AccountSet' && tx.Sequence === n && !filler) {
      filler = blob
      liar.shown.push(blob)
      if (b1) liar.shown.push(b1)
      liar.fakeSeq = n + 2
      liar.lying = true
    }
  }
  const jobB = await planAirdrop(w, [y], [recipients[4]!])
  await w.engine.startJob(jobB)
  await waitForJob(w, jobB, ['completed', 'paused', 'failed'], 30_000)
  expect(filler, "job B filled A's number with a no-op").toBeDefined()
  // The server is honest again about the Sequence and shows nothing made up in tx/account_tx.
  liar.lying = false
  liar.shown = []

  let again: string | undefined
  let resigned: { seq: number; blob: string } | undefined
  liar.onSubmit = (tx, blob) => {
    if (tx.NFTokenID !== x) return
    if (tx.Sequence === n && blob !== first && !again) {
      again = blob
      // X is in flight again with N: announce B's (held) no-op as validated with N.
      setTimeout(() => {
        void validatedLedger().then((l) => proxy.inject(streamMessage(filler!, l)))
      }, 100)
    }
    if (tx.Sequence !== n && !resigned) resigned = { seq: tx.Sequence as number, blob }
  }
  await w.engine.startJob(jobA)
  await eventually(
    () => Promise.resolve(resigned),
    (r) => r !== undefined,
    'X signed again with another number (or not)',
    { timeoutMs: 20_000 },
  ).catch(() => undefined)
  liar.hold = () => false
  // The attacker's pay-off: X's first offer (N), B's offer (N+1), then whatever X got later.
  await releaseInOrder([first, b1, resigned?.blob])
  await new Promise((r) => setTimeout(r, 1_500))
  const offersX = await offersOfNft(from, x)
  expect(tesOffers(offersX), 'validated offers of X').toBeLessThanOrEqual(1)
  expect(resigned, 'X signed again with a number other than N').toBeUndefined()
}

it('A1: own no-op of another job shown on the stream (one server): X never offered twice', async () => {
  await ownFillerOnStream([])
}, 120_000)

it('A1b: own no-op of another job shown on the stream, an honest second server: X never offered twice', async () => {
  const honest = await w.h.sb.addEndpoint()
  await ownFillerOnStream([honest.url])
}, 120_000)

// ---------------------------------------------------------------------------------------------

/**
 * ATTACK A4. A transaction the account really signed and that really validated — on ANOTHER network
 * (the user's Testnet account has the same keys; Testnet's ledger is public) — with the Sequence N
 * of X's attempt. The mainnet server holds X's offer and announces that Testnet transaction on the
 * account stream. rivalProof.signedByAccount checks the signature, the account and the hash: all
 * true (mainnet and testnet transactions carry no NetworkID), so X's number counts as used and X is
 * signed with N+1; the server releases X's offer at N.
 */
async function otherNetworkRival(others: string[]): Promise<void> {
  await useProxy(others)
  const [x] = takeNfts(1) as [string]
  const from = await validatedLedger()
  const jobA = await planAirdrop(w, [x], [recipients[5]!])
  const n = await realSequence()

  // "Testnet": another ledger, where the same account (same key) did its own things up to N.
  const testnet = await startSandbox({ port: 0, closeMs: 0 })
  let rivalBlob: string
  try {
    const key = accounts.holder
    fundInProcess(testnet.ledger, 1_000, key)
    const tc = new Client(testnet.url)
    await tc.connect()
    const seqOf = async () =>
      (await tc.request({ command: 'account_info', account: holder, ledger_index: 'current' }))
        .result.account_data.Sequence
    let s = await seqOf()
    expect(s, 'the account on the other network is behind N').toBeLessThanOrEqual(n)
    while (s < n) {
      const r = submitInProcess(testnet.ledger, key, { TransactionType: 'AccountSet' })
      expect(r.engine_result).toBe('tesSUCCESS')
      await testnet.ledgerAccept()
      s = await seqOf()
    }
    const r = submitInProcess(testnet.ledger, key, {
      TransactionType: 'AccountSet',
      Sequence: n,
    })
    expect(r.engine_result).toBe('tesSUCCESS')
    await testnet.ledgerAccept()
    const request: AccountTxRequest = {
      command: 'account_tx',
      account: holder,
      ledger_index_min: -1,
      ledger_index_max: -1,
      forward: false,
      limit: 1,
      api_version: 2,
    }
    const txs = await tc.request(request)
    const entry = (txs.result as unknown as { transactions: Json[] }).transactions[0]!
    expect((entry.tx_json as Json).Sequence).toBe(n)
    expect(entry.validated).toBe(true)
    // The blob as validated there (public on that network).
    const txJson = { ...(entry.tx_json as Json) }
    for (const f of ['hash', 'ctid', 'date', 'ledger_index', 'inLedger']) delete txJson[f]
    rivalBlob = encode(txJson as never)
    expect(hashes.hashSignedTx(rivalBlob)).toBe(String(entry.hash).toUpperCase())
    await tc.disconnect()
  } finally {
    await testnet.stop()
  }

  const liar = installLiar(proxy, holder, validatedLedger)
  let first: string | undefined
  let resigned: { seq: number; blob: string } | undefined
  liar.hold = (tx, blob) => tx.NFTokenID === x && (first === undefined || blob === first)
  liar.onSubmit = (tx, blob) => {
    if (tx.NFTokenID !== x) return
    if (!first) {
      first = blob
      expect(tx.Sequence).toBe(n)
      setTimeout(() => {
        void validatedLedger().then((l) => proxy.inject(streamMessage(rivalBlob, l)))
      }, 100)
    } else if (tx.Sequence !== n && !resigned) {
      resigned = { seq: tx.Sequence as number, blob }
    }
  }
  await w.engine.startJob(jobA)
  await eventually(
    () => Promise.resolve(resigned),
    (r) => r !== undefined,
    'X signed again with another number (or not)',
    { timeoutMs: 15_000 },
  ).catch(() => undefined)
  liar.hold = () => false
  await releaseInOrder([first, resigned?.blob])
  await new Promise((r) => setTimeout(r, 1_500))
  const offersX = await offersOfNft(from, x)
  expect(tesOffers(offersX), 'validated offers of X').toBeLessThanOrEqual(1)
  expect(resigned, 'X signed again with a number other than N').toBeUndefined()
}

it('A4: a transaction of the account from another network shown as the rival (one server): X never offered twice', async () => {
  await otherNetworkRival([])
}, 120_000)

it('A4b: the same through the stream with an honest second server: X never offered twice', async () => {
  const honest = await w.h.sb.addEndpoint()
  await otherNetworkRival([honest.url])
}, 120_000)

// ---------------------------------------------------------------------------------------------

/**
 * ATTACK A2 (a loss, not a double). The wallet submits its own copy of X's offer to the attacker's
 * server, which keeps it; the app's wait ends (X reserved at N). Resumed, X is signed with N again
 * (approved) and held. The server announces the wallet's first copy as validated on the stream:
 * IntentCopies.executedElsewhere records it as X's execution with no second server asked, although
 * one is on the network (the doc: "a copy a wallet submitted … count[s] only with a second server's
 * word where the network has one"). Both blobs are then dropped: X succeeded on paper, never offered.
 */
it('A2: a held wallet copy announced on the stream, an honest second server: not recorded as executed', async () => {
  const honest = await w.h.sb.addEndpoint()
  await useProxy([honest.url])
  const [x] = takeNfts(1) as [string]
  const from = await validatedLedger()
  const liar = installLiar(proxy, holder, validatedLedger)
  let walletCopy: string | undefined
  const script: Round[] = [
    { do: 'submitOwn', submit: (blob) => Promise.resolve(void (walletCopy = blob)) },
  ]
  await w.engine.connectApprover(
    { wallet: 'crossmark', account: holder, publicKey: accounts.holder.publicKey },
    scriptedApprover(accounts.holder, script),
  )
  const jobA = await planAirdrop(w, [x], [recipients[6]!])
  await w.engine.startJob(jobA)
  await waitForJob(w, jobA, ['paused'], 30_000)
  // The wallet was asked with X's number kept for it (only a refusal gives it back).
  expect((await readItems(w.h.db, jobA))[0]!.reserved).toEqual(expect.any(Number))
  expect(walletCopy).toBeDefined()
  let again: string | undefined
  liar.hold = (tx) => tx.NFTokenID === x
  liar.onSubmit = (tx, blob) => {
    if (tx.NFTokenID !== x || again) return
    again = blob
    setTimeout(() => {
      void validatedLedger().then((l) => proxy.inject(streamMessage(walletCopy!, l)))
    }, 100)
  }
  await w.engine.startJob(jobA)
  await waitForJob(w, jobA, ['completed', 'paused', 'failed'], 30_000)
  const lls = Math.max(
    decode(walletCopy!).LastLedgerSequence as number,
    again ? (decode(again).LastLedgerSequence as number) : 0,
  )
  await closeThrough(lls)
  const items = await readItems(w.h.db, jobA)
  const offersX = await offersOfNft(from, x)
  if (items[0]!.status === 'succeeded') {
    expect(tesOffers(offersX), 'a succeeded item has its offer on the ledger').toBe(1)
  }
}, 120_000)

// ---------------------------------------------------------------------------------------------

/**
 * ATTACK A5. The server forges one field of a real result: the `offer_id` in the metadata of X's
 * (really validated) offer is W's live offer id (another NFT's, another job's). The item stores it
 * (Settler.finishAttempt takes meta.offer_id unchecked). Later 'Re-offer unclaimed' of X's airdrop:
 * the tracker finds "X's" offer (really W's) live, the re-offer cancels W's offer and offers X to a
 * new recipient; the server hides X's real offer from account_objects, so the last look sees none.
 * Result: X on offer to two people, W's offer cancelled by a job that was never about W.
 */
async function forgedOfferId(others: string[]): Promise<void> {
  await useProxy(others)
  const [wNft, x] = takeNfts(2) as [string, string]
  const jobW = await planAirdrop(w, [wNft], [recipients[7]!])
  await w.engine.startJob(jobW)
  expect((await waitForJob(w, jobW, ['completed', 'paused', 'failed'])).status).toBe('completed')
  const z = (await readItems(w.h.db, jobW))[0]!.offerId!
  expect(z).toBeDefined()

  let hx: string | undefined
  let hideX = false
  const forge = (meta: unknown) => ({ ...(meta as Json), offer_id: z })
  proxy.hooks = {
    request: (request) => {
      if (request.command === 'submit' && typeof request.tx_blob === 'string') {
        const tx = decode(request.tx_blob) as Json
        if (tx.NFTokenID === x && tx.TransactionType === 'NFTokenCreateOffer' && !hx)
          hx = hashes.hashSignedTx(request.tx_blob)
      }
      return request
    },
    stream: (msg) => {
      if (msg.type === 'transaction' && hx && String(msg.hash).toUpperCase() === hx)
        return { ...msg, meta: forge(msg.meta) }
      return msg
    },
    reply: (reply, request) => {
      const result = reply.result as Json | undefined
      if (!result) return reply
      if (request.command === 'tx' && hx && String(request.transaction).toUpperCase() === hx)
        return { ...reply, result: { ...result, meta: forge(result.meta) } }
      if (request.command === 'account_tx' && Array.isArray(result.transactions)) {
        const txs = (result.transactions as Json[]).map((t) =>
          hx && String(t.hash ?? (t.tx as Json | undefined)?.hash).toUpperCase() === hx
            ? { ...t, meta: forge(t.meta) }
            : t,
        )
        return { ...reply, result: { ...result, transactions: txs } }
      }
      if (
        hideX &&
        request.command === 'ledger_entry' &&
        String(request.index).toUpperCase() === z &&
        result.node
      ) {
        const node = { ...(result.node as Json), NFTokenID: x }
        return { ...reply, result: { ...result, node } }
      }
      if (
        hideX &&
        request.command === 'account_objects' &&
        request.account === holder &&
        Array.isArray(result.account_objects)
      ) {
        const objs = (result.account_objects as Json[])
          .filter((o) => o.NFTokenID !== x)
          .map((o) => (o.index === z ? { ...o, NFTokenID: x } : o))
        return { ...reply, result: { ...result, account_objects: objs } }
      }
      return reply
    },
  }
  const jobX = await planAirdrop(w, [x], [recipients[8]!])
  await w.engine.startJob(jobX)
  expect((await waitForJob(w, jobX, ['completed', 'paused', 'failed'])).status).toBe('completed')
  // The offer the job made is X's own, whatever the metadata named.
  expect((await readItems(w.h.db, jobX))[0]!.offerId).not.toBe(z)
  hideX = true
  try {
    const plan = await w.engine.planReoffer(jobX, [{ address: recipients[9]!, count: 1 }])
    await w.engine.startJob(plan.jobId)
    await waitForJob(w, plan.jobId, ['completed', 'paused', 'failed'])
  } catch {
    // A re-offer refused is safe too: what counts is the ledger below.
  }
  hideX = false
  await w.h.sb.ledgerAccept()
  const live = await w.client.requestAll({
    command: 'account_objects',
    account: holder,
    type: 'nft_offer',
    ledger_index: 'validated',
  })
  const offers = live.flatMap(
    (p) =>
      p.result.account_objects as unknown as {
        index: string
        NFTokenID: string
        Destination?: string
      }[],
  )
  const ofX = offers.filter((o) => o.NFTokenID === x)
  const zLive = offers.some((o) => o.index === z)
  expect(ofX.length, 'live sell offers of X').toBeLessThanOrEqual(1)
  expect(zLive, "W's offer, never part of the re-offer, is still live").toBe(true)
}

it('A5: a forged offer_id in a real offer result (one server): a re-offer never leaves an NFT on offer twice', async () => {
  await forgedOfferId([])
}, 120_000)

it('A5b: the same with an honest second server on the network', async () => {
  const honest = await w.h.sb.addEndpoint()
  await forgedOfferId([honest.url])
}, 120_000)
