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

/** The Sequence of a transaction as a reply lists it (TicketSequence for a ticketed one). */
function sequenceOf(tx: unknown): number | null {
  if (!isRecord(tx)) return null
  const sequence = tx.Sequence === 0 ? tx.TicketSequence : tx.Sequence
  return typeof sequence === 'number' && Number.isSafeInteger(sequence) ? sequence : null
}

/** account_tx's page size (rippled's maximum). */
const TX_PAGE_LIMIT = 400

/**
 * The account's transactions of one ledger, hash → sequence: one paged account_tx per ledger rather
 * than one `tx` per offer (a batch of offers is usually made in few ledgers).
 */
async function ledgerSequences(client: Client, account: string, ledger: number) {
  const sequences = new Map<string, number>()
  let marker: unknown
  do {
    const result = await requestResult(client, {
      command: 'account_tx',
      account,
      ledger_index_min: ledger,
      ledger_index_max: ledger,
      limit: TX_PAGE_LIMIT,
      ...(marker === undefined ? {} : { marker }),
    })
    if (!isRecord(result) || !Array.isArray(result.transactions)) break
    for (const entry of result.transactions) {
      if (!isRecord(entry)) continue
      // API v2 puts the hash beside tx_json; v1 inside tx.
      const tx = isRecord(entry.tx_json) ? entry.tx_json : entry.tx
      const hash = typeof entry.hash === 'string' ? entry.hash : isRecord(tx) ? tx.hash : undefined
      const sequence = sequenceOf(tx)
      if (typeof hash === 'string' && sequence !== null) sequences.set(hash.toUpperCase(), sequence)
    }
    marker = result.marker
  } while (marker !== undefined)
  return sequences
}

/**
 * The sequences of the transactions that created the tied offers, by hash. A server without those
 * ledgers' history leaves them unknown: the kept offer is then the one with the highest id, a
 * stable choice.
 */
async function readSequences(
  client: Client,
  account: string,
  tied: readonly OfferEntry[],
): Promise<Map<string, number>> {
  const ledgers = [...new Set(tied.map((entry) => entry.createdLedger))]
  const sequences = new Map<string, number>()
  await runPool(ledgers, LOOKUP_CONCURRENCY, async (ledger) => {
    try {
      for (const [hash, sequence] of await ledgerSequences(client, account, ledger)) {
        sequences.set(hash, sequence)
      }
    } catch (error) {
      // History the server does not keep: the order falls back to the offer ids.
      if (error instanceof EngineError && error.code === 'LEDGER_REJECTED') return
      throw error
    }
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
    readSequences(client, account, tiedOffers(entries)),
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
