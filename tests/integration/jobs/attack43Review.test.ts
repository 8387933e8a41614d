/**
 * Security review: attacks on the job engine's "exactly once" (docs/architecture.md §3.2) by the
 * server the engine uses (a rewriting proxy in front of the sandbox, its only endpoint) and by an
 * external wallet (scriptedApprover). Each test asserts the SAFE behaviour: a failing test is a
 * proven weakness.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { decode, hashes } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
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
import { installLiar } from '../../helpers/lyingServer.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { eventually } from '../../helpers/poll.ts'

const LIMITS = { lastLedgerOffset: 6, maxInFlight: 10, approvalTimeoutMs: 1_500 }

let w: World
let proxy: Proxy
/** Which of the world's NFTs the next test takes. */
let nextNft = 0

// A fresh ledger and store per attack: numbers left held by one attack's lies do not leak into the
// next one.
beforeEach(async () => {
  w = await startWorld({ closeMs: 100, ...LIMITS })
  proxy = await startProxy(w.h.sb.url)
  nextNft = 0
})

afterEach(async () => {
  await proxy.close()
  await w.stop()
})

/** Reopens the engine on a network whose only (used) server is the proxy, `others` behind it. */
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

async function connectApprover(script: Round[]) {
  const approver = scriptedApprover(accounts.holder, script)
  await w.engine.connectApprover(
    { wallet: 'crossmark', account: holder, publicKey: accounts.holder.publicKey },
    approver,
  )
  return approver
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

/** Closes ledgers until the validated one is past `ledger`. */
async function closeThrough(ledger: number): Promise<void> {
  while ((await validatedLedger()) <= ledger) await w.h.sb.ledgerAccept()
}

async function itemsOf(jobId: string) {
  return (await readItems(w.h.db, jobId)).map((i) => ({
    status: i.status,
    result: i.result,
    reserved: i.reserved,
    attempts: i.attempts.map((a) => ({
      seq: a.sequence,
      hash: a.hash,
      final: a.final,
      rival: a.rival,
      lls: a.lastLedgerSequence,
    })),
  }))
}

/**
 * Attack 1. Job A (external wallet) asks the wallet to sign X's offer with N; the wallet signs and
 * submits its copy to the attacker's server, which holds it; the app's wait ends (job A paused, X
 * reserved at N). Job B of the same account (another NFT Y) is then signed with N too (the
 * reservation is not in JobRow.highestSequence, and B knows nothing of A's items). The server holds
 * B's offer and shows it validated at N (a real signature by the account): A, resumed, takes it as
 * proof that N is used, and signs X again with N+1. The server then releases the wallet's copy of X.
 */
async function reservedNumberTakenByAnotherJob(others: string[]): Promise<void> {
  await useProxy(others)
  const [x, y] = takeNfts(2) as [string, string]
  const from = await validatedLedger()
  const n = await realSequence()
  const liar = installLiar(proxy, holder, validatedLedger)
  let walletCopy: string | undefined
  await connectApprover([
    {
      do: 'submitOwn',
      submit: (blob) => {
        walletCopy = blob
        liar.held.set(hashes.hashSignedTx(blob), blob)
        return Promise.resolve()
      },
    },
  ])
  const jobA = await planAirdrop(w, [x], [recipients[0]!])
  await w.engine.startJob(jobA)
  await waitForJob(w, jobA, ['paused'], 30_000)
  const [itemA] = await readItems(w.h.db, jobA)
  expect(itemA!.reserved).toBe(n)
  expect(walletCopy).toBeDefined()

  liar.hold = (tx) => tx.NFTokenID === y
  const jobB = await planAirdrop(w, [y], [recipients[1]!])
  let bSeq: number | undefined
  liar.onSubmit = (tx, blob) => {
    if (tx.NFTokenID === y && bSeq === undefined) {
      bSeq = tx.Sequence as number
      liar.shown.push(blob)
      liar.fakeSeq = (tx.Sequence as number) + 1
      liar.lying = true
    }
  }
  await w.engine.startJob(jobB)
  await waitForJob(w, jobB, ['completed', 'paused', 'failed'], 30_000)

  let resigned: number | undefined
  liar.hold = () => false
  liar.onSubmit = (tx) => {
    if (tx.NFTokenID !== x || resigned !== undefined) return
    resigned = tx.Sequence as number
    setTimeout(() => {
      liar.lying = false
      void w.client.request({ command: 'submit', tx_blob: walletCopy! })
    }, 50)
  }
  await w.engine.startJob(jobA)
  await waitForJob(w, jobA, ['completed', 'paused', 'failed'], 30_000)
  liar.lying = false
  await new Promise((r) => setTimeout(r, 2_000))
  const offersX = await offersOfNft(from, x)
  await offersOfNft(from, y)
  expect(
    offersX.filter((o) => o.result === 'tesSUCCESS').length,
    'validated offers of X',
  ).toBeLessThanOrEqual(1)
  // Rule 1: the number the wallet was asked to sign X with is never signed for another intent.
  expect(bSeq, "job B's intent signed with job A's reserved number").not.toBe(n)
}

describe("attack 1: a number reserved for a wallet is signed for another job's intent", () => {
  it('one lying server: X is never offered twice', async () => {
    await reservedNumberTakenByAnotherJob([])
  }, 60_000)

  it('with a second, honest server on the network: X is never offered twice', async () => {
    const honest = await w.h.sb.addEndpoint()
    await reservedNumberTakenByAnotherJob([honest.url])
  }, 60_000)
})

/**
 * Attack 2. The wallet submits its copy of X's offer to the attacker's server, which holds it and
 * never relays it; the app's wait ends (paused, X reserved at N). On Resume the server reports the
 * account's Sequence N+1 and lists the (genuinely signed) copy as validated in account_tx:
 * usedWhileAway records it as X's execution. The copy's LastLedgerSequence then passes: X was never
 * offered, yet recorded succeeded. A second, honest server is on the network.
 */
it("attack 2: a held wallet copy shown validated is not recorded as the intent's execution", async () => {
  const honest = await w.h.sb.addEndpoint()
  await useProxy([honest.url])
  const [x] = takeNfts(1) as [string]
  const from = await validatedLedger()
  const n = await realSequence()
  const liar = installLiar(proxy, holder, validatedLedger)
  let walletCopy: string | undefined
  await connectApprover([
    { do: 'submitOwn', submit: (blob) => Promise.resolve(void (walletCopy = blob)) },
  ])
  const jobA = await planAirdrop(w, [x], [recipients[2]!])
  await w.engine.startJob(jobA)
  await waitForJob(w, jobA, ['paused'], 30_000)
  const reserved = (await readItems(w.h.db, jobA))[0]!.reserved!
  expect(reserved).toBeGreaterThanOrEqual(n)
  liar.shown.push(walletCopy!)
  liar.fakeSeq = reserved + 1
  liar.lying = true
  await w.engine.startJob(jobA)
  await waitForJob(w, jobA, ['completed', 'paused', 'failed'], 30_000)
  liar.lying = false
  // The copy can never apply any more.
  const lls = decode(walletCopy!).LastLedgerSequence as number
  await closeThrough(lls)
  await w.client.request({ command: 'submit', tx_blob: walletCopy! })
  const offersX = await offersOfNft(from, x)
  const items = await itemsOf(jobA)
  if (items[0]!.status === 'succeeded') {
    expect(
      offersX.map((o) => o.result),
      'a succeeded item has its offer on the ledger',
    ).toEqual(['tesSUCCESS'])
  }
}, 60_000)

/**
 * Attack 3. Job A (key) signs X's offer with N; the server holds it, then says its validated ledger
 * is far ahead and that the offer is in none of its ledgers: the attempt dies unproven (X keeps N),
 * while the user paused the job. Job B of the same account signs Y with N+1 and a no-op filler with
 * N (a gap for it). The server holds both and shows them validated. Resumed, A looks up who used N
 * (usedWhileAway): the store's own filler, which settleUsed would only take with another server's
 * word, is taken as proof; X is signed with N+2. The server releases X's first offer, then B's.
 */
it("attack 3: the store's own held no-op, shown validated, does not free a paused intent's number", async () => {
  await useProxy([], { lastLedgerOffset: 300 })
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
  const paused = await eventually(
    () => readItems(w.h.db, jobA),
    (items) => items[0]!.status === 'pending',
    "X's attempt dead unproven",
  )
  await waitForJob(w, jobA, ['paused'], 30_000)
  const n = decode(first!).Sequence as number
  liar.ledgerAhead = 0
  liar.hidden.clear()
  expect(paused[0]!.attempts.map((a) => [a.sequence, a.final])).toEqual([[n, 'dead']])

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

  let resigned: number | undefined
  liar.hold = () => false
  liar.onSubmit = (tx) => {
    if (tx.NFTokenID !== x || resigned !== undefined) return
    resigned = tx.Sequence as number
    setTimeout(() => {
      liar.lying = false
      void (async () => {
        await w.client.request({ command: 'submit', tx_blob: first! })
        if (b1) await w.client.request({ command: 'submit', tx_blob: b1 })
      })()
    }, 50)
  }
  await w.engine.startJob(jobA)
  await waitForJob(w, jobA, ['completed', 'paused', 'failed'], 30_000)
  liar.lying = false
  await new Promise((r) => setTimeout(r, 2_000))
  const offersX = await offersOfNft(from, x)
  expect(
    offersX.filter((o) => o.result === 'tesSUCCESS').length,
    'validated offers of X',
  ).toBeLessThanOrEqual(1)
}, 60_000)
