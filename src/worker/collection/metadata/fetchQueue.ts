/**
 * The NFTs a metadata load has still to fetch, taken in order, except that the NFTs whose cards are on
 * screen (the visible set, told by the UI) go first.
 */
import type { NftItem } from '../../../db/types/nfts.ts'

export class FetchQueue {
  private readonly byId = new Map<string, NftItem>()
  private readonly order: NftItem[]
  private next = 0

  constructor(nfts: readonly NftItem[]) {
    this.order = [...nfts]
    for (const nft of nfts) this.byId.set(nft.nftId, nft)
  }

  /** NFTs not taken yet. */
  get size(): number {
    return this.byId.size
  }

  /**
   * The next NFT to fetch: the first of `visible` not taken yet, else (unless `visibleOnly`) the next
   * in order; undefined when there is none.
   */
  take(visible: Iterable<string>, visibleOnly: boolean): NftItem | undefined {
    for (const id of visible) {
      const nft = this.byId.get(id)
      if (nft) return this.remove(nft)
    }
    if (visibleOnly) return undefined
    while (this.next < this.order.length) {
      const nft = this.order[this.next++]!
      if (this.byId.has(nft.nftId)) return this.remove(nft)
    }
    return undefined
  }

  private remove(nft: NftItem): NftItem {
    this.byId.delete(nft.nftId)
    return nft
  }
}

/** An item that stands for a URI alone (MetadataService.readUris): only its key and URI are read. */
export function uriOnlyItem(key: string, uri: string): NftItem {
  const none = { issuer: '', taxon: 0, serial: 0, transferFee: 0, flags: 0 }
  return { ...none, transferable: false, burnable: false, nftId: key, uri }
}
