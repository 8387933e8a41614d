/**
 * The ledger engine: a plain class that implements the EngineApi. The worker entry exposes one
 * instance through Comlink; tests in Node use it directly.
 */
import { releaseProxy } from 'comlink'
import { isValidClassicAddress } from 'xrpl'

import { readItems } from '../db/jobs.ts'
import type { JobItemRow, JobRow } from '../db/types.ts'
import { LedgerDb } from '../db/schema.ts'
import { readSettings, saveSettings } from '../db/settings.ts'
import { EngineError, isEngineError, logFailure } from '../shared/errors.ts'
import {
  DEFAULT_NETWORK_ID,
  freezeNetworks,
  isNetworkId,
  NETWORKS,
  OFFERED_NETWORK_IDS,
} from '../shared/networks.ts'
import type { NetworkConfig } from '../shared/networks.ts'
import type {
  NftPage,
  AcceptanceSummary,
  AppSettings,
  CacheStats,
  CredentialInput,
  DistributionFile,
  EngineApi,
  JobPlan,
  KeyProtection,
  PlanProblem,
  StoredSession,
  AccountKeys,
  JobRequest,
  MetadataProgress,
  MetadataRequest,
  NetworkId,
  NetworkStatus,
  NftLoadProgress,
  OwnEndpoint,
  OwnEndpointKind,
  NftLoadResult,
  BidsProgress,
  FloorPrice,
  FloorProgress,
  ListingPreview,
  ListingPreviewRequest,
  BidsReport,
  OffersProgress,
  OffersReport,
  ProgressListener,
  StatusListener,
  WalletInfo,
} from './api.ts'
import { parseDistributionCsv } from './airdrop/distributionCsv.ts'
import { AcceptanceTracker } from './airdrop/acceptance/acceptanceTracker.ts'
import type { AcceptanceTiming } from './airdrop/acceptance/acceptanceTracker.ts'
import { JobService } from './jobs/jobService.ts'
import type { AccountLocks } from './jobs/run/accountLocks.ts'
import { readReserves, readValidatedLedger } from './ledger/ledgerRequests.ts'
import { readBidsOnNfts } from './orders/bidsOnNfts.ts'
import { FloorPrices } from './listing/floorPrices.ts'
import { previewListing } from './listing/listingPreview.ts'
import { readOffersReport } from './orders/offersReport.ts'
import { readOwnOffers } from './ledger/ownOffers.ts'
import { planReclaim } from './airdrop/acceptance/reclaim.ts'
import type { RunnerLimits } from './jobs/run/runner.ts'
import { demoHolderSeed } from './wallet/demoWallet.ts'
import { Keyring } from './wallet/keyring.ts'
import { readAccountKeys } from './ledger/accountKeys.ts'
import { MetadataService } from './collection/metadata/metadataService.ts'
import type { MetadataOptions } from './collection/metadata/metadataService.ts'
import { ConnectionManager } from './network/connectionManager.ts'
import { DEFAULT_TIMING } from './network/timing.ts'
import { JOB_KINDS } from './jobKinds.ts'
import { getJob, jobItemsPage, listJobs, watchJob } from './jobs/jobReads.ts'
import { nftPage } from './collection/nftPage.ts'
import { SecondOpinion } from './network/secondOpinion.ts'
import { LoadBudgets } from './ledger/pacedClient.ts'
import { DEFAULT_ASSUMED_LIMITS } from './ledger/requestScheduler.ts'
import type { AssumedLimits } from './ledger/requestScheduler.ts'
import type { ConnectionTiming } from './network/timing.ts'
import { NftLoader } from './collection/nftLoader.ts'
import { throttledProgress } from './progress.ts'
import type { ProgressReporter } from './progress.ts'
import { validateSettings } from './settings.ts'
import { checkOwnEndpoint } from './network/ownEndpoints.ts'
import { ProfileNudges } from './profileNudges.ts'

/** NFT ids `showingNfts` takes at most (a few screenfuls of cards). */
const MAX_SHOWING = 200

