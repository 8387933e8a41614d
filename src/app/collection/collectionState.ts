/**
 * The connected wallet's NFT list, its metadata and their loading (spec part 1 §2 NFT Collection
 * panel, part 2 §4 NFT loading after connect). The worker does the ledger and metadata work; this
 * module only reads what it wrote: the list from the account's snapshot (so it is there offline) and
 * the metadata as rows land (`metadataFeed.ts`). The big list and map are kept out of
 * valtio's deep proxy (`ref`); `metadataVersion` tells the views that the map changed.
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'

import { appDb } from '../../db/queries/db.ts'
import { metadataByIds } from '../../db/queries/metadata.ts'
import { nftSnapshot } from '../../db/queries/nfts.ts'
import type { MetadataRow } from '../../db/types/metadata.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import { errorMessage, isEngineError, logFailure } from '../../shared/errors.ts'
import type { MetadataProgress, NftLoadProgress } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { onAccountActivity } from '../state/accountActivity.ts'
import { countsAfter } from '../state/offerCounts.ts'
import type { ShownOfferCounts } from '../state/offerCounts.ts'
import { countOffers, savedOfferCounts } from './offerCountReads.ts'
import { GATEWAYS_OUT_AFTER, gatewayMisses } from '../state/gatewayReach.ts'
import { onJobEnded } from '../state/jobEvents.ts'
import { refreshCacheStats, refreshCacheStatsThrottled } from './metadataCacheState.ts'
import { streamMetadata } from './metadataFeed.ts'
import { ledgerConnected, onLedgerReconnected } from '../state/network.ts'
import { clearAllSelections, forgetSelected } from '../state/selection.ts'
import { onWalletChange, sessionState, walletSignal } from '../state/session.ts'
import { throttled } from '../state/throttled.ts'
import type { SessionWallet } from '../state/session.ts'

interface CollectionState {
  nfts: readonly NftItem[]
  /** Metadata rows by NFTokenID; mutated in place, so watch `metadataVersion`. */
  metadata: ReadonlyMap<string, MetadataRow>
  metadataVersion: number
  loadingNfts: boolean
  loadingMetadata: boolean
  nftProgress: NftLoadProgress | null
  metadataProgress: MetadataProgress | null
  /** The error box's text ('Failed to load NFTs: …'). */
  error: string | null
  /** When the list shown was read from the ledger, and from which ledger; null before any. */
  readAt: { loadedAt: number; ledgerIndex: number } | null
  /** This load's fetches ran into no gateway, many in a row (see gatewayReach.ts). */
  gatewaysUnreachable: boolean
  /** The NFT offers the account owns, by kind (or as last saved); null until counted. */
  offers: ShownOfferCounts | null
}

function emptyState(): CollectionState {
  return {
    nfts: ref([]),
    metadata: ref(new Map()),
    metadataVersion: 0,
    loadingNfts: false,
    loadingMetadata: false,
    nftProgress: null,
    metadataProgress: null,
    error: null,
    readAt: null,
    gatewaysUnreachable: false,
    offers: null,
  }
}

/** The collection. Mutate it only through the actions below. */
export const collectionState = proxy<CollectionState>(emptyState())

onWalletChange((wallet) => {
  Object.assign(collectionState, emptyState())
  clearAllSelections()
  if (wallet) void openWallet(wallet, walletSignal())
})

async function openWallet(wallet: SessionWallet, scope: AbortSignal): Promise<void> {
  // The last list saved on this device shows at once (offline too), then the ledger's.
  // A snapshot that cannot be read only delays the list: the ledger's comes next.
  await showSnapshot(wallet, scope).catch(logFailure('reading the saved NFT list'))
  void refreshCacheStats()
  // Without the ledger the saved list is what there is: no error box for a read that cannot work.
  // It is read once the connection is made (the connection decides, not the browser).
  if (scope.aborted) return
  if (ledgerConnected()) return await loadCollection()
  readWhenConnected = scope
  // Until then the footer counts the offers last read on this device, marked as saved.
  const saved = await savedOfferCounts(wallet)
  if (!scope.aborted && !collectionState.offers) collectionState.offers = saved
}

