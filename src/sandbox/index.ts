/**
 * The sandbox: a local XRP Ledger (rippled's JSON API over WebSocket, on 127.0.0.1) plus, optionally,
 * its NFT metadata gateway and demo data. Tests start it in-process; `npm run sandbox` and `npm start`
 * start it from the command line.
 */
import { SandboxLedger } from './ledger/ledger.ts'
import type { LedgerFaults } from './ledger/ledgerFaults.ts'
import { loadLedgers, saveLedger } from './ledger/persistence.ts'
import { SaveChain } from './ledger/saveChain.ts'
import { GENESIS_ADDRESS, GENESIS_SEED } from './ledger/genesis.ts'
import { RpcServer } from './rpc/server.ts'
import type { ConnectionFaults } from './rpc/server.ts'
import type { LimitsOption } from './rpc/loadLimits.ts'
import { startGateway } from './gateway/server.ts'
import type { Gateway } from './gateway/server.ts'
import { AUTO_ACCEPT_COUNT, demoAccounts } from './demo/accounts.ts'
import { isPopulated, populateDemo } from './demo/populate.ts'
import type { DemoSummary } from './demo/populate.ts'
import { startAutoAccept } from './demo/autoAccept.ts'
import type { ServerInfoSettings, ServerRole } from './rpc/context.ts'

export interface SandboxOptions {
  /** WebSocket port; 0 picks a free one. Default 6006 (rippled standalone's admin port). */
  port?: number
  host?: string
  /** Close a ledger every this many ms; 0 closes only on ledger_accept. Default 1000. */
  closeMs?: number
  /**
   * The expected ledger size (rippled's txnsExpected): once the open ledger holds more transactions
   * than this, fees escalate and base-fee transactions queue. Default 200, a busy ledger; the CLI's default is rippled
   * standalone's 1000.
   */
  expectedLedgerSize?: number
  /**
   * Load state from this JSON file if it exists, and save to it after ledgers with transactions close
   * (at most once every 2 s) and on stop.
   */
  stateFile?: string
  /** Load state from this file and never write to it (a benchmark's prepared ledger). */
  loadFrom?: string
  /**
   * Every message to clients (replies and streams) this many ms late: a mainnet-like link (about
   * 100 ms from a phone). Default 0; `faults.delayMs` changes it while running.
   */
  replyDelayMs?: number
  /** Start the metadata gateway on this port (0 = a free one); undefined = no gateway. */
  gatewayPort?: number
  gatewayLatencyMs?: number
  gatewayFailureRate?: number
  /** Create the demo accounts, collections and offers (needs the gateway), unless already there. */
  demo?: boolean
  /** With demo: also create the large holder with this many NFTs. */
  largeHolderNfts?: number
  /**
   * 'admin' (default without `limits`) answers as rippled standalone's admin port 6006: `limit` taken
   * as asked, `ping` says role admin. 'public' (default with `limits`) answers as a public server:
   * each method clamps `limit` to its range (what the app meets on mainnet).
   */
  role?: ServerRole
  /**
   * Push back like mainnet's public servers, per client IP (all connections from 127.0.0.1 are one
   * client): 'rippled' (its Resource Manager: `warning: "load"`, then a 1008 close), 'clio' (its
   * DOSGuard: slowDown above 20 requests a second; server_info names `clio_version`), or either kind
   * with thresholds of its own and an injectable clock (see LoadLimits). They apply to the main
   * port's WebSocket and JSON-RPC, and to the public port, each server with its own accounting.
   * Default 'none'.
   */
  limits?: LimitsOption
  /**
   * Also an admin WebSocket on this port (0: a free one) on the same ledger, never limited, as
   * rippled's admin port: fund accounts and close ledgers there while a client meets the limits.
   */
  adminPort?: number
  /** Also answer rippled's JSON-RPC over HTTP on this port (0: a free one). Default: none. */
  rpcPort?: number
  /** Also a public server's WebSocket (limits clamped) on this port (0: a free one). Default: none. */
  publicPort?: number
}

