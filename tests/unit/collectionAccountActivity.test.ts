/**
 * What a streamed transaction did to an account's NFTs and offers, read from its metadata as rippled
 * sends it (DeletedNode FinalFields, CreatedNode NewFields): the cases the sandbox test does not make
 * — a brokered sale, an issuer burning a burnable NFT another account holds, a failed transaction.
 */
import { describe, expect, it } from 'vitest'
import type { TransactionStream } from 'xrpl'

import { accountActivity } from '../../src/worker/collection/accountActivity.ts'

const ME = 'rMeMeMeMeMeMeMeMeMeMeMeMeMeMeMeMe1'
const BUYER = 'rBuyerBuyerBuyerBuyerBuyerBuyer11'
const BROKER = 'rBrokerBrokerBrokerBrokerBroker1'
const NFT = '000800006F0D5A2B1A0CA08D71B7B2F3C54E7B2A2D1F2E58C4A1F3B200000001'

function offerNode(kind: 'CreatedNode' | 'DeletedNode', owner: string, sell: boolean) {
  const fields = { Owner: owner, NFTokenID: NFT, Flags: sell ? 1 : 0, Amount: '1000000' }
  return {
    [kind]: {
      LedgerEntryType: 'NFTokenOffer',
      LedgerIndex: 'AB'.repeat(32),
      ...(kind === 'CreatedNode' ? { NewFields: fields } : { FinalFields: fields }),
    },
  }
}

function streamed(
  tx: Record<string, unknown>,
  nodes: unknown[],
  result = 'tesSUCCESS',
): TransactionStream {
  return {
    type: 'transaction',
    validated: true,
    ledger_index: 42,
    engine_result: result,
    engine_result_code: 0,
    engine_result_message: '',
    tx_json: tx,
    meta: { TransactionResult: result, TransactionIndex: 0, AffectedNodes: nodes },
  } as unknown as TransactionStream
}

describe("the account's activity from the stream", () => {
  it('a brokered sale: both offers deleted, the NFT goes from the seller to the buyer', () => {
    const tx = streamed({ TransactionType: 'NFTokenAcceptOffer', Account: BROKER }, [
      offerNode('DeletedNode', ME, true),
      offerNode('DeletedNode', BUYER, false),
    ])
    expect(accountActivity(tx, ME)).toEqual({
      account: ME,
      ledgerIndex: 42,
      by: BROKER,
      left: [NFT],
      arrived: [],
      offers: { sell: -1, buy: 0 },
    })
    expect(accountActivity(tx, BUYER)).toMatchObject({
      left: [],
      arrived: [NFT],
      offers: { sell: 0, buy: -1 },
    })
    // The broker neither gave nor took an NFT, nor owned an offer.
    expect(accountActivity(tx, BROKER)).toBeNull()
  })

  it('an issuer burning a burnable NFT the account holds', () => {
    const tx = streamed(
      { TransactionType: 'NFTokenBurn', Account: BROKER, NFTokenID: NFT, Owner: ME },
      [],
    )
    expect(accountActivity(tx, ME)).toMatchObject({ by: BROKER, left: [NFT] })
    expect(accountActivity(tx, BROKER)).toBeNull()
  })

  it('no NFT moved by a failed transaction, but the offers it deleted count; nothing unvalidated', () => {
    const nodes = [offerNode('DeletedNode', ME, true)]
    const accept = { TransactionType: 'NFTokenAcceptOffer', Account: BUYER }
    // An accept of an expired offer fails with tecEXPIRED and removes it from the ledger.
    expect(accountActivity(streamed(accept, nodes, 'tecEXPIRED'), ME)).toMatchObject({
      left: [],
      arrived: [],
      offers: { sell: -1, buy: 0 },
    })
    expect(accountActivity(streamed(accept, [], 'tecINSUFFICIENT_FUNDS'), ME)).toBeNull()
    expect(accountActivity({ ...streamed(accept, nodes), validated: false }, ME)).toBeNull()
  })

  it('an offer cancelled or made counts, with no NFT moved', () => {
    const cancel = streamed({ TransactionType: 'NFTokenCancelOffer', Account: ME }, [
      offerNode('DeletedNode', ME, true),
      offerNode('DeletedNode', ME, false),
    ])
    expect(accountActivity(cancel, ME)).toMatchObject({
      left: [],
      arrived: [],
      offers: { sell: -1, buy: -1 },
    })
    const create = streamed({ TransactionType: 'NFTokenCreateOffer', Account: ME }, [
      offerNode('CreatedNode', ME, true),
    ])
    expect(accountActivity(create, ME)).toMatchObject({ offers: { sell: 1, buy: 0 } })
  })

  it('ignores malformed nodes and transactions a server could send', () => {
    const odd = streamed({ TransactionType: 'NFTokenAcceptOffer', Account: BUYER }, [
      null,
      { DeletedNode: { LedgerEntryType: 'NFTokenOffer' } },
      { DeletedNode: { LedgerEntryType: 'NFTokenOffer', FinalFields: { Owner: 7 } } },
      'text',
    ])
    expect(accountActivity(odd, ME)).toBeNull()
    expect(accountActivity({ ...odd, tx_json: undefined }, ME)).toBeNull()
  })
})
