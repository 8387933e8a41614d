/**
 * A server that lies, on a rewriting proxy (rewritingProxy.ts): it holds back submitted blobs it
 * picks (answering tesSUCCESS, never relaying them), reports an account's Sequence as it likes, and
 * shows blobs as validated by `tx`, in `account_tx` and on the stream, with made-up results. How the
 * attack tests of exactly once (docs/architecture.md §3.2) play the party that runs the server.
 */
import { decode, hashes } from 'xrpl'

import type { Json, Proxy } from './rewritingProxy.ts'

/** A made-up validated result: what a lying server answers for a blob it holds. */
export function fakeMeta(): Json {
  return {
    TransactionIndex: 0,
    TransactionResult: 'tesSUCCESS',
    AffectedNodes: [],
  }
}

/** rippled's `tx` error for a transaction in none of the ledgers searched (all of them). */
export function txnNotFound(reply: Json, request: Json): Json {
  return {
    id: reply.id,
    type: 'response',
    status: 'error',
    error: 'txnNotFound',
    error_code: 29,
    error_message: 'Transaction not found.',
    searched_all: true,
    request,
  }
}

/** A `tx` reply that shows `blob` validated in `ledger` (made up by the server). */
export function fakeTxReply(reply: Json, blob: string, ledger: number): Json {
  const txJson = decode(blob) as Json
  const hash = hashes.hashSignedTx(blob)
  return {
    id: reply.id,
    type: 'response',
    status: 'success',
    ...(reply.api_version !== undefined ? { api_version: reply.api_version } : {}),
    result: {
      tx_json: { ...txJson, ledger_index: ledger },
      ...txJson,
      hash,
      meta: fakeMeta(),
      validated: true,
      ledger_index: ledger,
    },
  }
}

/** An `account_tx` entry that shows `blob` validated in `ledger` (made up by the server). */
export function fakeAccountTxEntry(blob: string, ledger: number): Json {
  const txJson = decode(blob) as Json
  return {
    tx_json: txJson,
    tx: { ...txJson, hash: hashes.hashSignedTx(blob) },
    hash: hashes.hashSignedTx(blob),
    meta: fakeMeta(),
    validated: true,
    ledger_index: ledger,
  }
}

/**
 * A lying server: holds back the blobs `hold` picks (answering tesSUCCESS, never relaying), and,
 * while `lying` holds, reports the holder's Sequence as `fakeSeq`, and shows each blob in `shown` as
 * validated (by `tx` and in `account_tx`).
 */
export interface Liar {
  lying: boolean
  fakeSeq: number
  held: Map<string, string>
  shown: string[]
  hold: (tx: Json, blob: string) => boolean
  onSubmit: (tx: Json, blob: string) => void
  /** Hashes `tx` denies (txnNotFound, searched_all), whatever the ledger says. */
  hidden: Set<string>
  /** Added to the validated ledger's index account_info reports (a server 'ahead'). */
  ledgerAhead: number
}

export function installLiar(
  proxy: Proxy,
  account: string,
  validatedLedger: () => Promise<number>,
): Liar {
  const liar: Liar = {
    lying: false,
    fakeSeq: 0,
    held: new Map(),
    shown: [],
    hold: () => false,
    onSubmit: () => {},
    hidden: new Set(),
    ledgerAhead: 0,
  }
  const swallowed = new Set<unknown>()
  proxy.hooks = {
    request: (request) => {
      if (request.command !== 'submit' || typeof request.tx_blob !== 'string') return request
      const blob = request.tx_blob
      const tx = decode(blob) as Json
      liar.onSubmit(tx, blob)
      if (!liar.hold(tx, blob)) return request
      liar.held.set(hashes.hashSignedTx(blob), blob)
      swallowed.add(request.id)
      return { id: request.id, command: 'ping' }
    },
    reply: async (reply, request) => {
      if (swallowed.delete(request.id)) {
        return { ...reply, result: { engine_result: 'tesSUCCESS', accepted: true, applied: true } }
      }
      const result = reply.result as Json | undefined
      if (request.command === 'tx' && liar.hidden.has(String(request.transaction).toUpperCase())) {
        return txnNotFound(reply, request)
      }
      if (
        liar.ledgerAhead &&
        request.command === 'account_info' &&
        request.ledger_index === 'validated' &&
        result &&
        typeof result.ledger_index === 'number'
      ) {
        reply = {
          ...reply,
          result: { ...result, ledger_index: result.ledger_index + liar.ledgerAhead },
        }
      }
      if (!liar.lying) return reply
      if (request.command === 'account_info') {
        const r = reply.result as Json
        const data = r.account_data as Json | undefined
        if (!data || data.Account !== account) return reply
        return { ...reply, result: { ...r, account_data: { ...data, Sequence: liar.fakeSeq } } }
      }
      if (request.command === 'tx') {
        const blob = liar.shown.find(
          (b) => hashes.hashSignedTx(b) === String(request.transaction).toUpperCase(),
        )
        if (!blob) return reply
        return fakeTxReply(reply, blob, await validatedLedger())
      }
      if (request.command === 'account_tx' && request.account === account && result) {
        const txs = Array.isArray(result.transactions) ? [...(result.transactions as Json[])] : []
        const known = new Set(txs.map((t) => String(t.hash ?? (t.tx as Json | undefined)?.hash)))
        const ledger = await validatedLedger()
        for (const blob of liar.shown) {
          if (!known.has(hashes.hashSignedTx(blob))) txs.push(fakeAccountTxEntry(blob, ledger))
        }
        const { marker: _marker, ...rest } = result
        return { ...reply, result: { ...rest, transactions: txs } }
      }
      return reply
    },
  }
  return liar
}

/** A stream message that announces `blob` as validated in `ledger` (made up by the server). */
export function streamMessage(blob: string, ledger: number): Json {
  const txJson = decode(blob) as Json
  return {
    type: 'transaction',
    tx_json: { ...txJson, ledger_index: ledger },
    meta: fakeMeta(),
    hash: hashes.hashSignedTx(blob),
    ledger_index: ledger,
    ledger_hash: '00'.repeat(32),
    validated: true,
    status: 'closed',
    engine_result: 'tesSUCCESS',
    engine_result_code: 0,
    engine_result_message: 'The transaction was applied.',
  }
}