export interface Sandbox {
  url: string
  /** The admin WebSocket (never limited, role admin), when `adminPort` was given. */
  adminUrl?: string
  /** JSON-RPC over HTTP, when `rpcPort` was given. */
  rpcUrl?: string
  /** The public server's WebSocket, when `publicPort` was given. */
  publicUrl?: string
  port: number
  ledger: SandboxLedger
  server: RpcServer
  genesis: { address: string; seed: string }
  gateway?: Gateway
  /** What the demo created (undefined without demo, or when a loaded state file already had it). */
  demo?: DemoSummary
  /**
   * Ledger-level and connection-level fault switches (see LedgerFaults and ConnectionFaults); they
   * apply to what clients send over the WebSocket only.
   */
  faults: LedgerFaults & ConnectionFaults & { dropConnections(): void }
  /** Closes the open ledger now; resolves to the index of the ledger just closed (validated). */
  ledgerAccept(): Promise<number>
  /**
   * Another server of the same ledger on a free port, as a network lists several rippled nodes; its
   * connection and health faults, and its load accounting, are its own. It applies the sandbox's
   * limits unless `limits` says otherwise ('none' for an unlimited one); its role follows them as
   * the main port's does. Stopped with the sandbox.
   */
  addEndpoint(options?: EndpointOptions): Promise<{
    url: string
    server: RpcServer
    faults: ConnectionFaults
  }>
  /** Saves the state now (to `file`, default the state file), after any save in progress. */
  save(file?: string): Promise<void>
  stop(): Promise<void>
}

/** What an added endpoint may do differently from the main port. */
export interface EndpointOptions {
  limits?: LimitsOption
  role?: ServerRole
}

/** A server that meters its clients answers as a public one unless told otherwise. */
const roleFor = (limits: LimitsOption | undefined, role: ServerRole | undefined): ServerRole =>
  role ?? (limits === undefined || limits === 'none' ? 'admin' : 'public')

export async function startSandbox(opts: SandboxOptions = {}): Promise<Sandbox> {
  const closeMs = opts.closeMs ?? 1000
  const limits = opts.limits
  const role = roleFor(limits, opts.role)
  const from = opts.stateFile ?? opts.loadFrom
  const loaded = from ? await loadLedgers(from) : undefined
  const ledger = new SandboxLedger(
    { expectedLedgerSize: opts.expectedLedgerSize ?? loaded?.expectedLedgerSize },
    loaded?.ledgers,
  )
  const saves = new SaveChain((file) => saveLedger(ledger, file), opts.stateFile)
  const accept = () => {
    const closed = ledger.accept()
    if (closed.txs.length > 0) saves.request()
    return closed.header.ledger_index
  }
  const gateway = await gatewayFor(opts)
  const { demo, stopBot } = startDemo(ledger, opts, gateway, saves)
  const host = opts.host ?? '127.0.0.1'
  // One list of ports for all of this sandbox's servers, in rippled's order: JSON-RPC, public, admin.
  const ports: ServerInfoSettings['ports'] = []
  const server = new RpcServer(ledger, { closeMs, startedAt: Date.now(), role, ports }, accept, {
    limits,
  })
  server.faults.delayMs = opts.replyDelayMs ?? 0
  const rpcUrl =
    opts.rpcPort === undefined
      ? undefined
      : `http://${host}:${await server.listenHttp(opts.rpcPort, host)}`
  const others: RpcServer[] = []
  let publicUrl: string | undefined
  if (opts.publicPort !== undefined) {
    const settings = { closeMs, startedAt: Date.now(), role: 'public' as const, ports }
    const pub = new RpcServer(ledger, settings, accept, { limits })
    others.push(pub)
    publicUrl = `ws://${host}:${await pub.listen(opts.publicPort, host)}`
  }
  let adminUrl: string | undefined
  if (opts.adminPort !== undefined) {
    const settings = { closeMs, startedAt: Date.now(), role: 'admin' as const, ports }
    const admin = new RpcServer(ledger, settings, accept)
    others.push(admin)
    adminUrl = `ws://${host}:${await admin.listen(opts.adminPort, host)}`
  }
  const port = await server.listen(opts.port ?? 6006, host)
  const timer = closeMs > 0 ? setInterval(() => closeOnTimer(accept), closeMs) : undefined
  return {
    url: `ws://${host}:${port}`,
    adminUrl,
    rpcUrl,
    publicUrl,
    port,
    ledger,
    server,
    genesis: { address: GENESIS_ADDRESS, seed: GENESIS_SEED },
    gateway,
    demo,
    faults: combineFaults(ledger, server),
    ledgerAccept: () => new Promise((resolve) => resolve(accept())),
    addEndpoint: async (endpoint = {}) => {
      const own = endpoint.limits ?? limits
      // Limits of its own set its role as they do the main port's; otherwise it answers as that one.
      const ownRole = endpoint.limits === undefined ? role : roleFor(own, undefined)
      const settings = { closeMs, startedAt: Date.now(), role: endpoint.role ?? ownRole, ports: [] }
      const other = new RpcServer(ledger, settings, accept, { limits: own })
      others.push(other)
      const url = `ws://${host}:${await other.listen(0, host)}`
      return { url, server: other, faults: other.faults }
    },
    save: (file) => saves.saveNow(file),
    stop: async () => {
      if (timer) clearInterval(timer)
      stopBot()
      await Promise.all([server, ...others].map((s) => s.close()))
      await gateway?.stop()
      await saves.flush()
    },
  }
}