/** How to build an Engine; everything has a production default. */
export interface EngineOptions {
  /** The network table; tests point the sandbox at an in-process ledger. */
  networks?: Readonly<Record<NetworkId, NetworkConfig>>
  /** The networks this engine connects to (the build's offer by default). */
  offered?: readonly NetworkId[]
  /** Client limits and reconnect backoff. */
  timing?: Partial<ConnectionTiming>
  /** The IndexedDB to use; tests pass a uniquely named one. */
  db?: LedgerDb
  /** Metadata fetching: gateways, limits, fetch function, mobile cache cap. */
  metadata?: MetadataOptions
  /** Bulk job limits (LastLedgerSequence offset, transactions in flight). */
  jobs?: Partial<RunnerLimits>
  /** When airdrop offers are checked (ACCEPTANCE_FIRST_CHECK_MS, ACCEPTANCE_INTERVAL_MS). */
  acceptance?: Partial<AcceptanceTiming>
  /** The account locks that keep one runner per account (Web Locks in a browser). */
  locks?: AccountLocks
  /**
   * What the request schedulers assume of public servers' limits (rippled's and Clio's documented
   * defaults); tests that scale a sandbox's limits down scale these alike.
   */
  assumedLimits?: Partial<AssumedLimits>
  /**
   * Whether connecting a wallet (or the connection coming back) resumes the account's unfinished and
   * paused jobs by itself, as the app needs (the default). When false, nothing runs until a job is
   * started; a job interrupted mid-run still goes on first then, since its transactions in flight must
   * be settled before new ones are signed.
   */
  resumeOnConnect?: boolean
}

/** A Comlink proxy carries a release function; a plain function (in Node) does not. */
type MaybeProxy = StatusListener & { [releaseProxy]?: () => void }

/** The ledger engine. */
export class Engine implements EngineApi {
  /** This engine's id (one per tab or window): jobs its runners take carry it. */
  private readonly id = crypto.randomUUID()
  private readonly networks: Readonly<Record<NetworkId, NetworkConfig>>
  private readonly offered: readonly NetworkId[]
  private readonly resumeOnConnect: boolean
  private readonly connection: ConnectionManager
  private readonly listeners = new Map<number, MaybeProxy>()
  private nextSubscription = 1
  private lastState: NetworkStatus['state'] = 'offline'
  private readonly db: LedgerDb
  private readonly keyring: Keyring
  private readonly nfts: NftLoader
  private readonly metadata: MetadataService
  private readonly jobs: JobService
  private readonly acceptance: AcceptanceTracker
  private readonly secondOpinion: SecondOpinion
  private readonly floors: FloorPrices
  private readonly budgets: LoadBudgets
  /** The user's own servers per network (loaded from the settings on first use). */
  private own: Partial<Record<NetworkId, OwnEndpoint[]>> | null = null
  /** Tells the other engines of this profile that a network's own servers changed. */
  private readonly ownNudges: ProfileNudges

