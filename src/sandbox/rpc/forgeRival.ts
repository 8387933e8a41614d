/**
 * The sandbox's lying-server fault: a made-up "rival" announced on an account stream, as a malicious
 * or broken server could send it. At a ledger close it claims that a no-op AccountSet of the account,
 * with the account's next Sequence (the one its oldest pending transaction uses), was validated in
 * that ledger; but it is signed by a freshly generated key that is neither the account's master nor
 * its regular key. A client that took it as proof that its own transaction with that Sequence can
 * never apply would sign the intent again while the original still validates: a double execution.
 */
import { Wallet, decode } from 'xrpl'

import type { AccountRoot } from '../ledger/entries.ts'
import type { ClosedLedger } from '../ledger/history.ts'
import { keylet } from '../ledger/keylets.ts'
import { closeTimeIso, txJsonV2 } from './txFormat.ts'

/** The stream message of a forged rival for `account` in `closed`, or null if it has no account. */
export function forgedRivalMessage(
  closed: ClosedLedger,
  account: string,
): Record<string, unknown> | null {
  const root = closed.state?.get(keylet.account(account)) as AccountRoot | undefined
  if (!root) return null
  const signed = Wallet.generate().sign({
    TransactionType: 'AccountSet',
    Account: account,
    Sequence: root.Sequence,
    Fee: '12',
  })
  const { header } = closed
  return {
    type: 'transaction',
    tx_json: {
      ...txJsonV2(decode(signed.tx_blob) as never),
      date: header.close_time,
      ledger_index: header.ledger_index,
    },
    meta: {
      AffectedNodes: [],
      TransactionIndex: closed.txs.length,
      TransactionResult: 'tesSUCCESS',
    },
    hash: signed.hash,
    ledger_index: header.ledger_index,
    ledger_hash: header.ledger_hash,
    close_time_iso: closeTimeIso(header.close_time),
    validated: true,
    status: 'closed',
    engine_result: 'tesSUCCESS',
    engine_result_code: 0,
    engine_result_message: 'The transaction was applied. Only final in a validated ledger.',
  }
}
