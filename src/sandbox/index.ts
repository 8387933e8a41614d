/**
 * The sandbox: a local XRP Ledger (rippled's JSON API over WebSocket, on 127.0.0.1) plus, optionally,
 * its NFT metadata gateway and demo data. Tests start it in-process; `npm run sandbox` and `npm start`
 * start it from the command line.
 */
import { SandboxLedger } from './ledger/ledger.ts'
import type { LedgerFaults } from './ledger/ledger.ts'
import { loadLedgers, saveLedger } from './ledger/persistence.ts'
import { GENESIS_ADDRESS, GENESIS_SEED } from './ledger/genesis.ts'
import { RpcServer } from './rpc/server.ts'
import type { ConnectionFaults } from './rpc/server.ts'
import { startGateway } from './gateway/server.ts'
import type { Gateway } from './gateway/server.ts'
import { AUTO_ACCEPT_COUNT, demoAccounts } from './demo/accounts.ts'
import { isPopulated, populateDemo } from './demo/populate.ts'
import type { DemoSummary } from './demo/populate.ts'
import { startAutoAccept } from './demo/autoAccept.ts'

export interface SandboxOptions {
  /** WebSocket port; 0 picks a free one. Default 6006 (rippled standalone's admin port). */
  port?: number
  host?: string
  /** Close a ledger every this many ms; 0 closes only on ledger_accept. Default 1000. */
  closeMs?: number
  /** Transactions per open ledger before fee escalation and queueing. Default 200. */
  expectedLedgerSize?: number
  /** Load state from this JSON file if it exists, and save to it on every close and on stop. */
  stateFile?: string
  /** Start the metadata gateway on this port (0 = a free one); undefined = no gateway. */
  gatewayPort?: number
  gatewayLatencyMs?: number
  gatewayFailureRate?: number
  /** Create the demo accounts, collections and offers (needs the gateway), unless already there. */
  demo?: boolean
  /** With demo: also create the large holder with this many NFTs. */
  largeHolderNfts?: number
}

export interface Sandbox {
  url: string
  port: number
  ledger: SandboxLedger
  server: RpcServer
  genesis: { address: string; seed: string }
  gateway?: Gateway
  /** What the demo created (undefined without demo, or when a loaded state file already had it). */
  demo?: DemoSummary
  /** Ledger-level and connection-level fault switches. */
  faults: LedgerFaults & ConnectionFaults & { dropConnections(): void }
  /** Closes the open ledger now; resolves to the index of the ledger just closed (validated). */
  ledgerAccept(): Promise<number>
  save(file?: string): Promise<void>
  stop(): Promise<void>
}

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const closeMs = opts.closeMs ?? 1000
  const loaded = opts.stateFile ? await loadLedgers(opts.stateFile) : undefined
  const ledger = new SandboxLedger(
    { expectedLedgerSize: opts.expectedLedgerSize ?? loaded?.expectedLedgerSize },
    loaded?.ledgers,
  )
  let saving = Promise.resolve()
  const persist = () => {
    if (opts.stateFile)
      saving = saving.then(() => saveLedger(ledger, opts.stateFile!)).catch((e) => console.error(e))
  }
  const accept = () => {
    const closed = ledger.accept()
    if (closed.txs.length > 0) persist()
    return closed.header.ledger_index
  }
  const gateway =
    opts.gatewayPort === undefined
      ? undefined
      : await startGateway({
          port: opts.gatewayPort,
          host: opts.host,
          latencyMs: opts.gatewayLatencyMs,
          failureRate: opts.gatewayFailureRate,
        })
  let demo: DemoSummary | undefined
  let stopBot = () => {}
  if (opts.demo) {
    if (!gateway) throw new Error('sandbox: demo data needs the metadata gateway (gatewayPort)')
    if (!isPopulated(ledger)) {
      demo = populateDemo(ledger, {
        gatewayUrl: gateway.url,
        largeHolderNfts: opts.largeHolderNfts,
      })
      persist()
    }
    stopBot = startAutoAccept(ledger, demoAccounts().recipients.slice(0, AUTO_ACCEPT_COUNT))
  }
  const server = new RpcServer(ledger, { closeMs, startedAt: Date.now() }, accept)
  const port = await server.listen(opts.port ?? 6006, opts.host ?? '127.0.0.1')
  const timer = closeMs > 0 ? setInterval(accept, closeMs) : undefined
  const faults = combineFaults(ledger, server)
  return {
    url: `ws://${opts.host ?? '127.0.0.1'}:${port}`,
    port,
    ledger,
    server,
    genesis: { address: GENESIS_ADDRESS, seed: GENESIS_SEED },
    gateway,
    demo,
    faults,
    ledgerAccept: () => Promise.resolve(accept()),
    save: async (file) => {
      const target = file ?? opts.stateFile
      if (target) await saveLedger(ledger, target)
    },
    stop: async () => {
      if (timer) clearInterval(timer)
      stopBot()
      await server.close()
      await gateway?.stop()
      persist()
      await saving
    },
  }
}

/** One object whose properties switch both the ledger's and the server's faults. */
function combineFaults(ledger: SandboxLedger, server: RpcServer): Sandbox['faults'] {
  const l = ledger.faults
  const s = server.faults
  return {
    get loseSubmits() {
      return l.loseSubmits
    },
    set loseSubmits(v) {
      l.loseSubmits = v
    },
    get queueFullShare() {
      return l.queueFullShare
    },
    set queueFullShare(v) {
      l.queueFullShare = v
    },
    get delayMs() {
      return s.delayMs
    },
    set delayMs(v) {
      s.delayMs = v
    },
    get dropAfterMessages() {
      return s.dropAfterMessages
    },
    set dropAfterMessages(v) {
      s.dropAfterMessages = v
    },
    get dropSubmitReplies() {
      return s.dropSubmitReplies
    },
    set dropSubmitReplies(v) {
      s.dropSubmitReplies = v
    },
    dropConnections: () => server.dropConnections(),
  }
}

export { SandboxLedger, GENESIS_ADDRESS, GENESIS_SEED }
