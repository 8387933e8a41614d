/**
 * submit_multisigned (rippled transactionSubmitMultiSigned): a transaction in JSON with its Signers,
 * checked, put in rippled's signer order, encoded and submitted as `submit` would. The server signs
 * nothing: every signature comes with the request.
 */
import { encode, isValidClassicAddress } from 'xrpl'
import { compareAccountIds, keylet } from '../../ledger/keylets.ts'
import { InvalidTransactionError } from '../../ledger/txDecode.ts'
import type { Handler } from '../context.ts'
import { RpcError, missingField } from '../errors.ts'
import { optionalBool } from '../params.ts'
import { txJsonV1, txJsonV2 } from '../txFormat.ts'

const SIGNER_FIELDS = ['Account', 'SigningPubKey', 'TxnSignature']

function invalid(message: string): RpcError {
  return new RpcError('invalidParams', message)
}

/** The Signers array, each element exactly a Signer with its three fields, sorted by AccountID. */
function sortedSigners(tx: Record<string, unknown>): { Signer: Record<string, string> }[] {
  const list = tx.Signers
  if (list === undefined) throw missingField('tx_json.Signers')
  if (!Array.isArray(list) || list.length === 0) {
    throw invalid('tx_json.Signers array may not be empty.')
  }
  const signers = (list as unknown[]).map((item) => {
    const keys = typeof item === 'object' && item !== null ? Object.keys(item) : []
    const signer = (item as { Signer?: unknown }).Signer
    const fields = typeof signer === 'object' && signer !== null ? signer : {}
    const ok =
      keys.length === 1 &&
      keys[0] === 'Signer' &&
      Object.keys(fields).length === SIGNER_FIELDS.length &&
      SIGNER_FIELDS.every((f) => typeof (fields as Record<string, unknown>)[f] === 'string')
    if (!ok || !isValidClassicAddress((fields as { Account: string }).Account)) {
      throw invalid('Signers array may only contain Signer entries.')
    }
    return { Signer: fields as Record<string, string> }
  })
  signers.sort((a, b) => compareAccountIds(a.Signer.Account!, b.Signer.Account!))
  for (let i = 0; i < signers.length; i++) {
    const account = signers[i]!.Signer.Account!
    if (i > 0 && account === signers[i - 1]!.Signer.Account) {
      throw invalid(`Duplicate Signers:Signer:Account entries (${account}) are not allowed.`)
    }
    if (account === tx.Account) {
      throw invalid(`A Signer may not be the transaction's Account (${account}).`)
    }
  }
  return signers
}

/** The checks rippled makes on the request before it builds the transaction, in its order. */
function checkFields(params: Record<string, unknown>, hasAccount: (a: string) => boolean) {
  const tx = params.tx_json
  if (tx === undefined) throw missingField('tx_json')
  if (typeof tx !== 'object' || tx === null || Array.isArray(tx)) {
    throw new RpcError('invalidParams', "Invalid field 'tx_json', not object.")
  }
  const json = tx as Record<string, unknown>
  if (json.Sequence === undefined) throw missingField('tx_json.Sequence')
  if (json.SigningPubKey === undefined) throw missingField('tx_json.SigningPubKey')
  if (json.SigningPubKey !== '') {
    throw invalid("When multi-signing 'tx_json.SigningPubKey' must be empty.")
  }
  if (json.TransactionType === undefined) throw missingField('tx_json.TransactionType')
  if (json.Account === undefined) {
    throw new RpcError('srcActMissing', "Missing field 'tx_json.Account'.")
  }
  if (typeof json.Account !== 'string' || !isValidClassicAddress(json.Account)) {
    throw new RpcError('srcActMalformed', "Invalid field 'tx_json.Account'.")
  }
  if (!hasAccount(json.Account)) throw new RpcError('srcActNotFound')
  // rippled fills no Fee here: the signers signed the Fee they saw.
  if (json.Fee === undefined) throw missingField('tx_json.Fee')
  if (json.TxnSignature !== undefined) throw new RpcError('signingMalformed')
  if (typeof json.Fee !== 'string' || !/^\d+$/.test(json.Fee)) {
    throw invalid('Invalid Fee field.  Fees must be specified in XRP.')
  }
  if (BigInt(json.Fee) <= 0n) throw invalid('Invalid Fee field.  Fees must be greater than zero.')
  return json
}

export const submitMultisigned: Handler = (params, { ledger, apiVersion }) => {
  const failHard = optionalBool(params, 'fail_hard') ?? false
  const json = checkFields(params, (a) => ledger.currentState.has(keylet.account(a)))
  const tx: Record<string, unknown> = { ...json, Signers: sortedSigners(json) }
  // A Payment's DeliverMax is its Amount in the binary form.
  if (tx.TransactionType === 'Payment' && tx.DeliverMax !== undefined) {
    if (tx.Amount !== undefined && JSON.stringify(tx.Amount) !== JSON.stringify(tx.DeliverMax)) {
      throw invalid("Cannot specify differing 'Amount' and 'DeliverMax'")
    }
    tx.Amount = tx.DeliverMax
    delete tx.DeliverMax
  }
  let blob: string
  try {
    blob = encode(tx as Parameters<typeof encode>[0])
  } catch (e) {
    throw invalid(`Unable to construct transaction: ${(e as Error).message}`)
  }
  try {
    const result = ledger.submitFromClient(blob, failHard)
    const { hash, ...fields } = result.tx_json
    const common = {
      tx_blob: result.tx_blob,
      engine_result: result.engine_result,
      engine_result_code: result.engine_result_code,
      engine_result_message: result.engine_result_message,
    }
    return apiVersion === 1
      ? { tx_json: { ...txJsonV1(fields), hash }, ...common }
      : { tx_json: txJsonV2(fields), hash, ...common }
  } catch (e) {
    if (!(e instanceof InvalidTransactionError)) throw e
    // rippled re-parses the transaction: signatures that do not hold are an internal error there,
    // a field its template lacks is the caller's (invalidParams, with the field named).
    if (e.exception.startsWith('fails local checks:')) {
      throw new RpcError('internal', 'Invalid signature.')
    }
    throw invalid(e.exception)
  }
}
