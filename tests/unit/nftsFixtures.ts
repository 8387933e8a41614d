/** Small NFT lists and metadata maps for the collection's pure logic. */
import type { MetadataRow } from '../../src/db/types/metadata.ts'
import type { NftItem } from '../../src/db/types/nfts.ts'

export const ISSUER_A = 'rAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA'
export const ISSUER_B = 'rBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBBB'

/** An NFT with a recognisable id (serial in hex). */
export function nft(serial: number, patch: Partial<NftItem> = {}): NftItem {
  return {
    nftId: serial.toString(16).toUpperCase().padStart(64, '0'),
    issuer: ISSUER_A,
    taxon: 1,
    serial,
    transferFee: 0,
    flags: 8,
    transferable: true,
    burnable: false,
    uri: null,
    ...patch,
  }
}

/** A metadata row of `item`. */
export function row(item: NftItem, patch: Partial<MetadataRow> = {}): MetadataRow {
  return {
    nftId: item.nftId,
    status: 'loaded',
    name: null,
    description: null,
    collection: null,
    image: null,
    attributes: [],
    fetchedAt: 1,
    sizeBytes: 10,
    ...patch,
  }
}

/** The map of the given rows. */
export function mapOf(rows: MetadataRow[]): Map<string, MetadataRow> {
  return new Map(rows.map((r) => [r.nftId, r]))
}