  /** @param options - networks, timing, database; the build's defaults otherwise. */
  constructor(options: EngineOptions = {}) {
    this.networks = freezeNetworks(options.networks ?? NETWORKS)
    this.offered = Object.freeze([...(options.offered ?? OFFERED_NETWORK_IDS)])
    this.resumeOnConnect = options.resumeOnConnect ?? true
    // One budget per endpoint for every link to it; a server that says it is unfit is left.
    this.budgets = new LoadBudgets(
      {
        refused: (endpoint, kind) => {
          if (kind === 'unsynced' || kind === 'blocked') {
            this.connection.unfit(
              endpoint,
              `The server ${endpoint} is not fit to serve now (${kind})`,
            )
          }
        },
      },
      { ...DEFAULT_ASSUMED_LIMITS, ...options.assumedLimits },
    )
    const clients = this.budgets.clients
    this.connection = new ConnectionManager(
      (status) => this.publish(status),
      DEFAULT_NETWORK_ID,
      { ...DEFAULT_TIMING, ...options.timing },
      clients,
      // Another server's validated ledger, through that server's budget and kept connection.
      (_network, endpoints) =>
        this.secondOpinion.askAmong(endpoints, async (c) => (await readValidatedLedger(c)).index),
    )
    // Back online (a worker sees the browser's online event): reconnect now, not after the backoff.
    globalThis.addEventListener?.('online', () => void this.retryNow())
    globalThis.addEventListener?.('offline', () => void this.deviceOffline())
    this.db = options.db ?? new LedgerDb()
    // A server removed in another tab (no longer trusted, say) is left here too, at once.
    this.ownNudges = new ProfileNudges(
      `xrpl-nft-manager/own-endpoints/${this.db.name}`,
      (networkId) => void this.ownChangedElsewhere(networkId),
    )
    this.floors = new FloorPrices({ ...DEFAULT_TIMING, ...options.timing }, clients)
    const network = () => this.connection.status.network
    this.keyring = new Keyring({ connection: this.connection, db: this.db, network })
    this.nfts = new NftLoader({ connection: this.connection, db: this.db })
    this.acceptance = new AcceptanceTracker({
      db: this.db,
      client: () => this.connection.requireClient(),
      wallet: () => {
        const wallet = this.keyring.current()
        return wallet?.network === network() ? wallet : null
      },
      timing: options.acceptance,
    })
    this.secondOpinion = new SecondOpinion(
      (id) => this.networkConfig(id),
      () => this.connection.status.endpoint,
      { ...DEFAULT_TIMING, ...options.timing },
      clients,
    )
    this.jobs = new JobService({
      db: this.db,
      kinds: JOB_KINDS,
      connection: this.connection,
      keyring: this.keyring,
      network,
      limits: options.jobs,
      onJobEnded: (job) => {
        this.acceptance.jobEnded(job)
        if (job.kind === 'removeRegularKey') {
          void this.keyRemovalEnded(job).catch(logFailure('keys: after the key removal'))
        }
      },
      locks: options.locks,
      runnerId: this.id,
      secondOpinion: this.secondOpinion,
      // Metadata yields while a job is planned or runs here: fetching and caching never take CPU
      // from pre-flight or signing.
      onBusy: (busy) => this.metadata.yieldToJob(busy),
      serverLags: (ledgers) => {
        const endpoint = this.connection.status.endpoint
        const reason = `The server ${String(endpoint)} lags ${ledgers} ledgers behind its own open ledger`
        if (endpoint) this.connection.unfit(endpoint, reason)
      },
      serverPace: () => {
        const endpoint = this.connection.status.endpoint
        return endpoint ? this.budgets.scheduler(endpoint).pace() : null
      },
    })
    this.metadata = new MetadataService({
      db: this.db,
      network,
      networks: this.networks,
      ...options.metadata,
    })
  }

  async connect(networkId: NetworkId): Promise<NetworkStatus> {
    // The id comes from the UI thread: check it rather than trust the type.
    if (!isNetworkId(networkId)) {
      throw new EngineError('VALIDATION', `Unknown network: ${String(networkId)}`, { networkId })
    }
    if (!this.offered.includes(networkId)) {
      const name = this.networks[networkId].name
      throw new EngineError('VALIDATION', `This build does not offer the ${name} network`)
    }
    // Jobs of the network being left pause (their runners are bound to it) until it is back.
    const left = this.connection.status.network
    if (left !== networkId) await Promise.all([this.jobs.networkLeft(left), this.floors.close()])
    return await this.connection.connect(await this.networkWithOwn(networkId))
  }

  async addOwnEndpoint(
    networkId: NetworkId,
    url: string,
    kind: OwnEndpointKind,
  ): Promise<OwnEndpoint> {
    if (!isNetworkId(networkId)) throw new EngineError('VALIDATION', 'Unknown network')
    if (kind !== 'ledger' && kind !== 'clio') throw new EngineError('VALIDATION', 'Unknown kind')
    const status = this.connection.status
    const reference = status.network === networkId ? this.connection.clientIfAny() : null
    const network = this.networks[networkId]
    // Paced too: the check reads the network's public servers as well as the user's.
    const added = await checkOwnEndpoint(network, url, kind, reference, this.budgets.clients)
    const own = await this.ownEndpoints()
    const others = (own[networkId] ?? []).filter((e) => e.url !== added.url || e.kind !== kind)
    await this.saveOwn({ ...own, [networkId]: [added, ...others] })
    this.ownNudges.post(networkId)
    await this.useOwn(networkId)
    return added
  }

  async removeOwnEndpoint(networkId: NetworkId, url: string): Promise<void> {
    if (!isNetworkId(networkId)) throw new EngineError('VALIDATION', 'Unknown network')
    const own = await this.ownEndpoints()
    await this.saveOwn({ ...own, [networkId]: (own[networkId] ?? []).filter((e) => e.url !== url) })
    this.ownNudges.post(networkId)
    await this.useOwn(networkId)
  }

