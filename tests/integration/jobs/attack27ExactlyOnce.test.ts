/**
 * Issue 27 under attack, exactly once: a Clio that forwarded a submit and then answered one of its
 * forwarding errors (timeout, failedToForward) makes the scheduler send the same blob again. Each
 * intent must still apply once, and no item that applied may end failed.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { Client } from 'xrpl'

import { readItems } from '../../../src/db/jobs.ts'
import { LedgerDb } from '../../../src/db/schema.ts'
import { demoAccounts } from '../../../src/sandbox/demo/accounts.ts'
import { startSandbox } from '../../../src/sandbox/index.ts'
import type { Sandbox } from '../../../src/sandbox/index.ts'
import { NETWORK_IDS, buildNetworks } from '../../../src/shared/networks.ts'
import { Engine } from '../../../src/worker/engine.ts'
import { jobFinished } from '../../helpers/engine.ts'
import { freeNfts, offersOf } from '../../helpers/jobs.ts'
import { startProxy } from '../../helpers/rewritingProxy.ts'
import type { Json, Proxy } from '../../helpers/rewritingProxy.ts'
import { closeLedgers } from '../../helpers/sandbox.ts'

const accounts = demoAccounts()
const holder = accounts.holder.classicAddress

let stops: (() => Promise<void> | void)[] = []
let dbCounter = 0

afterEach(async () => {
  for (const stop of stops.reverse()) await stop()
  stops = []
})

interface Setup {
  sb: Sandbox
  proxy: Proxy
  engine: Engine
  db: LedgerDb
  reader: Client
}

/** The demo ledger behind a rewriting proxy (the Clio the engine submits through). */
async function setup(): Promise<Setup> {
  const sb = await startSandbox({
    port: 0,
    closeMs: 0,
    demo: true,
    gatewayPort: 0,
    expectedLedgerSize: 1000,
  })
  stops.push(() => sb.stop())
  const proxy = await startProxy(sb.url)
  stops.push(() => proxy.close())
  const base = buildNetworks({})
  const db = new LedgerDb(`attack27x-${process.pid}-${++dbCounter}-${Date.now()}`)
  stops.push(() => db.close())
  const engine = new Engine({
    networks: {
      ...base,
      sandbox: { ...base.sandbox, endpoints: [proxy.url], clioEndpoints: [proxy.url] },
    },
    offered: NETWORK_IDS,
    db,
    timing: { backoffMinMs: 10, backoffMaxMs: 200 },
  })
  stops.push(() => engine.dispose())
  await engine.connect('sandbox')
  await engine.connectWallet({ kind: 'familySeed', secret: accounts.holder.seed! })
  const reader = new Client(sb.url)
  await reader.connect()
  stops.push(() => reader.disconnect())
  return { sb, proxy, engine, db, reader }
}

/** Clio's reply when it could not (or says it could not) hear back from the rippled it forwarded to. */
function forwardingError(reply: Json, token: string): Json {
  const { result: _result, ...rest } = reply
  return { ...rest, status: 'error', error: token, error_message: `Clio: ${token}` }
}

describe('Clio forwarded the submit, then answered a forwarding error', () => {
  for (const token of ['timeout', 'failedToForward']) {
    it(`${token}: every offer is made once and every item ends succeeded`, async () => {
      const { sb, proxy, engine, db, reader } = await setup()
      // Every blob is processed by the ledger, but its first two answers are the error: the
      // scheduler sends it again (1 s, then 2 s later), after the first copy already applied.
      const seen = new Map<string, number>()
      proxy.hooks.reply = (reply, request) => {
        if (request.command !== 'submit') return reply
        const blob = String(request.tx_blob)
        const n = (seen.get(blob) ?? 0) + 1
        seen.set(blob, n)
        return n <= 2 ? forwardingError(reply, token) : reply
      }
      const nftIds = await freeNfts(reader, holder, 6)
      const plan = await engine.planJob({
        kind: 'airdrop',
        distribution: accounts.recipients
          .slice(20, 26)
          .map((w) => ({ address: w.classicAddress, count: 1 })),
        nftIds,
        randomize: false,
      })
      expect(plan.problems).toEqual([])
      const stopClosing = closeLedgers(sb, 200)
      stops.push(stopClosing)
      await engine.startJob(plan.jobId)
      const job = await jobFinished(db, plan.jobId, 60_000)
      stopClosing()

      expect([...seen.values()].some((n) => n >= 2)).toBe(true)
      expect({ status: job.status, error: job.error ?? null, counts: job.counts }).toMatchObject({
        status: 'completed',
        error: null,
        counts: { total: 6, succeeded: 6, failed: 0 },
      })
      const offers = (await offersOf(reader, holder)).filter((o) => nftIds.includes(o.NFTokenID))
      expect(offers.map((o) => o.NFTokenID).sort()).toEqual([...nftIds].sort())
      const items = await readItems(db, plan.jobId)
      // One signature per item: nothing was signed again while its first transaction could apply.
      expect(items.map((i) => i.attempts.length)).toEqual(Array(6).fill(1))
    })
  }
})
