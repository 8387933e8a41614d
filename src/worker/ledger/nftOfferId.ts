/**
 * An NFT offer's ledger id as rippled derives it (keylet::nftoffer: sha512-half of the 'q' space,
 * the owner's account id and the creating transaction's Sequence): the engine works out the id of an
 * offer it made instead of taking the `offer_id` a server's metadata names, which a lying server could
 * point at another offer (a re-offer or a reclaim would then cancel that one and leave this one up).
 */
import { sha512 } from '@noble/hashes/sha2.js'
import { decodeAccountID } from 'xrpl'

/** The ledger id of the NFT offer `owner` created with the transaction of Sequence `sequence`. */
export function nftOfferId(owner: string, sequence: number): string {
  const bytes = new Uint8Array(2 + 20 + 4)
  const view = new DataView(bytes.buffer)
  view.setUint16(0, 'q'.charCodeAt(0))
  bytes.set(decodeAccountID(owner), 2)
  view.setUint32(22, sequence)
  return Array.from(sha512(bytes).subarray(0, 32), (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}