  /** Another engine of this profile changed a network's own servers: read them and use them. */
  private async ownChangedElsewhere(networkId: string): Promise<void> {
    if (!isNetworkId(networkId)) return
    try {
      await this.ownEndpoints()
      await this.useOwn(networkId)
    } catch (e) {
      logFailure('using the own servers changed in another tab')(e)
    }
  }

  /**
   * Progress of a long read, throttled, each report noting when the server's limit for us sets the
   * pace (the connected server's, or one of the network's Clio servers').
   */
  private pacedProgress<T extends { serverPace?: string }>(
    onProgress?: ProgressListener<T>,
  ): ProgressReporter<T> {
    const inner = throttledProgress(onProgress)
    const note = (p: T): T => {
      const { network, endpoint } = this.connection.status
      const endpoints = [endpoint, ...this.networkConfig(network).clioEndpoints]
      const limited = this.budgets.limitedAmong(endpoints.filter((e): e is string => e !== null))
      if (!limited) return p
      const rate = Math.round(limited.requestsPerSecond())
      const text = `The server limits how fast we may read: about ${rate} requests a second`
      return { ...p, serverPace: text }
    }
    return { report: (p) => inner.report(note(p)), finish: (p) => inner.finish(p) }
  }

  /**
   * The user's own servers per network, read from the settings (again each time: another tab may
   * have changed them).
   */
  private async ownEndpoints(): Promise<Partial<Record<NetworkId, OwnEndpoint[]>>> {
    return this.adoptOwn((await readSettings(this.db)).ownEndpoints ?? {})
  }

  private async saveOwn(own: Partial<Record<NetworkId, OwnEndpoint[]>>): Promise<void> {
    await saveSettings(this.db, { ownEndpoints: own })
    this.adoptOwn(own)
  }

  /** The own servers in use from now on; their budgets are an own node's (unlimited until pushed back). */
  private adoptOwn(
    own: Partial<Record<NetworkId, OwnEndpoint[]>>,
  ): Partial<Record<NetworkId, OwnEndpoint[]>> {
    this.own = own
    this.budgets.setOwn(
      Object.values(own)
        .flat()
        .map((e) => e.url),
    )
    return own
  }

  /**
   * After a change of own servers: the current network's connection (or its attempts, offline)
   * starts over with them first; a removed one is no longer tried.
   */
  private async useOwn(networkId: NetworkId): Promise<void> {
    if (this.connection.status.network !== networkId || !this.connection.active) return
    await this.connection.connect(this.networkConfig(networkId), true).catch((e: unknown) => {
      // Offline now: the session keeps trying, with the new list.
      if (!isEngineError(e) || (e.code !== 'NETWORK' && e.code !== 'TIMEOUT')) throw e
    })
  }

  /** The network with the user's own servers first, read anew from the settings. */
  private async networkWithOwn(networkId: NetworkId): Promise<NetworkConfig> {
    await this.ownEndpoints()
    return this.networkConfig(networkId)
  }

  /** The network with the user's own servers first (as far as they are loaded). */
  private networkConfig(networkId: NetworkId): NetworkConfig {
    const base = this.networks[networkId]
    const own = this.own?.[networkId] ?? []
    const urls = (kind: OwnEndpointKind) => own.filter((e) => e.kind === kind).map((e) => e.url)
    const first = (mine: string[], theirs: readonly string[]) =>
      Object.freeze([...mine, ...theirs.filter((e) => !mine.includes(e))])
    return Object.freeze({
      ...base,
      endpoints: first(urls('ledger'), base.endpoints),
      // A rippled of the user's answers what Clio answers only if it is a Clio: listed for Clio only
      // as such.
      clioEndpoints: first(urls('clio'), base.clioEndpoints),
    })
  }

  async dispose(): Promise<void> {
    this.ownNudges.close()
    const stopped = Promise.all([this.jobs.dispose(), this.acceptance.dispose()])
    this.keyring.lock()
    // Disconnected first: a runner waiting for a reply unwinds when the connection goes.
    await this.connection.disconnect()
    await stopped
    await Promise.all([this.secondOpinion.close(), this.floors.close()])
  }

  async disconnect(): Promise<void> {
    await Promise.all([this.connection.disconnect(), this.floors.close()])
  }

