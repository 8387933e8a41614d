/** server_info, server_state, fee, ping, ledger_current, ledger_closed, ledger_accept. */
import type { Handler, RpcContext } from '../context.ts'
import { requiredLevel } from '../../ledger/txQueue.ts'

const BUILD_VERSION = '2.4.0-sandbox'

function loadFactor(ctx: RpcContext): number {
  // rippled reports open-ledger fee escalation in load_factor; xrpl.js autofill multiplies by it.
  return Math.max(1, requiredLevel(ctx.ledger.openTxCount, ctx.ledger.expectedLedgerSize) / 256)
}

function common(ctx: RpcContext) {
  const { ledger, settings } = ctx
  const v = ledger.validated.header
  const { first, last } = ledger.history.range()
  const now = Date.now()
  return {
    build_version: BUILD_VERSION,
    complete_ledgers: `${first}-${last}`,
    hostid: 'SANDBOX',
    io_latency_ms: 1,
    last_close: { converge_time_s: settings.closeMs / 1000, proposers: 0 },
    peers: 0,
    pubkey_node: 'n9KsandboxSandboxSandboxSandboxSandboxSandboxSandboxSand',
    server_state: 'full',
    time: new Date(now).toISOString(),
    uptime: Math.floor((now - settings.startedAt) / 1000),
    validation_quorum: 0,
    age: Math.max(0, Math.floor(now / 1000) - 946_684_800 - v.close_time),
  }
}

export const serverInfo: Handler = (_p, ctx) => {
  const { age, ...info } = common(ctx)
  const v = ctx.ledger.validated.header
  return {
    info: {
      ...info,
      load_factor: loadFactor(ctx),
      validated_ledger: {
        age,
        base_fee_xrp: 0.00001,
        hash: v.ledger_hash,
        reserve_base_xrp: 1,
        reserve_inc_xrp: 0.2,
        seq: v.ledger_index,
      },
    },
  }
}

export const serverState: Handler = (_p, ctx) => {
  const { age: _age, ...info } = common(ctx)
  const v = ctx.ledger.validated.header
  const escalation = Math.round(loadFactor(ctx) * 256)
  return {
    state: {
      ...info,
      load_base: 256,
      load_factor: escalation,
      load_factor_server: 256,
      load_factor_fee_escalation: escalation,
      load_factor_fee_queue: 256,
      load_factor_fee_reference: 256,
      validated_ledger: {
        base_fee: 10,
        close_time: v.close_time,
        hash: v.ledger_hash,
        reserve_base: 1_000_000,
        reserve_inc: 200_000,
        seq: v.ledger_index,
      },
    },
  }
}

export const fee: Handler = (_p, { ledger }) => {
  const openLevel = requiredLevel(ledger.openTxCount, ledger.expectedLedgerSize)
  return {
    current_ledger_size: String(ledger.openTxCount),
    current_queue_size: String(ledger.queueSize),
    drops: {
      base_fee: '10',
      median_fee: '5000',
      minimum_fee: '10',
      open_ledger_fee: ledger.openLedgerFeeDrops().toString(),
    },
    expected_ledger_size: String(ledger.expectedLedgerSize),
    ledger_current_index: ledger.currentIndex,
    levels: {
      median_level: '128000',
      minimum_level: '256',
      open_ledger_level: String(openLevel),
      reference_level: '256',
    },
    max_queue_size: String(Math.max(2000, 20 * ledger.expectedLedgerSize)),
  }
}

export const ping: Handler = () => ({})

export const ledgerCurrent: Handler = (_p, { ledger }) => ({
  ledger_current_index: ledger.currentIndex,
})

export const ledgerClosed: Handler = (_p, { ledger }) => ({
  ledger_hash: ledger.validated.header.ledger_hash,
  ledger_index: ledger.validated.header.ledger_index,
})

export const ledgerAccept: Handler = (_p, ctx) => {
  ctx.accept()
  return { ledger_current_index: ctx.ledger.currentIndex }
}
