/**
 * The ledger engine: a plain class that implements the EngineApi. The worker entry exposes one
 * instance through Comlink; tests in Node use it directly. It only assembles: one service per
 * capability (in that capability's room of src/worker), built on the shared connection, store and
 * account locks, each serving its contract (src/worker/contract/registry.ts): a contract's methods
 * reach their service with no line here.
 */
import type { Client } from 'xrpl'

import { AccountWatch } from './collection/accountWatch.ts'
import { LedgerDb } from '../db/schema.ts'
import { saveSettings } from '../db/settings.ts'
import { logFailure } from '../shared/errors.ts'
import { freezeNetworks, NETWORKS, OFFERED_NETWORK_IDS } from '../shared/networks.ts'
import type { NetworkConfig } from '../shared/networks.ts'
import type { AppSettings, EngineApi, NetworkId } from './api.ts'
import { AirdropService } from './airdrop/airdropService.ts'
import { MintService } from './mint/mintService.ts'
import { independentUri } from './collection/metadata/contentAddress.ts'
import { isOnClosedGateway } from './collection/metadata/gateways.ts'
import { CollectionService } from './collection/collectionService.ts'
import type { EngineOptions } from './engineOptions.ts'
import { JOB_KINDS } from './jobKinds.ts'
import { JobReads } from './jobs/jobReads.ts'
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
import { CONTRACTS } from './contract/registry.ts'
import { serve } from './serve.ts'

/** The ledger engine: every contract method, served in the constructor. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- the methods are defined at run time by serve()
export interface Engine extends EngineApi {}

/** The ledger engine. */
// eslint-disable-next-line @typescript-eslint/no-unsafe-declaration-merging -- see the interface
export class Engine {
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
  /** The network's Clio server (the ledger connection when it is one). */
  private readonly clioOf: (network: NetworkId) => Promise<Client>
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
        void this.accountWatch.follow()
        // A connected wallet's jobs go on; the account shown, with or without a key, is read again
        // (with none on this network, the tracker stops following).
        if (this.wallet.connectionUp()) this.resumeJobs()
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
    // One Clio connection for floor prices, holder snapshots and a modify's holders (opened on first use).
    const clio = new ClioLink(timing, this.connectionService.budgets.clients)
    this.clioOf = (id) =>
      clio.forNetwork(this.connectionService.networkConfig(id), {
        endpoint: connection.status.endpoint,
        client: connection.requireClient(),
      })
    this.jobs = new JobService({
      db,
      readUris: (uris, onRow) => this.collection.readUris(uris, onRow),
      clio: this.clioOf,
      kinds: JOB_KINDS,
      connection,
      keyring: this.keyring,
      network,
      limits: options.jobs,
      resumeByItself: options.resumeOnConnect ?? true,
      ...(options.maxFeeDrops !== undefined ? { maxFeeDrops: options.maxFeeDrops } : {}),
      locks: options.locks,
      runnerId: this.id,
      secondOpinion: this.connectionService.secondOpinion,
      // Metadata yields while a job is planned or runs here: fetching and caching never take CPU
      // from pre-flight or signing.
      onBusy: (busy) => this.collection.yieldToJob(busy),
      serverLags: (ledgers) => this.connectionService.serverLags(ledgers),
      serverPace: () => this.connectionService.serverPace(),
    })
    this.wallet = new WalletService({
      db,
      keyring: this.keyring,
      connection,
      networks: this.networks,
      connected: () => {
        this.resumeJobs()
        void this.airdrop.follow()
        void this.accountWatch.follow()
      },
      leaving: () => this.jobs.walletGone(),
      shownChanged: async () => {
        await Promise.all([this.airdrop.follow(), this.accountWatch.follow()])
      },
      jobs: this.jobs,
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
    this.airdrop = new AirdropService({
      db,
      client: () => connection.requireClient(),
      wallet: () => this.wallet.shownOnNetwork(),
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
      wallet: () => this.wallet.shownOnNetwork(),
    })
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
    this.serveContracts()
  }

  /** Each capability's contract, served by its service (the engine's own part named). */
  private serveContracts(): void {
    serve(this, CONTRACTS.connection, this.connectionService, {
      disconnect: () => this.disconnectAll(),
      dispose: () => this.end(),
    })
    serve(this, CONTRACTS.wallet, this.wallet)
    serve(this, CONTRACTS.collection, this.collection, {
      onAccountActivity: (listener) => Promise.resolve(this.accountWatch.on(listener)),
      offAccountActivity: (subscription) => {
        this.accountWatch.off(subscription)
        return Promise.resolve()
      },
    })
    serve(this, CONTRACTS.airdrop, this.airdrop)
    serve(this, CONTRACTS.holders, this.holders)
    serve(this, CONTRACTS.orders, this.orders)
    serve(this, CONTRACTS.listing, this.listing)
    const mint = new MintService({
      walletAddress: () => this.wallet.address() ?? null,
      readUris: (uris, onRow) => this.collection.readUris(uris, onRow),
      client: () => this.connectionService.manager.requireClient(),
      second: () => this.connectionService.secondOpinion.readFor(this.connectionService.network()),
      clio: () => this.clioOf(this.connectionService.network()),
      cachedMetadata: (ids) => this.collection.cachedMetadata(ids),
      links: { independent: independentUri, onClosedGateway: isOnClosedGateway },
    })
    serve(this, CONTRACTS.mint, mint)
    const reads = new JobReads({
      db: this.db,
      runnerId: this.id,
      network: () => this.connectionService.network(),
      accountOf: (account) => this.wallet.accountOf(account),
    })
    serve(this, CONTRACTS.jobs, this.jobs, reads)
    serve(this, CONTRACTS.settings, {
      saveSettings: (patch: Partial<AppSettings>) => saveSettings(this.db, validateSettings(patch)),
    })
  }

  /** Closes the ledger connection and the Clio link (see EngineApi.disconnect). */
  private async disconnectAll(): Promise<void> {
    await Promise.all([this.connectionService.disconnect(), this.listing.close()])
  }

  /** Ends the engine (see EngineApi.dispose). */
  private async end(): Promise<void> {
    this.connectionService.stopHearing()
    this.accountWatch.dispose()
    const stopped = Promise.all([this.jobs.dispose(), this.airdrop.dispose()])
    this.keyring.lock()
    // Disconnected first: a runner waiting for a reply unwinds when the connection goes.
    await this.connectionService.disconnect()
    await stopped
    await Promise.all([this.connectionService.close(), this.listing.close()])
  }

  /** The wallet's jobs go on (see EngineOptions.resumeOnConnect); runners waiting look again. */
  private resumeJobs(): void {
    if (this.resumeOnConnect) void this.jobs.resumeUnfinished().catch(logFailure('jobs: resuming'))
    else this.jobs.wakeRunners()
  }
}
