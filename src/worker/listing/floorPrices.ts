/**
 * The engine's floor prices: checks what it is asked, reaches a Clio server (or the ledger connection
 * when it is one), reads, and keeps each reading for a few minutes per network, collection and asking
 * account (a floor excludes the asker's own offers).
 */
import type { Client } from 'xrpl'
import { isValidClassicAddress } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import type { NetworkConfig } from '../../shared/networks.ts'
import type { FloorPrice, FloorProgress } from '../api.ts'
import type { ClioLink } from '../network/clioLink.ts'
import type { SecondRead } from '../ledger/secondRead.ts'
import { secondOpinionOnFloor } from './floorConfirmation.ts'
import { readFloorPrice } from './floorPrice.ts'

/** How long a floor price is kept. */
export const FLOOR_CACHE_MS = 5 * 60 * 1000
const MAX_TAXON = 0xffff_ffff

/** The ledger connection as the floor price needs it. */
export interface FloorConnection {
  client: Client
  /** The endpoint it is connected to. */
  endpoint: string | null
}

export class FloorPrices {
  private readonly cache = new Map<string, FloorPrice>()

  /**
   * @param clio - the engine's Clio link (its client paced by the endpoint's budget).
   * @param now - the clock of the cache.
   */
  constructor(
    private readonly clio: ClioLink,
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * A collection's floor price, from the cache when read in the last 5 minutes; with `second`, the
   * offers it rests on confirmed by another server of the network (FloorPrice.disagreement).
   *
   * @throws EngineError `VALIDATION` for an invalid issuer or taxon, or a network without Clio.
   */
  async read(
    network: NetworkConfig,
    connection: FloorConnection,
    account: string | null,
    collection: { issuer: string; taxon: number },
    onProgress: (progress: FloorProgress) => void,
    second?: SecondRead,
  ): Promise<FloorPrice> {
    const { issuer, taxon } = collection
    if (typeof issuer !== 'string' || !isValidClassicAddress(issuer)) {
      throw new EngineError('VALIDATION', `Invalid issuer address: ${String(issuer)}`)
    }
    if (!Number.isInteger(taxon) || taxon < 0 || taxon > MAX_TAXON) {
      throw new EngineError('VALIDATION', `Invalid collection taxon: ${String(taxon)}`)
    }
    const key = `${network.id}|${issuer}|${taxon}|${account ?? ''}`
    const kept = this.cache.get(key)
    if (kept && this.now() - kept.readAt < FLOOR_CACHE_MS) return kept
    const clio = await this.clio.forNetwork(network, connection)
    const { price, resting } = await readFloorPrice(
      { clio, client: connection.client, account },
      issuer,
      taxon,
      onProgress,
    )
    // The offers the floor rests on set the value of every floor-based price: one server's word on
    // them is not enough where the network has another.
    if (second?.available() && price.floorDrops !== null) {
      const floor = { drops: BigInt(price.floorDrops), thin: price.thin }
      price.disagreement = await secondOpinionOnFloor(second, resting, floor, network.name)
    }
    this.cache.set(key, price)
    return price
  }

  /** Closes the Clio connection (the engine is going away, or the network changed). */
  close(): Promise<void> {
    return this.clio.close()
  }
}
