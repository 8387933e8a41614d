/**
 * offerOutcomes: what a validated transaction of the holder's account stream says of the NFT offers
 * it removed (accepted by the recipient, or gone without a transfer).
 */
import { describe, expect, it } from 'vitest'
import type { TransactionStream } from 'xrpl'

import { GONE_KEPT } from '../../src/worker/airdrop/acceptance/acceptanceLedger.ts'
import {
  OutcomeBacklog,
  offerOutcomes,
} from '../../src/worker/airdrop/acceptance/acceptanceStream.ts'

const OFFER = 'ab'.repeat(32)
const OTHER = 'cd'.repeat(32)

function streamed(
  type: string,
  result = 'tesSUCCESS',
  deleted: { type: string; index: string }[] = [{ type: 'NFTokenOffer', index: OFFER }],
  validated = true,
): TransactionStream {
  return {
    type: 'transaction',
    validated,
    ledger_index: 77,
    tx_json: { TransactionType: type },
    meta: {
      TransactionResult: result,
      AffectedNodes: [
        { ModifiedNode: { LedgerEntryType: 'AccountRoot', LedgerIndex: OTHER } },
        ...deleted.map((d) => ({ DeletedNode: { LedgerEntryType: d.type, LedgerIndex: d.index } })),
      ],
    },
  } as unknown as TransactionStream
}

describe('offerOutcomes', () => {
  it('a successful NFTokenAcceptOffer: accepted, in its ledger, the id upper-cased', () => {
    expect(offerOutcomes(streamed('NFTokenAcceptOffer'))).toEqual([
      { offerId: OFFER.toUpperCase(), ledgerIndex: 77, state: 'accepted' },
    ])
  })

  it('a cancel: gone, the NFT stayed; a burn: gone, burned; others: gone, named', () => {
    expect(offerOutcomes(streamed('NFTokenCancelOffer'))[0]).toMatchObject({
      state: 'gone',
      detail: GONE_KEPT,
    })
    expect(offerOutcomes(streamed('NFTokenBurn'))[0]).toMatchObject({
      state: 'gone',
      detail: 'The NFT was burned',
    })
    expect(offerOutcomes(streamed('AccountDelete'))[0]?.detail).toContain('AccountDelete')
  })

  it('an accept that failed but removed an expired offer: gone, not accepted', () => {
    expect(offerOutcomes(streamed('NFTokenAcceptOffer', 'tecEXPIRED'))[0]?.state).toBe('gone')
  })

  it('every offer a transaction removed; nothing else; nothing unvalidated', () => {
    const many = [
      { type: 'NFTokenOffer', index: OFFER },
      { type: 'DirectoryNode', index: OTHER },
      { type: 'NFTokenOffer', index: OTHER },
    ]
    expect(offerOutcomes(streamed('NFTokenCancelOffer', 'tesSUCCESS', many))).toHaveLength(2)
    expect(offerOutcomes(streamed('Payment', 'tesSUCCESS', []))).toEqual([])
    expect(offerOutcomes(streamed('NFTokenAcceptOffer', 'tesSUCCESS', undefined, false))).toEqual(
      [],
    )
  })
})

describe('OutcomeBacklog', () => {
  const outcome = (n: number, ledgerIndex: number) => ({
    offerId: n.toString(16).padStart(64, '0'),
    ledgerIndex,
    state: 'accepted' as const,
  })

  it('hands kept outcomes back with new ones; drops those 20 ledgers older than the newest', () => {
    const backlog = new OutcomeBacklog()
    backlog.keep([outcome(1, 100), outcome(2, 130)])
    expect(backlog.size).toBe(1)
    const next = backlog.with([outcome(3, 131)])
    expect(next.map((o) => o.ledgerIndex)).toEqual([130, 131])
    backlog.keep([])
    expect(backlog.size).toBe(0)
  })
})
