/** tx and submit. The sandbox never signs: a submit must carry tx_blob; secrets never travel. */
import { encode } from 'xrpl'
import type { SandboxLedger } from '../../ledger/ledger.ts'
import { InvalidTransactionError } from '../../ledger/txDecode.ts'
import type { Handler } from '../context.ts'
import { RpcError, missingField } from '../errors.ts'
import type { Params } from '../params.ts'
import { optionalBool, requireHash } from '../params.ts'
import { txJsonV1, txJsonV2, validatedTx, validatedTxBinary, validatedTxV1 } from '../txFormat.ts'

/** rippled's limit on a `tx` min_ledger..max_ledger range. */
const MAX_TX_RANGE = 1000

const isUInt32 = (v: unknown): v is number =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= 0xffffffff

/** rippled's doTxJson range checks: both bounds unsigned integers, min ≤ max, at most 1000 apart. */
function ledgerRange(params: Params): { min: number; max: number } | undefined {
  if (params.min_ledger === undefined || params.max_ledger === undefined) return undefined
  const { min_ledger: min, max_ledger: max } = params
  if (!isUInt32(min) || !isUInt32(max) || max < min) throw new RpcError('invalidLgrRange')
  if (max - min > MAX_TX_RANGE) throw new RpcError('excessiveLgrRange')
  return { min, max }
}

/** Whether every ledger of the range is one this server has (and has validated). */
function searchedAll(ledger: SandboxLedger, last: number, range: { min: number; max: number }) {
  return range.min >= ledger.history.range().first && range.max <= last
}

export const tx: Handler = (params, { ledger, apiVersion, view }) => {
  const hash = requireHash(params, 'transaction')
  const binary = optionalBool(params, 'binary') === true
  const range = ledgerRange(params)
  const last = view.validated.header.ledger_index
  const found = ledger.history.findTx(hash)
  // A lagging server has not validated the newer ledgers: their transactions are pending to it.
  const rec = found && found.ledgerIndex <= last ? found : undefined
  if (rec && binary) return validatedTxBinary(rec, apiVersion)
  if (rec) return apiVersion === 1 ? validatedTxV1(rec) : validatedTx(rec)
  const pending = found?.tx ?? ledger.findPending(hash)
  if (pending && binary) {
    const blob = encode(pending as Parameters<typeof encode>[0])
    return { ...(apiVersion === 1 ? { tx: blob } : { tx_blob: blob }), hash, validated: false }
  }
  if (pending && apiVersion === 1) return { ...txJsonV1(pending), hash, validated: false }
  if (pending) return { tx_json: txJsonV2(pending), hash, validated: false }
  const extra = range ? { searched_all: searchedAll(ledger, last, range) } : {}
  throw new RpcError('txnNotFound', undefined, extra)
}

const SIGNING_FIELDS = ['secret', 'seed', 'seed_hex', 'passphrase', 'tx_json'] as const

export const submit: Handler = (params, { ledger }) => {
  if (SIGNING_FIELDS.some((f) => params[f] !== undefined)) {
    throw new RpcError(
      'notSupported',
      'The sandbox does not sign: sign locally and submit tx_blob. Secrets never travel.',
    )
  }
  const blob = params.tx_blob
  if (blob === undefined) throw missingField('tx_blob')
  // rippled's doSubmit: a blob that is not non-empty hex → invalidParams.
  if (typeof blob !== 'string' || blob.length % 2 !== 0 || !/^[0-9A-Fa-f]+$/.test(blob))
    throw new RpcError('invalidParams')
  const failHard = optionalBool(params, 'fail_hard') ?? false
  try {
    return { ...ledger.submitFromClient(blob.toUpperCase(), failHard) }
  } catch (e) {
    if (e instanceof InvalidTransactionError) {
      throw new RpcError('invalidTransaction', e.exception, { error_exception: e.exception })
    }
    throw e
  }
}
