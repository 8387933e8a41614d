/**
 * Offer outcomes as the holder's account stream shows them: rippled (and the sandbox) send every
 * validated transaction that touches the account, and an NFTokenOffer the holder owns that leaves
 * the ledger appears as a DeletedNode in that transaction's metadata. A successful NFTokenAcceptOffer
 * means the recipient took the NFT (an airdrop offer names them as Destination: nobody else can
 * accept it); any other deletion (a cancel, a burn of the NFT, an expired offer cleaned up by a
 * failed accept) means the offer is gone without a transfer.
 */
import type { TransactionStream } from 'xrpl'

import type { OfferStanding } from './acceptanceLedger.ts'
import { GONE_KEPT } from './acceptanceLedger.ts'
import { AccountSubscription } from '../../ledger/accountSubscription.ts'

/** One offer that left the ledger, from the stream. */
export interface StreamOutcome extends OfferStanding {
  offerId: string
  ledgerIndex: number
}

interface DeletedNode {
  DeletedNode?: { LedgerEntryType?: string; LedgerIndex?: string }
}

/** Plain words for a `gone` seen in a transaction of this type. */
function goneDetail(txType: string | undefined): string {
  if (txType === 'NFTokenCancelOffer') return GONE_KEPT
  if (txType === 'NFTokenBurn') return 'The NFT was burned'
  return `The offer left the ledger (${txType ?? 'unknown transaction'})`
}

/**
 * The NFT offers a streamed transaction removed, with what that means for each.
 *
 * @returns nothing for an unvalidated transaction or one without metadata.
 */
export function offerOutcomes(tx: TransactionStream): StreamOutcome[] {
  if (!tx.validated || !tx.meta || typeof tx.meta === 'string') return []
  const json = (tx.tx_json ?? tx.transaction) as { TransactionType?: string } | undefined
  const txType = json?.TransactionType
  const accepted = txType === 'NFTokenAcceptOffer' && tx.meta.TransactionResult === 'tesSUCCESS'
  const ledgerIndex = tx.ledger_index ?? 0
  const nodes = (tx.meta.AffectedNodes ?? []) as DeletedNode[]
  return nodes.flatMap(({ DeletedNode: node }): StreamOutcome[] => {
    if (node?.LedgerEntryType !== 'NFTokenOffer' || typeof node.LedgerIndex !== 'string') return []
    const offerId = node.LedgerIndex.toUpperCase()
    if (accepted) return [{ offerId, ledgerIndex, state: 'accepted' }]
    return [{ offerId, ledgerIndex, state: 'gone', detail: goneDetail(txType) }]
  })
}

/** The holder's stream, as the offer outcomes it shows (see AccountSubscription). */
export class OfferStream extends AccountSubscription {
  constructor(onOutcomes: (outcomes: StreamOutcome[]) => void) {
    super((tx) => {
      const outcomes = offerOutcomes(tx)
      if (outcomes.length) onOutcomes(outcomes)
    })
  }
}

/** Unmatched outcomes kept for a later match: at most this many … */
const BACKLOG_MAX = 2_000
/** … of this many ledgers (a runner stores an offer's success within a ledger or two). */
const BACKLOG_LEDGERS = 20

/**
 * Outcomes of offers the tracker did not know yet when they came: a recipient can accept before the
 * job runner has stored the offer's item as succeeded. Kept for a few ledgers, then dropped.
 */
export class OutcomeBacklog {
  private kept = new Map<string, StreamOutcome>()

  get size(): number {
    return this.kept.size
  }

  /** The kept outcomes followed by `more` (the kept ones stay until the next keep()). */
  with(more: readonly StreamOutcome[]): StreamOutcome[] {
    return [...this.kept.values(), ...more]
  }

  /** Keeps these (replacing what was kept), dropping those many ledgers older than the newest. */
  keep(outcomes: readonly StreamOutcome[]): void {
    const newest = Math.max(0, ...outcomes.map((o) => o.ledgerIndex))
    const recent = outcomes.filter((o) => o.ledgerIndex >= newest - BACKLOG_LEDGERS)
    this.kept = new Map(recent.slice(-BACKLOG_MAX).map((o) => [o.offerId, o] as const))
  }
}
