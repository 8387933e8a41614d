/** What an RPC method handler gets: the ledger, the server's settings and the calling connection. */
import type { SandboxLedger } from '../ledger/ledger.ts'
import type { Params } from './params.ts'

export interface ServerInfoSettings {
  /** Ledger close interval in ms (0 = only on ledger_accept). */
  closeMs: number
  startedAt: number
}

/** The connection-scoped part a handler may use (subscriptions). */
export interface ConnectionHandle {
  readonly id: number
  streams: Set<string>
  accounts: Set<string>
}

export interface RpcContext {
  ledger: SandboxLedger
  settings: ServerInfoSettings
  conn: ConnectionHandle
  /** Closes the open ledger now (ledger_accept). */
  accept(): number
}

export type Handler = (params: Params, ctx: RpcContext) => Record<string, unknown>