/** The scope of the account whose read waits for the connection (opened offline); null when none. */
let readWhenConnected: AbortSignal | null = null

onLedgerReconnected(() => {
  const waiting = readWhenConnected
  readWhenConnected = null
  if (waiting && !waiting.aborted) void loadCollection()
  // The connection came back after a list was read: the stream said nothing meanwhile. The count is
  // read again (one request per 400 offers); the list is not (a slowed-down server reconnects too,
  // and a whole list per reconnection would load it more): Load NFTs, or a job's end, reads it.
  else if (collectionState.offers) void refreshOfferCount()
})

onJobEnded((job) => {
  if (job.kind === 'removeRegularKey') return
  void refreshOfferCount()
  // A sale took an NFT out of the wallet.
  if (job.kind === 'accept') void loadCollection()
})

/**
 * Reads of the stored list are numbered as they start: one that ends after a newer one was shown is
 * dropped. A list read after a load can take a while (it reads the metadata too); meanwhile a burn
 * may flush again and its newer list be shown, which the older read must not undo.
 */
let listReadsStarted = 0
let listReadShown = 0

/** Whether the read numbered `ticket` is still the newest to show (and marks it shown). */
function newestListRead(ticket: number): boolean {
  if (ticket < listReadShown) return false
  listReadShown = ticket
  return true
}

/** Reads the account's snapshot and the cached metadata of its NFTs (one read of each). */
async function showSnapshot(wallet: SessionWallet, scope: AbortSignal): Promise<void> {
  const ticket = ++listReadsStarted
  const snapshot = await nftSnapshot(appDb(), wallet.network, wallet.address)
  if (scope.aborted || !snapshot) return
  const metadata = await metadataByIds(
    appDb(),
    snapshot.nfts.map((nft) => nft.nftId),
  )
  if (scope.aborted || !newestListRead(ticket)) return
  collectionState.nfts = ref(snapshot.nfts)
  collectionState.metadata = ref(metadata)
  collectionState.metadataVersion += 1
  collectionState.readAt = { loadedAt: snapshot.loadedAt, ledgerIndex: snapshot.ledgerIndex }
}

/**
 * 'Load NFTs' (and the automatic load after connecting): the worker reads the ledger and saves the
 * snapshot; then the offers are counted and the metadata streams in.
 */
export async function loadCollection(): Promise<void> {
  const wallet = sessionState.wallet
  if (!wallet || collectionState.loadingNfts) return
  const scope = walletSignal()
  collectionState.loadingNfts = true
  collectionState.error = null
  collectionState.nftProgress = null
  try {
    await engine.loadNfts(
      comlinkProxy((progress: NftLoadProgress) => {
        if (!scope.aborted) collectionState.nftProgress = progress
      }),
      wallet.address,
    )
    await showSnapshot(wallet, scope)
  } catch (error) {
    if (!scope.aborted) {
      collectionState.error = `Failed to load NFTs: ${errorMessage(error)}`
      collectionState.loadingNfts = false
      // No connection yet (or any more): read again once it is made, as when opened offline.
      if (isEngineError(error) && error.code === 'NOT_CONNECTED') readWhenConnected = scope
    }
    return
  }
  if (scope.aborted) return
  collectionState.loadingNfts = false
  void refreshOffers(scope)
  await loadMetadata(scope)
  await refreshCacheStats()
}

/**
 * Tells the engine which NFTs' cards are on screen, so their metadata comes first (and still comes
 * while a job runs). Failures are of no consequence: the metadata comes in order all the same.
 */
export function showingNfts(nftIds: string[]): void {
  engine.showingNfts(nftIds).catch(logFailure('telling the engine which NFTs are shown'))
}

/** Counts the wallet's offers again: a job made or cancelled some, or a recipient accepted one. */
export function refreshOfferCount(): Promise<void> {
  return refreshOffers(walletSignal())
}

async function refreshOffers(scope: AbortSignal): Promise<void> {
  const wallet = sessionState.wallet
  if (!wallet) return
  const offers = await countOffers(wallet, collectionState.offers)
  if (!scope.aborted) collectionState.offers = offers
}