/** The metadata gateway, when the options ask for one. */
function gatewayFor(opts: SandboxOptions): Promise<Gateway | undefined> {
  if (opts.gatewayPort === undefined) return Promise.resolve(undefined)
  return startGateway({
    port: opts.gatewayPort,
    host: opts.host,
    latencyMs: opts.gatewayLatencyMs,
    failureRate: opts.gatewayFailureRate,
  })
}

/** A ledger close on the timer: a failure is logged, never thrown out of the timer. */
function closeOnTimer(accept: () => number): void {
  try {
    accept()
  } catch (e) {
    console.error('sandbox: closing a ledger failed:', e)
  }
}

/** Creates the demo data (unless a loaded state has it) and starts the auto-accepting recipients. */
function startDemo(
  ledger: SandboxLedger,
  opts: SandboxOptions,
  gateway: Gateway | undefined,
  saves: SaveChain,
): { demo?: DemoSummary; stopBot: () => void } {
  if (!opts.demo) return { stopBot: () => {} }
  if (!gateway) throw new Error('sandbox: demo data needs the metadata gateway (gatewayPort)')
  let demo: DemoSummary | undefined
  if (!isPopulated(ledger)) {
    demo = populateDemo(ledger, { gatewayUrl: gateway.url, largeHolderNfts: opts.largeHolderNfts })
    saves.request()
  }
  const stopBot = startAutoAccept(ledger, demoAccounts().recipients.slice(0, AUTO_ACCEPT_COUNT))
  return { demo, stopBot }
}

/** One object whose properties read and switch the ledger's and the server's faults. */
function combineFaults(ledger: SandboxLedger, server: RpcServer): Sandbox['faults'] {
  const combined = { dropConnections: () => server.dropConnections() }
  const targets: Record<string, unknown>[] = [
    ledger.faults as unknown as Record<string, unknown>,
    server.faults as unknown as Record<string, unknown>,
  ]
  for (const target of targets) {
    for (const key of Object.keys(target)) {
      Object.defineProperty(combined, key, {
        enumerable: true,
        get: () => target[key],
        set: (v: unknown) => {
          target[key] = v
        },
      })
    }
  }
  return combined as Sandbox['faults']
}

export { SandboxLedger, GENESIS_ADDRESS, GENESIS_SEED }
export type { ConnectionFaults }
export type { ClioLimits, LimitsOption, LoadLimits, RippledLimits } from './rpc/loadLimits.ts'
export type { HealthFaults, Refusal, RefusalToken } from './rpc/healthFaults.ts'
export type { LoadCounters } from './rpc/loadGate.ts'
