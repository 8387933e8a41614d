/**
 * The ledger engine: a plain class that implements the EngineApi. The worker entry exposes one
 * instance through Comlink; tests in Node use it directly. It only assembles: one service per
 * capability (in that capability's room of src/worker), built on the shared connection, store and
 * account locks, and each contract method handed to the service it belongs to.
 */
import { AccountWatch } from './collection/accountWatch.ts'
import { LedgerDb } from '../db/schema.ts'
import { saveSettings } from '../db/settings.ts'
import { logFailure } from '../shared/errors.ts'
import { freezeNetworks, NETWORKS, OFFERED_NETWORK_IDS } from '../shared/networks.ts'
import type { NetworkConfig } from '../shared/networks.ts'
import type { AppSettings, EngineApi, JobItemRow, JobRow, NetworkId } from './api.ts'
import { AirdropService } from './airdrop/airdropService.ts'
import { CollectionService } from './collection/collectionService.ts'
import type { EngineOptions } from './engineOptions.ts'
import { JOB_KINDS } from './jobKinds.ts'
import { getJob, jobItemsPage, listJobs, watchJob } from './jobs/jobReads.ts'
import { JobService } from './jobs/jobService.ts'
import { DEFAULT_ASSUMED_LIMITS } from './ledger/requestScheduler.ts'
import { ListingService } from './listing/listingService.ts'
import { HoldersService } from './airdrop/holders/holdersService.ts'
import { ClioLink } from './network/clioLink.ts'
import type { ConnectionManager } from './network/connectionManager.ts'
import { ConnectionService } from './network/connectionService.ts'
import { DEFAULT_TIMING } from './network/timing.ts'
import { OrdersService } from './orders/ordersService.ts'
import { validateSettings } from './settings.ts'
import { Keyring } from './wallet/keyring.ts'
import { WalletService } from './wallet/walletService.ts'

/** The ledger engine. */
export class Engine implements EngineApi {
  /** This engine's id (one per tab or window): jobs its runners take carry it. */
  private readonly id = crypto.randomUUID()
  private readonly networks: Readonly<Record<NetworkId, NetworkConfig>>
  private readonly resumeOnConnect: boolean
  private readonly db: LedgerDb
  private readonly connectionService: ConnectionService
  /** The one ledger connection (the connection service's; tests read the client through it). */
  private readonly connection: ConnectionManager
  private readonly keyring: Keyring
  private readonly wallet: WalletService
  private readonly collection: CollectionService
  private readonly jobs: JobService
  private readonly airdrop: AirdropService
  private readonly orders: OrdersService
  private readonly listing: ListingService
  private readonly holders: HoldersService
  private readonly accountWatch: AccountWatch

  /** @param options - networks, timing, database; the build's defaults otherwise. */
  constructor(options: EngineOptions = {}) {
    this.networks = freezeNetworks(options.networks ?? NETWORKS)
    this.resumeOnConnect = options.resumeOnConnect ?? true
    const timing = { ...DEFAULT_TIMING, ...options.timing }
    this.db = options.db ?? new LedgerDb()
    const db = this.db
    this.connectionService = new ConnectionService({
      db,
      networks: this.networks,
      offered: Object.freeze([...(options.offered ?? OFFERED_NETWORK_IDS)]),
      timing,
      assumedLimits: { ...DEFAULT_ASSUMED_LIMITS, ...options.assumedLimits },
      leaving: async (left) => {
        await Promise.all([this.jobs.networkLeft(left), this.listing.close()])
      },
      cameUp: () => {
        // A new connection needs its own account subscription.
        this.accountWatch.follow()
        if (!this.wallet.connectionUp()) return
        this.resumeJobs()
        this.airdrop.reconnected()
      },
    })
    const connection = this.connectionService.manager
    this.connection = connection
    const network = () => this.connectionService.network()
    this.keyring = new Keyring({ connection, db, network })
    const accountOf = (account: string | undefined) => this.wallet.accountOf(account)
    const walletAddress = () => this.wallet.address()
    const progress = this.connectionService.pacedProgress
    this.wallet = new WalletService({
      db,
      keyring: this.keyring,
      connection,
      networks: this.networks,
      connected: () => {
        this.resumeJobs()
        this.airdrop.follow()
        this.accountWatch.follow()
      },
      leaving: () => this.jobs.walletGone(),
      left: () => {
        this.airdrop.follow()
        this.accountWatch.follow()
      },
    })
    this.collection = new CollectionService({
      db,
      connection,
      networks: this.networks,
      accountOf,
      walletAddress,
      metadata: options.metadata,
      leftAfter: (network, account, ledgerIndex) =>
        this.accountWatch.leftAfter(network, account, ledgerIndex),
    })
    this.jobs = new JobService({
      db,
      kinds: JOB_KINDS,
      connection,
      keyring: this.keyring,
      network,
      limits: options.jobs,
      resumeByItself: options.resumeOnConnect ?? true,
      ...(options.maxFeeDrops !== undefined ? { maxFeeDrops: options.maxFeeDrops } : {}),
      onJobEnded: (job) => {
        this.airdrop.jobEnded(job)
        if (job.kind === 'removeRegularKey') {
          void this.wallet.keyRemovalEnded(job).catch(logFailure('keys: after the key removal'))
        }
      },
      locks: options.locks,
      runnerId: this.id,
      secondOpinion: this.connectionService.secondOpinion,
      // Metadata yields while a job is planned or runs here: fetching and caching never take CPU
      // from pre-flight or signing.
      onBusy: (busy) => this.collection.yieldToJob(busy),
      serverLags: (ledgers) => this.connectionService.serverLags(ledgers),
      serverPace: () => this.connectionService.serverPace(),
    })
    this.airdrop = new AirdropService({
      db,
      client: () => connection.requireClient(),
      wallet: () => this.wallet.onNetwork(),
      walletAddress,
      timing: options.acceptance,
      ...(options.trackAcceptance === false ? { background: false } : {}),
      jobs: this.jobs,
      network,
      confirmer: () => this.holders.confirmer,
    })
    this.orders = new OrdersService({ db, connection, accountOf, progress })
    this.accountWatch = new AccountWatch({
      db,
      client: () => connection.clientIfAny(),
      wallet: () => this.wallet.onNetwork(),
    })
    // One Clio connection for the floor prices and the holder snapshots (opened on first use).
    const clio = new ClioLink(timing, this.connectionService.budgets.clients)
    this.holders = new HoldersService({
      db,
      connection,
      networkConfig: (id) => this.connectionService.networkConfig(id),
      clio,
      walletAddress,
      progress,
      askServers: (endpoints, question) =>
        this.connectionService.secondOpinion.askAmong(endpoints, question),
    })
    this.listing = new ListingService({
      db,
      connection,
      clio,
      accountOf,
      walletAddress,
      progress,
      networkConfig: (id) => this.connectionService.networkConfig(id),
      secondOpinion: this.connectionService.secondOpinion,
    })
  }