/** Streams the metadata of the NFTs shown into the map (see `metadataFeed.ts`). */
async function loadMetadata(scope: AbortSignal): Promise<void> {
  collectionState.loadingMetadata = true
  const since = Date.now()
  let misses = 0
  await streamMetadata(sessionState.wallet?.address, scope, {
    nfts: () => collectionState.nfts,
    progress: (progress) => {
      collectionState.metadataProgress = progress
    },
    merge: (rows) => {
      misses = gatewayMisses(misses, rows, since)
      const unreachable = misses >= GATEWAYS_OUT_AFTER
      if (collectionState.gatewaysUnreachable !== unreachable) {
        collectionState.gatewaysUnreachable = unreachable
      }
      if (!mergeRows(collectionState.metadata as Map<string, MetadataRow>, rows)) return false
      collectionState.metadataVersion += 1
      refreshCacheStatsThrottled()
      return true
    },
  })
  if (!scope.aborted) collectionState.loadingMetadata = false
}

/** Puts new or changed rows into the map; true when anything changed. */
function mergeRows(map: Map<string, MetadataRow>, rows: readonly MetadataRow[]): boolean {
  let changed = false
  for (const row of rows) {
    const known = map.get(row.nftId)
    if (known && known.fetchedAt === row.fetchedAt && known.status === row.status) continue
    map.set(row.nftId, row)
    changed = true
  }
  return changed
}

/**
 * Re-reads the stored list after NFTs left the wallet by a job (burned): they leave the list, the
 * metadata map and the selection at once. The worker has already taken them out of the stored list
 * and the metadata cache. The stored list is the truth: it replaces an older list shown.
 */
export async function showStoredList(): Promise<void> {
  const wallet = sessionState.wallet
  if (!wallet) return
  const scope = walletSignal()
  const ticket = ++listReadsStarted
  const snapshot = await nftSnapshot(appDb(), wallet.network, wallet.address)
  if (scope.aborted || !snapshot) return
  // The stored list may also hold NFTs a load found since the list shown was read: their metadata.
  const shown = new Set(collectionState.nfts.map((nft) => nft.nftId))
  const added = snapshot.nfts.filter((nft) => !shown.has(nft.nftId)).map((nft) => nft.nftId)
  const addedMetadata =
    added.length > 0 ? await metadataByIds(appDb(), added) : new Map<string, MetadataRow>()
  if (scope.aborted || !newestListRead(ticket)) return
  const kept = new Set(snapshot.nfts.map((nft) => nft.nftId))
  const gone = collectionState.nfts.filter((nft) => !kept.has(nft.nftId)).map((nft) => nft.nftId)
  if (gone.length === 0 && added.length === 0) return
  const metadata = collectionState.metadata as Map<string, MetadataRow>
  for (const id of gone) metadata.delete(id)
  for (const [id, row] of addedMetadata) metadata.set(id, row)
  collectionState.nfts = ref(snapshot.nfts)
  collectionState.metadataVersion += 1
  forgetSelected(gone)
  void refreshCacheStats()
}

/** The stored list is read at most this often while a burn runs (it may hold 100,000 NFTs). */
const STORED_LIST_INTERVAL_MS = 1000

/** {@link showStoredList}, at most once a second: the last call always runs. */
export const showStoredListSoon = throttled(() => {
  void showStoredList().catch(logFailure('reading the stored NFT list'))
}, STORED_LIST_INTERVAL_MS)

/**
 * The ledger's list is read again at most this often when NFTs arrive (bought, minted: the stream
 * names them but not their fields).
 */
const ARRIVALS_INTERVAL_MS = 30_000

const loadArrivals = throttled(() => void loadCollection(), ARRIVALS_INTERVAL_MS)

onAccountActivity((activity) => {
  // NFTs that left are already out of the stored list (the engine took them out).
  if (activity.left.length > 0) showStoredListSoon()
  if (activity.arrived.length > 0) loadArrivals()
  const counts = collectionState.offers && countsAfter(collectionState.offers, activity)
  if (counts) collectionState.offers = counts
})

/** The collection, for rendering. */
export function useCollection(): Readonly<CollectionState> {
  return useSnapshot(collectionState)
}
