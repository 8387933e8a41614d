/**
 * The world of one chaos run (see chaosRun.ts): its sandbox and durable store (the Node store `xnm`
 * uses: IndexedDB journaled to SQLite, shared across processes), a Testnet stand-in, a
 * fresh holder with the NFTs it needs minted straight into the ledger, funded recipients, and the
 * open engines (tabs of the app) connected with the holder.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Client, Wallet, encodeAccountID, encodeSeed, xrpToDrops } from 'xrpl'

import { openDurableStore } from '../../src/node/store/durableStore.ts'
import type { DurableStore } from '../../src/node/store/durableStore.ts'
import { processLocks } from '../../src/node/store/processLocks.ts'

import type { Random } from '../../src/sandbox/demo/catalogRandom.ts'
import { TF_TRANSFERABLE } from '../../src/sandbox/demo/catalogTypes.ts'
import { DemoSubmitter } from '../../src/sandbox/demo/submitter.ts'
import { GENESIS_SEED, startSandbox } from '../../src/sandbox/index.ts'
import type { Sandbox, SandboxLedger } from '../../src/sandbox/index.ts'
import type { NetworkConfig, NetworkId } from '../../src/shared/networks.ts'
import type { Engine } from '../../src/worker/engine.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import type { World } from '../helpers/faultWorld.ts'
import { sleep } from '../helpers/faultWorld.ts'

/** An open engine: a tab of the app on the run's IndexedDB. */
export interface Tab {
  engine: Engine
  /** The second tab of a `second tab opened` fault; `closeAtNext`: it closes at the next point. */
  second: boolean
  closeAtNext: boolean
}

/** The sandbox's submit faults a run arms (counters, consumed by submits in order). */
export type SubmitFault = 'loseSubmits' | 'dropSubmitReplies'

export interface ChaosWorld {
  /** The harness (sandbox, IndexedDB) as the jobs fault tests know it; `client` is for the checks. */
  w: World
  /** The Testnet stand-in: another sandbox on which the holder exists too. */
  other: Sandbox
  holder: Wallet
  recipients: string[]
  nftIds: string[]
  networks: Readonly<Record<NetworkId, NetworkConfig>>
  limits: { maxInFlight: number; lastLedgerOffset: number }
  /** The open tabs; the first one started the job. */
  tabs: Tab[]
  /**
   * The durable store the tabs share (as a browser profile's IndexedDB), in `storeDir`: an `xnm`
   * process can take the job over from it (the `cli killed` fault), with the holder's secret in
   * `secretFile`.
   */
  store: DurableStore
  storeDir: string
  secretFile: string
  /** The account locks' folder the tabs and the `xnm` process share. */
  lockDir: string
  /** Lost submits and dropped replies armed so far, per fault (FIFO: the sandbox's counters). */
  armed: Record<SubmitFault, number>
  deferred: { index: number; key: SubmitFault; before: number }[]
  stop(): Promise<void>
}

/** Recipients per run: each gets several offers of a 200-item job. */
const RECIPIENTS = 30

export async function openWorld(
  random: Random,
  items: number,
  limits: ChaosWorld['limits'],
  closeMs: number,
): Promise<ChaosWorld> {
  const other = await startSandbox({ port: 0, closeMs })
  const dir = mkdtempSync(join(tmpdir(), 'xnm-chaos-'))
  const storeDir = join(dir, 'store')
  const store = await openDurableStore(storeDir)
  const h = await startEngineHarness(
    // A generous expected ledger size: the faults are the point here, not fee escalation.
    { closeMs, expectedLedgerSize: 1000 },
    // tsx has no import.meta.env: this build offers every network, the Sandbox too.
    { jobs: limits, db: store.db, locks: processLocks(store, 'chaos tab', join(dir, 'locks')) },
  ).catch(async (e: unknown) => {
    await other.stop()
    throw e
  })
  await h.engine.dispose()
  const client = new Client(h.sb.url)
  const stop = async () => {
    if (client.isConnected()) await client.disconnect()
    await h.stop()
    await other.stop()
    await store.close()
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    const fixture = buildFixture(h.sb.ledger, random, items)
    // The holder exists on the other network too: a switch there connects the same wallet.
    fund(other.ledger, [fixture.holder.classicAddress], 1000)
    // A sandbox stands in for Testnet: it reports no Testnet network id, so none is checked.
    const testnet = {
      ...h.networks.testnet,
      endpoints: [other.url],
      clioEndpoints: [other.url],
      networkId: undefined,
    }
    const secretFile = join(dir, 'secret')
    writeFileSync(secretFile, fixture.holder.seed!, { mode: 0o600 })
    const cw: ChaosWorld = {
      w: { h: { ...h, db: store.db }, engine: h.engine, client, nftIds: fixture.nftIds, stop },
      store,
      storeDir,
      secretFile,
      lockDir: join(dir, 'locks'),
      other,
      ...fixture,
      networks: { ...h.networks, testnet },
      limits,
      tabs: [],
      armed: { loseSubmits: 0, dropSubmitReplies: 0 },
      deferred: [],
      stop,
    }
    cw.tabs.push({ engine: await openEngine(cw), second: false, closeAtNext: false })
    return cw
  } catch (e) {
    await stop()
    throw e
  }
}

