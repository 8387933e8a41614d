/**
 * The account's NFT offers as last read (spec part 2 §2 orders): what the Orders tab lists and the
 * List tab needs to know which NFTs are on sale. The worker reads and classifies them; the reading
 * saved on this device shows until the ledger's comes (offline, it is all there is). A job that
 * changed offers has them read again (`onJobEnded`).
 */
import { proxy as comlinkProxy } from 'comlink'
import { proxy, ref, useSnapshot } from 'valtio'
import { subscribeKey } from 'valtio/utils'

import { appDb } from '../../db/queries/db.ts'
import { offersReading } from '../../db/queries/nfts.ts'
import { OFFERS_MIN_REFRESH_MS } from '../../shared/constants.ts'
import { errorMessage, loggedOr } from '../../shared/errors.ts'
import type { OffersProgress, OffersReport } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { onAccountActivity } from './accountActivity.ts'
import { onJobEnded } from './jobEvents.ts'
import { ledgerConnected, onLedgerReconnected } from './network.ts'
import { onWalletChange, sessionState, walletSignal } from './session.ts'
import type { SessionWallet } from './session.ts'
import { throttled } from './throttled.ts'
import { uiState } from './ui.ts'

interface OffersState {
  /** The offers last read (kept while a refresh runs); null before the first read. */
  report: OffersReport | null
  loading: boolean
  progress: OffersProgress | null
  loadError: string | null
  /** Unix ms of the last read that started (manual refreshes wait OFFERS_MIN_REFRESH_MS after it). */
  lastLoadAt: number | null
  /** The reading saved on this device was looked for (`report` null after it: none was saved). */
  savedLooked: boolean
}

function initialState(): OffersState {
  return {
    report: null,
    loading: false,
    progress: null,
    loadError: null,
    lastLoadAt: null,
    savedLooked: false,
  }
}

/** The account's offers. Mutate it only through the actions below. */
export const offersState = proxy<OffersState>(initialState())

/** A read was asked for while one ran (a job ended meanwhile): it runs next. */
let readAgain = false
/** A read was asked for offline: it runs once the connection returns. */
let readWhenConnected = false
/** Another account changed the offers since the last reading (read when a tab shows them). */
let changedByOthers = false

function walletChanged(wallet: Readonly<SessionWallet> | null): void {
  readAgain = false
  changedByOthers = false
  readWhenConnected = false
  Object.assign(offersState, initialState())
  if (wallet) void showStoredReport(wallet)
}
onWalletChange(walletChanged)
// This module loads with the tabs that show offers, after the session may have opened an account.
if (sessionState.wallet) walletChanged(sessionState.wallet)

onLedgerReconnected(() => {
  if (!readWhenConnected) return
  readWhenConnected = false
  void loadOffers()
})

/** Job kinds whose end changes the account's offers: read again even if never read here yet. */
const MAKES_OR_TAKES_OFFERS = new Set(['list', 'cancel', 'accept'])

/**
 * Another account acted on ours (a recipient accepted an airdrop offer, a buyer took a listing): the
 * offers are read again — at most this often, and only while a tab that shows them is open (else
 * when one opens): a reading costs every page of the account's offers and NFTs, and an airdrop's
 * recipients accept for days. The account's own transactions are its jobs', read when each ends.
 */
const OTHERS_INTERVAL_MS = 30_000

const loadAfterOthers = throttled(() => void loadOffers(), OTHERS_INTERVAL_MS)

const showsOffers = () => uiState.tab === 'orders' || uiState.tab === 'list'

onAccountActivity((activity) => {
  if (activity.by === activity.account || !offersState.report) return
  changedByOthers = true
  if (showsOffers()) loadAfterOthers()
})

subscribeKey(uiState, 'tab', () => {
  if (changedByOthers && showsOffers()) loadAfterOthers()
})

onJobEnded((job) => {
  if (job.kind === 'removeRegularKey') return
  // A burn deletes its NFTs' offers and an airdrop makes some: a reading on screen is out of date.
  if (MAKES_OR_TAKES_OFFERS.has(job.kind) || offersState.report) void loadOffers()
})

async function showStoredReport(wallet: Readonly<SessionWallet>): Promise<void> {
  const scope = walletSignal()
  const stored = await offersReading(appDb(), wallet.network, wallet.address).catch(
    loggedOr('reading the saved offers', undefined),
  )
  if (scope.aborted) return
  if (stored && offersState.report === null) offersState.report = ref(stored)
  offersState.savedLooked = true
}

/** Whether the manual Refresh is allowed at `now` (not loading, the minimum interval passed). */
export function canRefresh(state: Pick<OffersState, 'loading' | 'lastLoadAt'>, now: number) {
  return (
    !state.loading && (state.lastLoadAt === null || now - state.lastLoadAt >= OFFERS_MIN_REFRESH_MS)
  )
}

/**
 * Reads the account's offers in the worker. The previous reading stays on screen while it runs.
 *
 * @param manual - the Refresh button: refused within the minimum interval of the last read; when it
 *   starts, `onStart` is called.
 * @returns whether the read succeeded; null when none was made (offline, or refused).
 */
export async function loadOffers(manual = false, onStart?: () => void): Promise<boolean | null> {
  const wallet = sessionState.wallet
  if (!wallet) return null
  // Without the ledger the saved reading stays: a read that cannot work would only replace it with
  // an error. It is read once the connection is made (the connection decides, not the browser).
  if (!ledgerConnected()) {
    readWhenConnected = true
    return null
  }
  if (manual && !canRefresh(offersState, Date.now())) return null
  if (offersState.loading) {
    // The read under way may predate what made this one necessary: read again after it.
    if (!manual) readAgain = true
    return null
  }
  const scope = walletSignal()
  offersState.loading = true
  offersState.loadError = null
  offersState.lastLoadAt = Date.now()
  onStart?.()
  try {
    const report = await engine.loadOffers(
      comlinkProxy((progress: OffersProgress) => {
        if (!scope.aborted) offersState.progress = progress
      }),
      wallet.address,
    )
    if (scope.aborted) return null
    offersState.report = ref(report)
    changedByOthers = false
    return true
  } catch (error) {
    if (scope.aborted) return null
    offersState.loadError = `Failed to load offers: ${errorMessage(error)}`
    return false
  } finally {
    if (!scope.aborted) {
      offersState.loading = false
      offersState.progress = null
      if (readAgain) {
        readAgain = false
        void loadOffers()
      }
    }
  }
}

/** The account's offers, for rendering. */
export function useOffers(): Readonly<OffersState> {
  // `report` is a ref: the snapshot holds the very object.
  return useSnapshot(offersState) as Readonly<OffersState>
}