  // The connection (ConnectionApi).
  readonly connect = answeredBy(() => this.connectionService, 'connect')
  readonly getNetworkStatus = answeredBy(() => this.connectionService, 'getNetworkStatus')
  readonly retryNow = answeredBy(() => this.connectionService, 'retryNow')
  readonly deviceOffline = answeredBy(() => this.connectionService, 'deviceOffline')
  readonly onStatus = answeredBy(() => this.connectionService, 'onStatus')
  readonly offStatus = answeredBy(() => this.connectionService, 'offStatus')
  readonly addOwnEndpoint = answeredBy(() => this.connectionService, 'addOwnEndpoint')
  readonly removeOwnEndpoint = answeredBy(() => this.connectionService, 'removeOwnEndpoint')
  readonly setOwnEndpointsAlone = answeredBy(() => this.connectionService, 'setOwnEndpointsAlone')

  async disconnect(): Promise<void> {
    await Promise.all([this.connectionService.disconnect(), this.listing.close()])
  }

  async dispose(): Promise<void> {
    this.connectionService.stopHearing()
    this.accountWatch.dispose()
    const stopped = Promise.all([this.jobs.dispose(), this.airdrop.dispose()])
    this.keyring.lock()
    // Disconnected first: a runner waiting for a reply unwinds when the connection goes.
    await this.connectionService.disconnect()
    await stopped
    await Promise.all([this.connectionService.close(), this.listing.close()])
  }

  // The wallet (WalletApi).
  readonly connectWallet = answeredBy(() => this.wallet, 'connectWallet')
  readonly connectApprover = answeredBy(() => this.wallet, 'connectApprover')
  readonly connectDemoWallet = answeredBy(() => this.wallet, 'connectDemoWallet')
  readonly getWallet = answeredBy(() => this.wallet, 'getWallet')
  readonly lock = answeredBy(() => this.wallet, 'lock')
  readonly prepareRegularKey = answeredBy(() => this.wallet, 'prepareRegularKey')
  readonly approveRegularKey = answeredBy(() => this.wallet, 'approveRegularKey')
  readonly confirmRegularKey = answeredBy(() => this.wallet, 'confirmRegularKey')
  readonly restoreWallet = answeredBy(() => this.wallet, 'restoreWallet')
  readonly storedSession = answeredBy(() => this.wallet, 'storedSession')
  readonly unlockWallet = answeredBy(() => this.wallet, 'unlockWallet')
  readonly forgetStoredKey = answeredBy(() => this.wallet, 'forgetStoredKey')
  readonly forgetDevice = answeredBy(() => this.wallet, 'forgetDevice')
  readonly accountKeys = answeredBy(() => this.wallet, 'accountKeys')
  readonly checkAddress = answeredBy(() => this.wallet, 'checkAddress')

