/**
 * The List tab's preview: the selected NFTs as the wallet's last loaded list has them, the floor of
 * every collection among them, every price by the strategy, and the totals a seller sees before
 * signing (what the issuers take, the net, the reserve the offers lock, the prices the guard holds).
 */
import { readNftSnapshot } from '../../db/nftSnapshots.ts'
import type { LedgerDb } from '../../db/schema.ts'
import { EngineError, errorMessage } from '../../shared/errors.ts'
import type { NetworkConfig } from '../../shared/networks.ts'
import type { FloorPrice, FloorProgress, ListingPreview, ListingPreviewRequest } from '../api.ts'
import { collectionKey, priceListing } from './pricing.ts'
import type { PricingNft } from './pricing.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** What the preview reads from. */
export interface PreviewDeps {
  db: LedgerDb
  network: NetworkConfig
  account: string
  /** One owner reserve, drops. */
  ownerReserveDrops: bigint
  /** A collection's floor (cached by the engine). */
  readFloor(
    issuer: string,
    taxon: number,
    onProgress: (progress: FloorProgress) => void,
  ): Promise<FloorPrice>
}

async function selectedNfts(deps: PreviewDeps, nftIds: unknown): Promise<PricingNft[]> {
  if (!Array.isArray(nftIds) || nftIds.length === 0) {
    throw new EngineError('VALIDATION', 'Please select NFTs to create offers for')
  }
  const snapshot = await readNftSnapshot(deps.db, deps.network.id, deps.account)
  const held = new Map((snapshot?.nfts ?? []).map((nft) => [nft.nftId, nft]))
  const seen = new Set<string>()
  return nftIds.map((id: unknown) => {
    const nft = typeof id === 'string' ? held.get(id.toUpperCase()) : undefined
    if (nft && seen.has(nft.nftId)) {
      throw new EngineError('VALIDATION', `NFT ${nft.nftId.slice(0, 12)}… is selected twice`)
    }
    if (nft) seen.add(nft.nftId)
    if (!nft) {
      const shown = typeof id === 'string' ? id.slice(0, 12) : String(id)
      throw new EngineError(
        'VALIDATION',
        `NFT ${shown}… is not in this wallet's list: load it again`,
      )
    }
    return nft
  })
}

/**
 * The floors of the selection's collections; none (and why) when the network has no Clio server, or
 * when a reading fails and the prices do not depend on floors.
 *
 * @param pricedByFloor - the strategy prices by the floor: a failed reading fails the preview.
 */
async function readFloors(
  deps: PreviewDeps,
  nfts: readonly PricingNft[],
  pricedByFloor: boolean,
  onProgress: (progress: FloorProgress) => void,
): Promise<{ floors: FloorPrice[]; unavailable: string | null }> {
  const collections = new Map(nfts.map((nft) => [collectionKey(nft), nft]))
  const floors: FloorPrice[] = []
  for (const { issuer, taxon } of collections.values()) {
    try {
      floors.push(await deps.readFloor(issuer, taxon, onProgress))
    } catch (error) {
      // No Clio server: prices stand without floors, and the guard falls back to its minimum. A
      // server that fails only costs the guard its floors, unless the prices are the floors.
      const noClio = error instanceof EngineError && error.code === 'VALIDATION'
      if (noClio || !pricedByFloor) {
        return { floors: [], unavailable: errorMessage(error) }
      }
      throw error
    }
  }
  return { floors, unavailable: null }
}

/**
 * Prices a listing (see EngineApi.previewListing).
 *
 * @throws EngineError `VALIDATION` as priceListing does, or for NFTs not in the wallet's list.
 */
export async function previewListing(
  deps: PreviewDeps,
  request: ListingPreviewRequest,
  onProgress: (progress: FloorProgress) => void,
): Promise<ListingPreview> {
  const nfts = await selectedNfts(deps, request.nftIds)
  const pricedByFloor = isRecord(request.strategy) && request.strategy.kind === 'floor'
  const { floors, unavailable } = await readFloors(deps, nfts, pricedByFloor, onProgress)
  const disputed = floors.find((f) => f.disagreement !== null)
  if (disputed && pricedByFloor) {
    throw new EngineError(
      'LEDGER_REJECTED',
      `The floor of collection ${disputed.issuer.slice(0, 8)}… (taxon ${disputed.taxon}) cannot be trusted: ${disputed.disagreement}. No floor-based price was made; try again later or set the prices yourself`,
    )
  }
  // A floor a second server disputes guards nothing either: the guard falls back to its minimum.
  const known = new Map<string, bigint | null>(
    floors.map((f) => [
      collectionKey(f),
      f.floorDrops === null || f.disagreement !== null ? null : BigInt(f.floorDrops),
    ]),
  )
  const weak = new Set(
    floors.filter((f) => f.thin || f.outlier !== null).map((f) => collectionKey(f)),
  )
  const { prices, seed } = priceListing(nfts, request.strategy, deps.account, known, weak)
  const sum = (pick: (p: (typeof prices)[number]) => string) =>
    String(prices.reduce((total, p) => total + BigInt(pick(p)), 0n))
  return {
    prices,
    ...(seed === undefined ? {} : { seed }),
    totalDrops: sum((p) => p.drops),
    issuerCutDrops: sum((p) => p.issuerCutDrops),
    netDrops: sum((p) => p.netDrops),
    reserveDrops: String(BigInt(prices.length) * deps.ownerReserveDrops),
    guarded: prices.filter((p) => p.guard !== null).length,
    floors,
    floorsUnavailable: unavailable,
  }
}
