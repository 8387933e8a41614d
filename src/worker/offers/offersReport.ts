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
import type { MetadataRow } from '../../db/types.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type {
  OfferCounts,
  OfferFlags,
  OfferNft,
  OfferView,
  OffersProgress,
  OffersReport,
} from '../api.ts'
import {
  LOOKUP_CONCURRENCY,
  isRecord,
  readCloseTime,
  requestResult,
} from '../jobs/ledger/ledgerRequests.ts'
import { readAccountNfts } from '../nfts/accountNfts.ts'
import { runPool } from '../pool.ts'
import { classifyOffers, newestFirst, tiedOffers } from './offerAnalysis.ts'
import type { OfferEntry } from './ownOffers.ts'
import { readOwnOffersAt } from './ownOffers.ts'

/** Where the report comes from. */
export interface OffersReportDeps {
  client: Client
  db: LedgerDb
  network: NetworkId
  /** The owner reserve per ledger object, drops (0.2 XRP on mainnet). */
  ownerReserveDrops: bigint
}

/** The Sequence (TicketSequence for a ticketed one) of a validated transaction; null if unknown. */
async function readSequence(client: Client, hash: string): Promise<number | null> {
  const result = await requestResult(client, { command: 'tx', transaction: hash })
  if (!isRecord(result)) return null
  // API v2 puts the transaction in tx_json; v1 flattens it into the result.
  const tx = isRecord(result.tx_json) ? result.tx_json : result
  const { Sequence, TicketSequence } = tx
  const sequence = Sequence === 0 ? TicketSequence : Sequence
  return typeof sequence === 'number' && Number.isSafeInteger(sequence) ? sequence : null
}

async function readSequences(client: Client, entries: OfferEntry[]): Promise<Map<string, number>> {
  const hashes = [...new Set(entries.map((entry) => entry.createdTx))]
  const sequences = new Map<string, number>()
  await runPool(hashes, LOOKUP_CONCURRENCY, async (hash) => {
    const sequence = await readSequence(client, hash)
    if (sequence !== null) sequences.set(hash, sequence)
  })
  return sequences
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
  const [closeTime, held, sequences] = await Promise.all([
    readCloseTime(client, own.ledgerIndex),
    hasSell
      ? readAccountNfts(client, account, () => undefined, own.ledgerIndex)
      : Promise.resolve({ nfts: [] }),
    readSequences(client, tiedOffers(entries)),
  ])
  const flags = classifyOffers(entries, {
    closeTime,
    heldNftIds: new Set(held.nfts.map((nft) => nft.nftId)),
    sequences,
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
  const sorted = entries.sort(newestFirst(sequences))
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
