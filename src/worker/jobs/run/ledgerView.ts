/**
 * The ledger as a job run last read it, and how it is read: the validated ledger's index, the
 * account's Sequence there and in the open ledger, and the server's fee facts.
 */
import type { Client } from 'xrpl'

import { inLane } from '../../ledger/pacedClient.ts'
import { MAX_LAG_LEDGERS } from '../../network/serverHealth.ts'
import { log } from '../../../shared/log.ts'
import { feeFacts } from './pace.ts'
import type { Pace } from './pace.ts'

/** The ledger as the runner last read it (all from one validated ledger, except `accountSeq`). */
export interface LedgerView {
  /** The latest validated ledger index. */
  validated: number
  /** The account's Sequence in the validated ledger. */
  validatedAccountSeq: number
  /** The account's Sequence in the open ledger. */
  accountSeq: number
  /** The open ledger's index, when read (a server whose validated ledger lags still has it right). */
  current?: number
}

/** Open ledger minus validated ledger beyond which a server has stopped following the network. */
const LAGGING_GAP = MAX_LAG_LEDGERS + 2
/**
 * How far the open ledger's account Sequence is taken ahead of the validated one beyond the attempts
 * in flight: none. A server that claims more would have the runner sign with numbers of its choosing
 * (and record them for good); another app's transactions in the open ledger only cost an attempt
 * that meets tefPAST_SEQ, then is proven dead by their signature and signed again.
 */
const MAX_OPEN_AHEAD = 0

/** What reading the view needs besides the client and the account. */
export interface ViewReading {
  /** The view read before (its validated index stays when the server gives none). */
  previous: LedgerView
  /** Attempts in flight: how far the open ledger's Sequence may be ahead of the validated one. */
  inFlight: number
  /** Told the server's fee facts. */
  pace: Pick<Pace, 'noteFee'>
  /** The server in use, as logs name it. */
  server: () => string
  /** Told when the server's validated ledger lags its own open ledger (it stopped following). */
  serverLags?: (ledgers: number) => void
}

/**
 * Reads the validated ledger's index and the account's Sequence there and in the open ledger, and
 * the server's `fee` (the open ledger's size, the fee it asks): three requests side by side, one
 * round trip. The open ledger's Sequence is taken no further than MAX_OPEN_AHEAD allows.
 */
export async function readLedgerView(
  client: Client,
  account: string,
  reading: ViewReading,
): Promise<LedgerView> {
  const [validated, current, fee] = await Promise.all([
    // The job's own reads: first in the endpoint's queue, with its submits.
    client.request(inLane('job', { command: 'account_info', account, ledger_index: 'validated' })),
    client.request(inLane('job', { command: 'account_info', account, ledger_index: 'current' })),
    client.request(inLane('job', { command: 'fee' })),
  ])
  reading.pace.noteFee(feeFacts(fee.result))
  const open = current.result.ledger_current_index
  const closed = validated.result.ledger_index
  if (open !== undefined && closed !== undefined && open - closed > LAGGING_GAP) {
    reading.serverLags?.(open - closed)
  }
  const validatedAccountSeq = validated.result.account_data.Sequence
  const plausible = validatedAccountSeq + reading.inFlight + MAX_OPEN_AHEAD
  const claimed = current.result.account_data.Sequence
  if (claimed > plausible) {
    log.warn(
      `jobs: ${reading.server()} says the account's Sequence is ${String(claimed)} in the open ledger, ${String(claimed - validatedAccountSeq)} past the validated one: not taken`,
    )
  }
  return {
    validated: validated.result.ledger_index ?? reading.previous.validated,
    validatedAccountSeq,
    accountSeq: Math.min(claimed, plausible),
    current: current.result.ledger_current_index,
  }
}
