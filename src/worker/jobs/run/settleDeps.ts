/**
 * What the settling side of a run (settle.ts and the parts it makes: numberProof.ts, intentCopies.ts,
 * ownResults.ts) works with: the connected client, the network's other servers, the signer's key.
 */
import type { Client } from 'xrpl'

import type { JobItemRow } from '../../../db/types/jobItems.ts'
import type { HolderAnswer } from '../../ledger/sequenceHolder.ts'
import type { Lookup } from '../../ledger/txLookup.ts'
import type { Pace } from './pace.ts'
import type { RunnerLimits } from './submitRules.ts'

/** Another server of the job's network, asked before an attempt counts as dead (see settle). */
export interface SecondLookup {
  /** Whether the network has another endpoint than the one in use. */
  available(): boolean
  /** The other endpoints' answer about a transaction in a ledger range; undefined if none answered. */
  lookup(hash: string, minLedger: number, maxLedger: number): Promise<Lookup | undefined>
  /** Which transaction the other endpoints show using the account's number (see sequenceHolder). */
  holder(
    account: string,
    sequence: number,
    minLedger: number,
    maxLedger: number,
  ): Promise<HolderAnswer | undefined>
}

export interface SettleDeps {
  client: () => Client
  limits: RunnerLimits
  /** Told the open ledger's size and the fee the server asks, read with every view. */
  pace: Pace
  /** Other endpoints of the network; without it (or with one endpoint) one server's word decides. */
  secondLookup?: SecondLookup
  /**
   * Whether an item's own result counts only once another server of the network shows it alike
   * (ownResults.ts); without, the server that shows it decides.
   */
  confirmResults?: boolean
  /** Told when the server's validated ledger lags its own open ledger (it stopped following). */
  serverLags?: (ledgers: number) => void
  /** The address of the key that signs for the account (a rival signed by it counts). */
  keyAddress?: () => string | undefined
  /** The server in use, as the job's notice names it. */
  serverName?: () => string
  /**
   * Whether a validated transaction the runner did not sign does what the item's intent does (a
   * wallet's own copy of it): then it is the intent's execution, not a rival.
   */
  sameIntent?: (item: JobItemRow, txJson: Record<string, unknown>) => boolean
}
