/** server_info, server_state, fee, ping, random, ledger_current, ledger_closed, ledger_accept. */
import { randomBytes } from 'node:crypto'
import type { Handler, RpcContext } from '../context.ts'
import { RpcError } from '../errors.ts'
import { BASE_LEVEL } from '../../ledger/txQueue.ts'
import { openLevel } from '../../ledger/processTx.ts'
import { NETWORK_ID, feeDrops, feeXrp } from '../ledgerFields.ts'

const BUILD_VERSION = '2.4.0-sandbox'

function loadFactor(ctx: RpcContext): number {
  // rippled reports the larger of the server's load and open-ledger fee escalation in load_factor;
  // xrpl.js autofill multiplies by it.
  return Math.max(1, ctx.ledger.faults.loadFactor, openLevel(ctx.ledger) / BASE_LEVEL)
}

/**
 * rippled standalone closes a ledger on ledger_accept by simulating a consensus round, whose
 * duration it then reports as the last close's convergence time: 100 ms.
 */
const CONVERGE_MS = 100

/** The fields server_info and server_state share (server_info in human units). */
function common(ctx: RpcContext) {
  const { ledger, settings, view } = ctx
  const v = view.validated.header
  const { first } = ledger.history.range()
  const last = v.ledger_index
  const now = Date.now()
  // A blocked or unsynced server dropped to "connected" (rippled's setAmendmentBlocked, setMode).
  const state = view.serverState
  const upUs = String((now - settings.startedAt) * 1000)
  const never = { duration_us: '0', transitions: '0' }
  return {
    // rippled's getServerInfo says so only when the server is blocked.
    ...(view.amendmentBlocked ? { amendment_blocked: true } : {}),
    build_version: BUILD_VERSION,
    complete_ledgers: `${first}-${last}`,
    io_latency_ms: 1,
    jq_trans_overflow: '0',
    // An admin is shown the job queue's load; the sandbox runs no job queue.
    ...(settings.role === 'admin' ? { load: { job_types: [], threads: 1 } } : {}),
    network_id: NETWORK_ID,
    peer_disconnects: '0',
    peer_disconnects_resources: '0',
    peers: 0,
    pubkey_node: 'n9KsandboxSandboxSandboxSandboxSandboxSandboxSandboxSand',
    ...(settings.role === 'admin' ? { pubkey_validator: 'none' } : {}),
    server_state: state,
    server_state_duration_us: upUs,
    // In its state since it started: one transition, from disconnected at start.
    state_accounting: {
      connected: state === 'connected' ? { duration_us: upUs, transitions: '1' } : never,
      disconnected: { duration_us: '0', transitions: '1' },
      full: state === 'full' ? { duration_us: upUs, transitions: '1' } : never,
      syncing: never,
      tracking: never,
    },
    time: new Date(now).toISOString(),
    uptime: Math.floor((now - settings.startedAt) / 1000),
    validation_quorum: 0,
    age: view.ageSeconds,
  }
}

export const serverInfo: Handler = (_p, ctx) => {
  const { age, ...info } = common(ctx)
  const v = ctx.view.validated.header
  const admin = ctx.settings.role === 'admin'
  return {
    info: {
      ...info,
      // Clio names its version: how a client tells it from rippled.
      ...(ctx.clioVersion !== undefined ? { clio_version: ctx.clioVersion } : {}),
      hostid: 'SANDBOX',
      last_close: { converge_time_s: CONVERGE_MS / 1000, proposers: 0 },
      load_factor: loadFactor(ctx),
      // The ports this server answers on (an admin sees them, as rippled shows its configured ones).
      ...(admin ? { ports: ctx.settings.ports } : {}),
      validated_ledger: {
        age,
        ...feeXrp(ctx.ledger),
        hash: v.ledger_hash,
        seq: v.ledger_index,
      },
      ...(admin ? { validator_list: { count: 0, expiration: 'unknown', status: 'unknown' } } : {}),
    },
  }
}

export const serverState: Handler = (_p, ctx) => {
  const { age: _age, ...info } = common(ctx)
  const v = ctx.view.validated.header
  const escalation = Math.round(loadFactor(ctx) * BASE_LEVEL)
  return {
    state: {
      ...info,
      last_close: { converge_time: CONVERGE_MS, proposers: 0 },
      load_base: BASE_LEVEL,
      load_factor: escalation,
      load_factor_server: Math.round(Math.max(1, ctx.ledger.faults.loadFactor) * BASE_LEVEL),
      load_factor_fee_escalation: escalation,
      load_factor_fee_queue: BASE_LEVEL,
      load_factor_fee_reference: BASE_LEVEL,
      validated_ledger: {
        ...feeDrops(ctx.ledger),
        close_time: v.close_time,
        hash: v.ledger_hash,
        seq: v.ledger_index,
      },
      ...(ctx.settings.role === 'admin' ? { validator_list_expires: 0 } : {}),
    },
  }
}

/** rippled's minimum escalation multiplier: the median fee level the sandbox reports. */
const MEDIAN_LEVEL = 128_000

export const fee: Handler = (_p, { ledger }) => {
  const base = ledger.settings.baseFee
  return {
    current_ledger_size: String(ledger.openTxCount),
    current_queue_size: String(ledger.queueSize),
    drops: {
      base_fee: base.toString(),
      median_fee: ((BigInt(MEDIAN_LEVEL) * base) / BigInt(BASE_LEVEL)).toString(),
      minimum_fee: ledger.minimumFeeDrops().toString(),
      open_ledger_fee: ledger.openLedgerFeeDrops().toString(),
    },
    expected_ledger_size: String(ledger.expectedLedgerSize),
    ledger_current_index: ledger.currentIndex,
    levels: {
      median_level: String(MEDIAN_LEVEL),
      minimum_level: String(BASE_LEVEL),
      open_ledger_level: String(openLevel(ledger)),
      reference_level: String(BASE_LEVEL),
    },
    max_queue_size: String(ledger.maxQueueSize),
  }
}

/**
 * rippled's ping: an admin connection is told its role, and a connection whose client is not metered
 * that it is unlimited (Ping.cpp reads it from the connection's resource consumer).
 */
export const ping: Handler = (_p, { settings, metered }) =>
  settings.role === 'admin' ? { role: 'admin', ...(metered ? {} : { unlimited: true }) } : {}

/** rippled's random: 256 random bits as hex. */
export const random: Handler = () => ({
  random: randomBytes(32).toString('hex').toUpperCase(),
})

export const ledgerCurrent: Handler = (_p, { ledger }) => ({
  ledger_current_index: ledger.currentIndex,
})

export const ledgerClosed: Handler = (_p, { view }) => ({
  ledger_hash: view.validated.header.ledger_hash,
  ledger_index: view.validated.header.ledger_index,
})

/** rippled standalone's admin command: closes the open ledger now. A public server refuses it. */
export const ledgerAccept: Handler = (_p, ctx) => {
  if (ctx.settings.role !== 'admin') throw new RpcError('noPermission')
  ctx.accept()
  return { ledger_current_index: ctx.ledger.currentIndex }
}
