/** tx and submit. The sandbox never signs: a submit must carry tx_blob; secrets never travel. */
import type { Handler } from '../context.ts'
import { InvalidTransactionError } from '../../ledger/ledger.ts'
import { RpcError, missingField } from '../errors.ts'
import { optionalBool, requireHash } from '../params.ts'
import { txJsonV2, validatedTx } from '../txFormat.ts'

export const tx: Handler = (params, { ledger }) => {
  const hash = requireHash(params, 'transaction')
  if (params.binary === true)
    throw new RpcError('notImpl', 'The sandbox does not serve binary transactions.')
  const rec = ledger.history.findTx(hash)
  if (rec) return validatedTx(rec)
  const pending = ledger.findPending(hash)
  if (pending) return { tx_json: txJsonV2(pending.tx), hash, validated: false }
  const ranged = params.min_ledger !== undefined && params.max_ledger !== undefined
  throw new RpcError('txnNotFound', undefined, ranged ? { searched_all: true } : {})
}

export const submit: Handler = (params, { ledger }) => {
  if (
    params.secret !== undefined ||
    params.seed !== undefined ||
    params.seed_hex !== undefined ||
    params.passphrase !== undefined ||
    params.tx_json !== undefined
  ) {
    throw new RpcError(
      'notSupported',
      'The sandbox does not sign: sign locally and submit tx_blob. Secrets never travel.',
    )
  }
  const blob = params.tx_blob
  if (blob === undefined) throw missingField('tx_blob')
  if (typeof blob !== 'string' || !/^[0-9A-Fa-f]+$/.test(blob)) {
    throw new RpcError('invalidTransaction', 'Invalid transaction blob.', {
      error_exception: 'Invalid tx_blob',
    })
  }
  const failHard = optionalBool(params, 'fail_hard') ?? false
  try {
    return { ...ledger.submit(blob.toUpperCase(), failHard) }
  } catch (e) {
    if (e instanceof InvalidTransactionError) {
      throw new RpcError('invalidTransaction', e.exception, { error_exception: e.exception })
    }
    throw e
  }
}
