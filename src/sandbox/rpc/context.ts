/** What an RPC method handler gets: the ledger, the server's settings and the calling connection. */
import type { SandboxLedger } from '../ledger/ledger.ts'
import type { Params } from './params.ts'
import type { ServerView } from './healthFaults.ts'

/**
 * How rippled treats a connection: rippled standalone's port 6006 is an admin port (no limit
 * clamping, `ping` says role admin); a public server clamps each method's `limit` to its range.
 */
export type ServerRole = 'admin' | 'public'

export interface ServerInfoSettings {
  /** Ledger close interval in ms (0 = only on ledger_accept). */
  closeMs: number
  startedAt: number
  role: ServerRole
  /**
   * The ports the sandbox answers on, in the order they opened (server_info's `ports`, shown to an
   * admin). Servers of one sandbox share the list.
   */
  ports: { port: string; protocol: string[] }[]
}

/** The connection-scoped part a handler may use (subscriptions). */
export interface ConnectionHandle {
  readonly id: number
  streams: Set<string>
  accounts: Set<string>
  /** Accounts followed with `accounts_proposed` (their transactions as they are applied). */
  proposedAccounts: Set<string>
}

export interface RpcContext {
  ledger: SandboxLedger
  settings: ServerInfoSettings
  conn: ConnectionHandle
  /** Closes the open ledger now (ledger_accept). */
  accept(): number
  /** The request's `api_version` (rippled answers version 1 when a request names none). */
  apiVersion: 1 | 2
  /** The ledgers as this server sees them (a lagging or unsynced server sees less than the ledger has). */
  view: ServerView
  /** Whether this server meters its clients (ping's `unlimited` says the opposite). */
  metered: boolean
  /** server_info's `clio_version`, when the server answers as Clio. */
  clioVersion?: string
}

/** What reading a ledger by the request's ledger_hash / ledger_index needs. */
export type LookupContext = Pick<RpcContext, 'ledger' | 'view' | 'apiVersion'>

export type Handler = (params: Params, ctx: RpcContext) => Record<string, unknown>