  retryNow(): Promise<void> {
    this.connection.retryNow()
    return Promise.resolve()
  }

  deviceOffline(): Promise<void> {
    // The socket may stay open with nothing getting through: a job would wait on it without a word.
    // Giving it up shows the loss at once, and jobs wait for the reconnection.
    this.connection.linkLost('This device is offline')
    return Promise.resolve()
  }

  getNetworkStatus(): Promise<NetworkStatus> {
    return Promise.resolve(this.connection.status)
  }

  onStatus(listener: StatusListener): Promise<number> {
    const subscription = this.nextSubscription++
    this.listeners.set(subscription, listener)
    this.notify(subscription, listener, this.connection.status)
    return Promise.resolve(subscription)
  }

  offStatus(subscription: number): Promise<void> {
    const listener = this.listeners.get(subscription)
    this.listeners.delete(subscription)
    listener?.[releaseProxy]?.()
    return Promise.resolve()
  }

  async connectWallet(input: CredentialInput): Promise<WalletInfo> {
    return this.withResume(await this.keyring.connect(input))
  }

  async connectDemoWallet(): Promise<WalletInfo> {
    if (this.connection.status.network !== 'sandbox') {
      throw new EngineError('VALIDATION', 'The demo wallet exists only on the Sandbox network')
    }
    return await this.connectWallet({ kind: 'familySeed', secret: await demoHolderSeed() })
  }

  showingNfts(nftIds: string[]): Promise<void> {
    // From the UI thread: a list of strings, and not more than a few screenfuls.
    if (Array.isArray(nftIds)) this.metadata.showing(nftIds.slice(0, MAX_SHOWING))
    return Promise.resolve()
  }

  async countOffers(account?: string): Promise<number> {
    const owner = this.accountOf(account)
    const offers = await readOwnOffers(this.connection.requireClient(), owner)
    return offers.size
  }

  async loadOffers(
    onProgress?: ProgressListener<OffersProgress>,
    account?: string,
  ): Promise<OffersReport> {
    const owner = this.accountOf(account)
    const client = this.connection.requireClient()
    const progress = this.pacedProgress(onProgress)
    const { incDrops } = await readReserves(client)
    const deps = { client, db: this.db, network: this.connection.status.network }
    const report = await readOffersReport({ ...deps, ownerReserveDrops: incDrops }, owner, (p) =>
      progress.report(p),
    )
    progress.finish({ offers: report.sell.length + report.bids.length, step: 'Done' })
    // Kept for the next visit, offline too (a newer reading replaces it).
    await this.db.offerReads.put(report)
    return report
  }

  async floorPrice(
    issuer: string,
    taxon: number,
    onProgress?: ProgressListener<FloorProgress>,
  ): Promise<FloorPrice> {
    const progress = this.pacedProgress(onProgress)
    const network = this.networkConfig(this.connection.status.network)
    const connection = {
      client: this.connection.requireClient(),
      endpoint: this.connection.status.endpoint,
    }
    const account = this.keyring.current()?.address ?? null
    const second = this.secondOpinion.readFor(network.id)
    const price = await this.floors.read(
      network,
      connection,
      account,
      { issuer, taxon },
      (p) => progress.report(p),
      second,
    )
    progress.finish({ step: 'checking', done: price.nftsChecked, total: price.nftsChecked })
    return price
  }

  async previewListing(
    request: ListingPreviewRequest,
    onProgress?: ProgressListener<FloorProgress>,
  ): Promise<ListingPreview> {
    const account = this.accountOf(undefined)
    const client = this.connection.requireClient()
    const network = this.networkConfig(this.connection.status.network)
    const { incDrops } = await readReserves(client)
    const progress = this.pacedProgress(onProgress)
    const connection = { client, endpoint: this.connection.status.endpoint }
    const preview = await previewListing(
      {
        db: this.db,
        network,
        account,
        ownerReserveDrops: incDrops,
        readFloor: (issuer, taxon, report) =>
          this.floors.read(
            network,
            connection,
            account,
            { issuer, taxon },
            report,
            this.secondOpinion.readFor(network.id),
          ),
      },
      request,
      (p) => progress.report(p),
    )
    progress.finish({ step: 'checking', done: preview.floors.length, total: preview.floors.length })
    return preview
  }

