/**
 * The Orders tab's reading of an account's offers: its NFT offers, the NFTs it holds and the close
 * time, all from one validated ledger; the offers classified, joined with the NFTs' cached metadata
 * and with the airdrops that made them.
 */
import { rippleTimeToUnixTime } from 'xrpl'
import type { Client } from 'xrpl'

import { jobsOfOffers } from '../../db/queries/jobs.ts'
import { metadataByIds } from '../../db/queries/metadata.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { MetadataRow } from '../../db/types/metadata.ts'
import { EngineError } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type {
  OfferCounts,
  OfferFlags,
  OfferNft,
  OfferView,
  OffersProgress,
  OffersReport,
} from '../api.ts'
import { LOOKUP_CONCURRENCY, malformed, readCloseTime } from '../ledger/ledgerRequests.ts'
import { forEachPage } from '../ledger/pages.ts'
import { readAccountNfts } from '../ledger/accountNfts.ts'
import { runPool } from '../ledger/pool.ts'
import { classifyOffers, newestFirst, tiedOffers } from './offerAnalysis.ts'
import type { OfferEntry } from '../ledger/ownOffers.ts'
import { readOwnOffersAt } from '../ledger/ownOffers.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** Where the report comes from. */
export interface OffersReportDeps {
  client: Client
  db: LedgerDb
  network: NetworkId
  /** The owner reserve per ledger object, drops (0.2 XRP on mainnet). */
  ownerReserveDrops: bigint
}

/** account_tx's page size (rippled's maximum). */
const TX_PAGE_LIMIT = 400

/** A transaction of an account_tx page: its hash and its place in its ledger, if the reply says. */
function placed(entry: unknown): [string, number] | null {
  if (!isRecord(entry)) throw malformed('account_tx', 'a transaction is not an object')
  // API v2 puts the hash beside tx_json; v1 inside tx.
  const tx = isRecord(entry.tx_json) ? entry.tx_json : entry.tx
  const hash = typeof entry.hash === 'string' ? entry.hash : isRecord(tx) ? tx.hash : undefined
  const index = isRecord(entry.meta) ? entry.meta.TransactionIndex : undefined
  if (typeof hash !== 'string' || typeof index !== 'number' || !Number.isSafeInteger(index)) {
    return null
  }
  return [hash.toUpperCase(), index]
}

/**
 * Where the account's transactions of one ledger stand in it, hash → TransactionIndex: one paged
 * account_tx per ledger rather than one `tx` per offer (a batch of offers is made in few ledgers).
 *
 * @throws EngineError `LEDGER_REJECTED` for a malformed reply (a marker that repeats included).
 */
async function ledgerPositions(client: Client, account: string, ledger: number) {
  const positions = new Map<string, number>()
  const request = {
    command: 'account_tx',
    account,
    ledger_index_min: ledger,
    ledger_index_max: ledger,
    limit: TX_PAGE_LIMIT,
  } as const
  await forEachPage(client, request, (result) => {
    if (!Array.isArray(result.transactions)) throw malformed('account_tx', 'no transactions array')
    for (const entry of result.transactions) {
      const place = placed(entry)
      if (place) positions.set(...place)
    }
  })
  return positions
}

/**
 * The places of the transactions that created the tied offers, by hash. A server without those
 * ledgers' history (or with a malformed answer) leaves them unknown: the kept offer is then the one
 * with the highest id, a stable choice, and the reading goes on.
 */
async function readPositions(
  client: Client,
  account: string,
  tied: readonly OfferEntry[],
): Promise<Map<string, number>> {
  const ledgers = [...new Set(tied.map((entry) => entry.createdLedger))]
  const positions = new Map<string, number>()
  await runPool(ledgers, LOOKUP_CONCURRENCY, async (ledger) => {
    try {
      for (const [hash, index] of await ledgerPositions(client, account, ledger)) {
        positions.set(hash, index)
      }
    } catch (error) {
      if (error instanceof EngineError && error.code === 'LEDGER_REJECTED') return
      throw error
    }
  })
  return positions
}