/**
 * A fresh holder (ed25519: the sandbox checks secp256k1 signatures in JavaScript, on the engine's
 * thread) with `items` transferable NFTs, and funded recipients, built straight into the ledger.
 */
function buildFixture(ledger: SandboxLedger, random: Random, items: number) {
  const bytes = (n: number) => Uint8Array.from({ length: n }, () => Math.floor(random() * 256))
  const holder = Wallet.fromSeed(encodeSeed(bytes(16), 'ed25519'))
  const recipients = Array.from({ length: RECIPIENTS }, () => encodeAccountID(bytes(20)))
  fund(ledger, [holder.classicAddress], 10_000)
  fund(ledger, recipients, 50)
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    const s = new DemoSubmitter(ledger)
    const mint = { TransactionType: 'NFTokenMint', NFTokenTaxon: 1, Flags: TF_TRANSFERABLE }
    const hashes = Array.from({ length: items }, () => s.submit(holder, mint))
    const metas = s.close()
    const nftIds = hashes.map((x) => (metas.get(x) as { nftoken_id?: string }).nftoken_id!)
    return { holder, recipients, nftIds }
  } finally {
    ledger.expectedLedgerSize = expected
  }
}

/**
 * Pays `xrp` from the genesis account to each address, in one ledger closed at once (addresses, not
 * wallets: the recipients have no keys, so tests/helpers/sandbox.ts's fundInProcess does not fit).
 */
function fund(ledger: SandboxLedger, to: readonly string[], xrp: number): void {
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    const s = new DemoSubmitter(ledger)
    const genesis = Wallet.fromSeed(GENESIS_SEED)
    for (const address of to) {
      s.submit(genesis, {
        TransactionType: 'Payment',
        Destination: address,
        Amount: xrpToDrops(xrp),
      })
    }
    s.close()
  } finally {
    ledger.expectedLedgerSize = expected
  }
}

/** A new engine on the run's IndexedDB (a tab opened or reopened), connected with the holder. */
export async function openEngine(cw: ChaosWorld): Promise<Engine> {
  const engine = cw.w.h.reopen({ networks: cw.networks, jobs: cw.limits })
  await ready(cw, engine)
  return engine
}

/**
 * The engine on `network` with the holder's wallet. A dropped connection may meet this very step:
 * the user tries again, as here; the connection status decides, not connect()'s answer (see
 * jobsResume.test.ts).
 */
export async function ready(cw: ChaosWorld, engine: Engine, network: NetworkId = 'sandbox') {
  for (let tries = 1; ; tries++) {
    try {
      await engine.connect(network).catch(() => undefined)
      const deadline = Date.now() + 10_000
      while ((await engine.getNetworkStatus()).state !== 'connected') {
        if (Date.now() > deadline) throw new Error(`no connection to ${network}`)
        await sleep(10)
      }
      const wallet = await engine.getWallet()
      if (wallet?.address !== cw.holder.classicAddress || wallet.network !== network)
        await engine.connectWallet({ kind: 'familySeed', secret: cw.holder.seed! })
      return
    } catch (e) {
      if (tries === 5) throw e
      await sleep(50)
    }
  }
}

/** Closes the tabs `which` picks (as their tabs close: whatever they run is resumed elsewhere). */
export async function closeTabs(cw: ChaosWorld, which: (t: Tab) => boolean): Promise<void> {
  const closing = cw.tabs.filter(which)
  cw.tabs = cw.tabs.filter((t) => !which(t))
  await Promise.all(closing.map((t) => t.engine.dispose()))
}

/** Waits (bounded) until `n` more ledgers are validated on the run's sandbox. */
export async function ledgers(cw: ChaosWorld, n: number): Promise<void> {
  const ledger = cw.w.h.sb.ledger
  const target = ledger.validated.header.ledger_index + n
  const deadline = Date.now() + 10_000 + n * 1_000
  while (ledger.validated.header.ledger_index < target && Date.now() < deadline) await sleep(5)
}