  async loadBids(
    onProgress?: ProgressListener<BidsProgress>,
    account?: string,
  ): Promise<BidsReport> {
    const owner = this.accountOf(account)
    const progress = this.pacedProgress(onProgress)
    const deps = {
      client: this.connection.requireClient(),
      db: this.db,
      network: this.connection.status.network,
    }
    const report = await readBidsOnNfts(deps, owner, (p) => progress.report(p))
    progress.finish({
      checked: report.nftsChecked,
      total: report.nftsChecked,
      found: report.bids.length,
    })
    return report
  }

  getWallet(): Promise<WalletInfo | null> {
    return Promise.resolve(this.keyring.current())
  }

  async lock(): Promise<void> {
    // Its running jobs pause first ('paused: wallet disconnected'): nothing more can be signed.
    await this.jobs.walletGone()
    this.keyring.lock()
    // No wallet: the tracker stops following it.
    this.acceptance.resume()
  }

  prepareRegularKey(): Promise<{ regularKeyAddress: string }> {
    return Promise.resolve(this.keyring.prepareRegularKey())
  }

  async confirmRegularKey(primaryAddress: string, protection: KeyProtection): Promise<WalletInfo> {
    return this.withResume(await this.keyring.confirmRegularKey(primaryAddress, protection))
  }

  async restoreWallet(): Promise<WalletInfo | null> {
    const wallet = await this.keyring.restore()
    return wallet ? this.withResume(wallet) : null
  }

  storedSession(): Promise<StoredSession | null> {
    return this.keyring.storedSession()
  }

  async unlockWallet(passphrase: string): Promise<WalletInfo> {
    return this.withResume(await this.keyring.unlock(passphrase))
  }

  async forgetStoredKey(): Promise<void> {
    // As Disconnect Wallet: running jobs pause first (nothing more can be signed here).
    await this.jobs.walletGone()
    await this.keyring.forgetStoredKey()
    this.acceptance.resume()
  }

  async accountKeys(): Promise<AccountKeys> {
    const wallet = this.keyring.current()
    if (!wallet) throw new EngineError('VALIDATION', 'Please connect your wallet first')
    const client = this.connection.requireClient()
    const name = this.networks[wallet.network].name
    const keys = await readAccountKeys(client, wallet.address, name)
    return {
      ...keys,
      thisDevice: wallet.signing === 'regular' && keys.regularKey === wallet.keyAddress,
    }
  }

  planJob(request: JobRequest): Promise<JobPlan> {
    return this.jobs.plan(request)
  }

  async startJob(jobId: string, options?: { skipProblems?: boolean }): Promise<void> {
    await this.jobs.start(jobId, options)
    // A running airdrop's offers are followed on the stream from the start.
    this.acceptance.resume()
  }

  takenNfts(jobId: string): Promise<PlanProblem[]> {
    return this.jobs.takenProblems(jobId)
  }

  pauseJob(jobId: string): Promise<void> {
    return this.jobs.pause(jobId)
  }

  cancelJob(jobId: string): Promise<void> {
    return this.jobs.cancel(jobId)
  }

  getRunnerId(): Promise<string> {
    return Promise.resolve(this.id)
  }

  jobRunnerActive(network: NetworkId, account: string): Promise<boolean> {
    return this.jobs.runnerActive(network, account)
  }

  listJobs(options: { account?: string; network?: NetworkId } = {}): Promise<JobRow[]> {
    const network = options.network ?? this.connection.status.network
    return listJobs(this.db, network, this.accountOf(options.account))
  }

  getJob(jobId: string): Promise<JobRow | null> {
    return getJob(this.db, jobId)
  }

  async jobItems(jobId: string, page?: { offset?: number; limit?: number }): Promise<JobItemRow[]> {
    return await jobItemsPage(this.db, jobId, page)
  }

  watchJob(jobId: string, onChange?: (job: JobRow) => void): Promise<JobRow> {
    return watchJob(this.db, jobId, onChange)
  }

  async listNfts(
    options: { account?: string; offset?: number; limit?: number } = {},
  ): Promise<NftPage> {
    const network = this.connection.status.network
    return nftPage(this.db, network, this.accountOf(options.account), options)
  }

  exportJobCsv(jobId: string): Promise<string> {
    return this.jobs.exportCsv(jobId)
  }

  checkAcceptance(jobId: string): Promise<AcceptanceSummary> {
    return this.acceptance.check(jobId)
  }