const NO_NFT: OfferNft = { name: null, collection: null, image: null, attributes: [] }

/** The NFT as an offer shows it, from its metadata cache row (nothing when not loaded). */
export function nftOfRow(row: MetadataRow | undefined): OfferNft {
  if (!row || row.status !== 'loaded') return NO_NFT
  const { name, collection, image, attributes } = row
  return { name, collection, image, attributes }
}

function countOf(views: readonly OfferView[], flag: keyof OfferFlags): number {
  return views.reduce((n, view) => n + (view.flags[flag] ? 1 : 0), 0)
}

function isFree(view: OfferView): boolean {
  return view.amount.kind === 'xrp' && BigInt(view.amount.drops) === 0n
}

/** The Active Offers card's figures and the flags' counts. */
export function offerCounts(sell: readonly OfferView[], bids: readonly OfferView[]): OfferCounts {
  const all = [...sell, ...bids]
  const free = sell.filter(isFree).length
  return {
    total: sell.length,
    paid: sell.length - free,
    free,
    bids: bids.length,
    expired: countOf(all, 'expired'),
    unfillable: countOf(all, 'unfillable'),
    duplicate: countOf(all, 'duplicate'),
  }
}

/**
 * Reads and classifies the account's offers.
 *
 * @throws EngineError as the reads do (`NOT_FOUND`, `LEDGER_REJECTED`, `NETWORK`, `TIMEOUT`, …).
 */
export async function readOffersReport(
  deps: OffersReportDeps,
  account: string,
  onProgress: (progress: OffersProgress) => void,
): Promise<OffersReport> {
  const { client, db } = deps
  onProgress({ offers: 0, step: 'Reading offers' })
  const own = await readOwnOffersAt(client, account, (offers) =>
    onProgress({ offers, step: 'Reading offers' }),
  )
  const entries = [...own.offers.values()]
  onProgress({ offers: entries.length, step: 'Checking offers against the ledger' })
  const hasSell = entries.some((entry) => entry.sell)
  const [closeTime, held, positions] = await Promise.all([
    readCloseTime(client, own.ledgerIndex),
    hasSell
      ? readAccountNfts(client, account, () => undefined, own.ledgerIndex)
      : Promise.resolve({ nfts: [] }),
    readPositions(client, account, tiedOffers(entries)),
  ])
  const flags = classifyOffers(entries, {
    closeTime,
    heldNftIds: new Set(held.nfts.map((nft) => nft.nftId)),
    positions,
  })
  const [metadata, airdrops] = await Promise.all([
    metadataByIds(db, [...new Set(entries.map((entry) => entry.nftId))]),
    jobsOfOffers(db, [...own.offers.keys()], 'airdrop'),
  ])
  const view = (entry: OfferEntry): OfferView => ({
    offerId: entry.offerId,
    nftId: entry.nftId,
    sell: entry.sell,
    amount: entry.amount,
    destination: entry.destination,
    expiresAt: entry.expiration === null ? null : rippleTimeToUnixTime(entry.expiration),
    createdLedger: entry.createdLedger,
    flags: flags.get(entry.offerId)!,
    airdropJobId: airdrops.get(entry.offerId) ?? null,
    nft: nftOfRow(metadata.get(entry.nftId)),
  })
  const sorted = entries.sort(newestFirst(positions))
  const sell = sorted.filter((entry) => entry.sell).map(view)
  const bids = sorted.filter((entry) => !entry.sell).map(view)
  return {
    network: deps.network,
    account,
    ledgerIndex: own.ledgerIndex,
    closedAt: rippleTimeToUnixTime(closeTime),
    readAt: Date.now(),
    sell,
    bids,
    counts: offerCounts(sell, bids),
    reserveLockedDrops: String(BigInt(entries.length) * deps.ownerReserveDrops),
  }
}
