/**
 * What a validated transaction on the account's stream did to its NFTs and offers, read from the
 * transaction and its metadata alone (no ledger request): an NFT that left (sold, an airdrop offer
 * accepted, burned), one that arrived (bought, minted), and how many sell and buy offers the account
 * owns were created or removed. The engine follows the connected account's stream (one subscription
 * per connection) so that the collection and the footer follow the ledger without a reload, and
 * without re-reading lists on every transaction.
 */
import type { TransactionStream } from 'xrpl'

import { isRecord } from '../../shared/isRecord.ts'
import type { AccountActivity } from '../contract/collection.ts'
import { AccountSubscription } from '../ledger/accountSubscription.ts'

/** lsfSellNFToken: an NFTokenOffer that sells. */
const SELL_FLAG = 0x1

interface OfferNode {
  kind: 'created' | 'deleted'
  owner: string
  nftId: string
  sell: boolean
}

/** The NFTokenOffer objects a transaction created or deleted, with their owner, NFT and kind. */
function offerNodes(meta: Record<string, unknown>): OfferNode[] {
  const nodes = Array.isArray(meta.AffectedNodes) ? meta.AffectedNodes : []
  return nodes.flatMap((wrapper): OfferNode[] => {
    if (!isRecord(wrapper)) return []
    const created = wrapper.CreatedNode
    const deleted = wrapper.DeletedNode
    const node = isRecord(created) ? created : isRecord(deleted) ? deleted : null
    if (!node || node.LedgerEntryType !== 'NFTokenOffer') return []
    const fields = isRecord(created) ? node.NewFields : node.FinalFields
    if (!isRecord(fields)) return []
    const { Owner: owner, NFTokenID: nftId, Flags: flags } = fields
    if (typeof owner !== 'string' || typeof nftId !== 'string') return []
    return [
      {
        kind: isRecord(created) ? 'created' : 'deleted',
        owner,
        nftId: nftId.toUpperCase(),
        sell: typeof flags === 'number' && (flags & SELL_FLAG) !== 0,
      },
    ]
  })
}

/**
 * Who gave and who took the NFT of an accepted offer: the seller owns the sell offer (or accepts a
 * buy offer), the buyer owns the buy offer (or accepts a sell offer); a broker accepts both.
 */
function transfers(offers: readonly OfferNode[], acceptor: string) {
  const deleted = offers.filter((o) => o.kind === 'deleted')
  const byNft = new Map<string, { seller: string; buyer: string }>()
  for (const offer of deleted) {
    const other = deleted.find((o) => o.nftId === offer.nftId && o.sell !== offer.sell)
    const seller = offer.sell ? offer.owner : (other?.owner ?? acceptor)
    const buyer = offer.sell ? (other?.owner ?? acceptor) : offer.owner
    byNft.set(offer.nftId, { seller, buyer })
  }
  return byNft
}

/**
 * What `tx` did to `account`'s NFTs and offers; null when it did nothing to them or is not
 * validated.
 */
export function accountActivity(tx: TransactionStream, account: string): AccountActivity | null {
  if (!tx.validated || !isRecord(tx.meta)) return null
  const json = (tx.tx_json ?? tx.transaction) as unknown
  if (!isRecord(json)) return null
  // A failed transaction moves no NFT, but its metadata may still delete offers (an accept that
  // fails with tecEXPIRED removes the expired offers: fixExpiredNFTokenOfferRemoval).
  const succeeded = tx.meta.TransactionResult === 'tesSUCCESS'
  const type = json.TransactionType
  const sender = typeof json.Account === 'string' ? json.Account : ''
  const nodes = offerNodes(tx.meta)
  const left: string[] = []
  const arrived: string[] = []
  if (succeeded && type === 'NFTokenAcceptOffer') {
    for (const [nftId, { seller, buyer }] of transfers(nodes, sender)) {
      if (seller === account && buyer !== account) left.push(nftId)
      if (buyer === account && seller !== account) arrived.push(nftId)
    }
  } else if (succeeded && type === 'NFTokenBurn' && typeof json.NFTokenID === 'string') {
    // The holder burns its own; an issuer may burn a burnable NFT someone else holds (Owner).
    const holder = typeof json.Owner === 'string' ? json.Owner : sender
    if (holder === account) left.push(json.NFTokenID.toUpperCase())
  } else if (succeeded && type === 'NFTokenMint' && sender === account) {
    // A mint puts the NFT in the minter's pages (an authorized minter mints for the Issuer, to itself).
    const minted = tx.meta.nftoken_id
    if (typeof minted === 'string') arrived.push(minted.toUpperCase())
  }
  const offers = { sell: 0, buy: 0 }
  for (const node of nodes) {
    if (node.owner !== account) continue
    offers[node.sell ? 'sell' : 'buy'] += node.kind === 'created' ? 1 : -1
  }
  if (left.length === 0 && arrived.length === 0 && offers.sell === 0 && offers.buy === 0) {
    return null
  }
  return { account, ledgerIndex: tx.ledger_index ?? 0, by: sender, left, arrived, offers }
}

/** The connected account's stream, as the changes it made (see AccountSubscription). */
export class AccountStream extends AccountSubscription {
  constructor(onActivity: (activity: AccountActivity) => void) {
    super((tx, account) => {
      const activity = accountActivity(tx, account)
      if (activity) onActivity(activity)
    })
  }
}