  planReclaim(jobId: string): Promise<JobPlan> {
    return planReclaim({ db: this.db, tracker: this.acceptance, jobs: this.jobs }, jobId)
  }

  /**
   * A wallet is connected: its unfinished jobs go on (after a reopened app, say), and its airdrops'
   * offers are tracked again.
   */
  private withResume(wallet: WalletInfo): WalletInfo {
    this.resumeJobs()
    this.acceptance.resume()
    return wallet
  }

  /**
   * A key removal ended: once the ledger applied it the key signs nothing any more, so its stored
   * copy is deleted and its session (if it is this one) ends.
   */
  private async keyRemovalEnded(job: JobRow): Promise<void> {
    for (const item of await readItems(this.db, job.id)) {
      if (item.intent.type === 'removeRegularKey' && item.status === 'succeeded') {
        await this.keyring.keyRemoved(job.network, job.account, item.intent.keyAddress)
      }
    }
  }

  async forgetDevice(): Promise<void> {
    // As Disconnect Wallet: running jobs pause first (nothing more can be signed here).
    await this.jobs.walletGone()
    await this.keyring.forgetDevice()
    this.acceptance.resume()
  }

  checkAddress(address: string): Promise<string> {
    const trimmed = typeof address === 'string' ? address.trim() : ''
    if (!isValidClassicAddress(trimmed))
      return Promise.reject(new EngineError('VALIDATION', 'Please enter a valid XRPL address (r…)'))
    return Promise.resolve(trimmed)
  }

  async loadNfts(
    onProgress?: ProgressListener<NftLoadProgress>,
    account?: string,
  ): Promise<NftLoadResult> {
    const network = this.connection.status.network
    return await this.nfts.load(network, this.accountOf(account), onProgress)
  }

  async loadMetadata(
    request: MetadataRequest,
    onProgress?: ProgressListener<MetadataProgress>,
  ): Promise<MetadataProgress> {
    const account = this.accountOf(request.account)
    return await this.metadata.load({ ...request, account }, onProgress)
  }

  parseDistributionCsv(file: Blob | string, fileName: string): Promise<DistributionFile> {
    return parseDistributionCsv(file, fileName, this.keyring.current()?.address ?? null)
  }

  getCacheStats(account?: string): Promise<CacheStats> {
    return this.metadata.stats(account ?? this.keyring.current()?.address)
  }

  clearMetadataCache(): Promise<number> {
    return this.metadata.clear()
  }

  async saveSettings(patch: Partial<AppSettings>): Promise<void> {
    await saveSettings(this.db, validateSettings(patch))
  }

  /** The given account, or the connected wallet's; a VALIDATION error when there is neither. */
  /** The wallet's jobs go on (see EngineOptions.resumeOnConnect); runners waiting look again. */
  private resumeJobs(): void {
    if (this.resumeOnConnect) void this.jobs.resumeUnfinished().catch(logFailure('jobs: resuming'))
    else this.jobs.wakeRunners()
  }

  private accountOf(account: string | undefined): string {
    // An explicit account (even an empty one) is the caller's: the loaders validate it.
    if (account !== undefined) return account
    const address = this.keyring.current()?.address
    if (!address) throw new EngineError('VALIDATION', 'Please connect your wallet first')
    return address
  }

  private publish(status: NetworkStatus): void {
    // A wallet restored while offline is checked against the ledger once the connection is up: if
    // its key was replaced meanwhile, the session ends instead of failing at the first signature.
    const cameUp = status.state === 'connected' && this.lastState !== 'connected'
    this.lastState = status.state
    if (cameUp && this.keyring.current()?.restored)
      void this.keyring.restore().catch(logFailure('keys: checking the restored wallet'))
    if (cameUp && this.keyring.current()) {
      this.resumeJobs()
      this.acceptance.reconnected()
    }
    for (const [subscription, listener] of this.listeners)
      this.notify(subscription, listener, status)
  }

  private notify(subscription: number, listener: MaybeProxy, status: NetworkStatus): void {
    const drop = () => void this.offStatus(subscription)
    try {
      // Through Comlink the call returns a promise that rejects once the page is gone: drop it then.
      const result: unknown = listener(status)
      if (result instanceof Promise) result.catch(drop)
    } catch {
      drop()
    }
  }
}