  // The collection (CollectionApi).
  readonly listNfts = answeredBy(() => this.collection, 'listNfts')
  readonly loadNfts = answeredBy(() => this.collection, 'loadNfts')
  readonly loadMetadata = answeredBy(() => this.collection, 'loadMetadata')
  readonly showingNfts = answeredBy(() => this.collection, 'showingNfts')
  readonly getCacheStats = answeredBy(() => this.collection, 'getCacheStats')
  readonly clearMetadataCache = answeredBy(() => this.collection, 'clearMetadataCache')
  readonly onAccountActivity: EngineApi['onAccountActivity'] = (listener) =>
    Promise.resolve(this.accountWatch.on(listener))
  readonly offAccountActivity: EngineApi['offAccountActivity'] = (subscription) => {
    this.accountWatch.off(subscription)
    return Promise.resolve()
  }

  // Airdrops (AirdropApi).
  readonly parseDistributionCsv = answeredBy(() => this.airdrop, 'parseDistributionCsv')
  readonly checkAcceptance = answeredBy(() => this.airdrop, 'checkAcceptance')
  readonly sampleDistributionCsv = answeredBy(() => this.airdrop, 'sampleDistributionCsv')
  readonly planReclaim = answeredBy(() => this.airdrop, 'planReclaim')
  readonly planReoffer = answeredBy(() => this.airdrop, 'planReoffer')

  // A collection's holders (HoldersApi).
  readonly snapshotHolders = answeredBy(() => this.holders, 'snapshotHolders')
  readonly holderSnapshot = answeredBy(() => this.holders, 'holderSnapshot')
  readonly holderSnapshotCsv = answeredBy(() => this.holders, 'holderSnapshotCsv')
  readonly snapshotDistribution = answeredBy(() => this.holders, 'snapshotDistribution')

  // Orders (OrdersApi).
  readonly countOffers = answeredBy(() => this.orders, 'countOffers')
  readonly loadOffers = answeredBy(() => this.orders, 'loadOffers')
  readonly loadBids = answeredBy(() => this.orders, 'loadBids')

  // Listing (ListingApi).
  readonly floorPrice = answeredBy(() => this.listing, 'floorPrice')
  readonly previewListing = answeredBy(() => this.listing, 'previewListing')

  // Jobs (JobsApi): the generic runner, and the stored rows.
  readonly planJob: EngineApi['planJob'] = (request) => this.jobs.plan(request)
  readonly takenNfts: EngineApi['takenNfts'] = (id) => this.jobs.takenProblems(id)
  readonly pauseJob: EngineApi['pauseJob'] = (id) => this.jobs.pause(id)
  readonly cancelJob: EngineApi['cancelJob'] = (id) => this.jobs.cancel(id)
  readonly getRunnerId: EngineApi['getRunnerId'] = () => Promise.resolve(this.id)
  readonly jobRunnerActive: EngineApi['jobRunnerActive'] = (network, account) =>
    this.jobs.runnerActive(network, account)
  readonly exportJobCsv: EngineApi['exportJobCsv'] = (id) => this.jobs.exportCsv(id)
  readonly getJob: EngineApi['getJob'] = (id) => getJob(this.db, id)
  readonly watchJob: EngineApi['watchJob'] = (id, onChange) => watchJob(this.db, id, onChange)

  async startJob(jobId: string, options?: { skipProblems?: boolean }): Promise<void> {
    await this.jobs.start(jobId, options)
    // A running airdrop's offers are followed on the stream from the start.
    this.airdrop.follow()
  }

  listJobs(options: { account?: string; network?: NetworkId } = {}): Promise<JobRow[]> {
    const network = options.network ?? this.connectionService.network()
    return listJobs(this.db, network, this.wallet.accountOf(options.account))
  }

  async jobItems(jobId: string, page?: { offset?: number; limit?: number }): Promise<JobItemRow[]> {
    return await jobItemsPage(this.db, jobId, page)
  }

  // Settings (SettingsApi).
  async saveSettings(patch: Partial<AppSettings>): Promise<void> {
    await saveSettings(this.db, validateSettings(patch))
  }

  /** The wallet's jobs go on (see EngineOptions.resumeOnConnect); runners waiting look again. */
  private resumeJobs(): void {
    if (this.resumeOnConnect) void this.jobs.resumeUnfinished().catch(logFailure('jobs: resuming'))
    else this.jobs.wakeRunners()
  }
}

/**
 * The contract method `name`, answered by the service that holds it. The service is looked up when
 * the method is called: the fields that hold these are set before the constructor builds the services.
 */
function answeredBy<K extends keyof EngineApi>(
  service: () => Pick<EngineApi, K>,
  name: K,
): EngineApi[K] {
  return ((...args: unknown[]) => {
    const target = service()
    return (target[name] as (...a: unknown[]) => unknown).apply(target, args)
  }) as EngineApi[K]
}
