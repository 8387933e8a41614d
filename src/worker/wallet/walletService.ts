/**
 * The wallet capability (WalletApi): connecting a wallet from a credential, the demo wallet or the
 * stored regular key, disconnecting and forgetting it, and what the ledger says of its keys. The
 * keys themselves stay in the keyring; what follows a wallet's coming and going (its jobs, its
 * airdrops' tracking) the engine hooks in.
 */
import { isValidClassicAddress } from 'xrpl'

import { readItems } from '../../db/jobs.ts'
import type { LedgerDb } from '../../db/schema.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import { EngineError, logFailure } from '../../shared/errors.ts'
import type { NetworkConfig, NetworkId } from '../../shared/networks.ts'
import type {
  AccountKeys,
  ApprovalPort,
  ApproverConnection,
  CredentialInput,
  KeyProtection,
  StoredSession,
  ViewedAccount,
  WalletInfo,
} from '../api.ts'
import { readAccountKeys } from './accountKeys.ts'
import { readReserves } from '../ledger/ledgerRequests.ts'
import type { JobService } from '../jobs/jobService.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import { demoHolderSeed } from '../network/sandboxAccounts.ts'
import type { Keyring } from './keyring.ts'

/** What the wallet capability needs of the engine. */
export interface WalletServiceDeps {
  db: LedgerDb
  /** Holds the connected wallet's keys (in memory only) and the stored regular key. */
  keyring: Keyring
  connection: Pick<ConnectionManager, 'requireClient' | 'status'>
  /** The network table, for the networks' names. */
  networks: Readonly<Record<NetworkId, NetworkConfig>>
  /**
   * A wallet is connected: its unfinished jobs go on (after a reopened app, say), and its airdrops'
   * offers are tracked again.
   */
  connected: () => void
  /** The wallet is about to go: its running jobs pause first (nothing more can be signed). */
  leaving: () => Promise<void>
  /**
   * The account the engine follows on the ledger changed (a wallet went, an account is viewed
   * read-only): its stream and its airdrops' offers are followed, or no longer. Settles once they
   * are (never rejects).
   */
  shownChanged: () => Promise<void>
  /** The jobs, which tell when a key removal ended. */
  jobs: Pick<JobService, 'hear'>
}

/** The engine's wallet; the methods named as WalletApi's answer them (see there). */
export class WalletService {
  /** The account the app shows without a key (see WalletApi.viewAccount); null when none. */
  private viewed: ViewedAccount | null = null

  constructor(private readonly deps: WalletServiceDeps) {
    deps.jobs.hear((event) => {
      if (event.type === 'ended' && event.job.kind === 'removeRegularKey') {
        void this.keyRemovalEnded(event.job).catch(logFailure('keys: after the key removal'))
      }
    })
  }

  async connectWallet(input: CredentialInput): Promise<WalletInfo> {
    return await this.replacing(() => this.deps.keyring.connect(input))
  }

  async connectApprover(input: ApproverConnection, port: ApprovalPort): Promise<WalletInfo> {
    return await this.replacing(() => this.deps.keyring.connectApprover(input, port))
  }

  /**
   * Connects, and when an external wallet's session is replaced (or replaces one), the running jobs
   * pause first: an approval the old wallet was asked for is dropped, and the new wallet's jobs go
   * on through it.
   */
  private async replacing(connect: () => Promise<WalletInfo>): Promise<WalletInfo> {
    const before = this.deps.keyring.current()
    const wallet = await connect()
    if (before && (before.approver || wallet.approver)) await this.deps.leaving()
    return this.withResume(wallet)
  }

  async connectDemoWallet(): Promise<WalletInfo> {
    if (this.deps.connection.status.network !== 'sandbox') {
      throw new EngineError('VALIDATION', 'The demo wallet exists only on the Sandbox network')
    }
    return await this.connectWallet({ kind: 'familySeed', secret: await demoHolderSeed() })
  }

  getWallet(): Promise<WalletInfo | null> {
    return Promise.resolve(this.deps.keyring.current())
  }

  async lock(): Promise<void> {
    // Its running jobs pause first ('paused: wallet disconnected'): nothing more can be signed.
    await this.deps.leaving()
    this.deps.keyring.lock()
    // No wallet: the tracker stops following it.
    void this.deps.shownChanged()
  }

  // Async, so that a refusal reaches the caller as a rejected promise.
  // eslint-disable-next-line @typescript-eslint/require-await
  async prepareRegularKey(): Promise<{ regularKeyAddress: string }> {
    return this.deps.keyring.prepareRegularKey()
  }

  approveRegularKey(protection: KeyProtection): Promise<{ hash: string }> {
    return this.deps.keyring.approveRegularKey(protection)
  }

  async confirmRegularKey(primaryAddress: string, protection: KeyProtection): Promise<WalletInfo> {
    return this.withResume(await this.deps.keyring.confirmRegularKey(primaryAddress, protection))
  }

  async restoreWallet(): Promise<WalletInfo | null> {
    const wallet = await this.deps.keyring.restore()
    return wallet ? this.withResume(wallet) : null
  }

  storedSession(): Promise<StoredSession | null> {
    return this.deps.keyring.storedSession()
  }

  async unlockWallet(passphrase: string): Promise<WalletInfo> {
    return this.withResume(await this.deps.keyring.unlock(passphrase))
  }

  async forgetStoredKey(): Promise<void> {
    // As Disconnect Wallet: running jobs pause first (nothing more can be signed here).
    await this.deps.leaving()
    await this.deps.keyring.forgetStoredKey()
    void this.deps.shownChanged()
  }

  async forgetDevice(): Promise<void> {
    // As Disconnect Wallet: running jobs pause first (nothing more can be signed here).
    await this.deps.leaving()
    await this.deps.keyring.forgetDevice()
    void this.deps.shownChanged()
  }

  async accountKeys(): Promise<AccountKeys> {
    const wallet = this.deps.keyring.current()
    if (!wallet) throw new EngineError('VALIDATION', 'Please connect your wallet first')
    const client = this.deps.connection.requireClient()
    const name = this.deps.networks[wallet.network].name
    const [{ balanceDrops, ownerCount, ...keys }, reserves] = await Promise.all([
      readAccountKeys(client, wallet.address, name),
      readReserves(client),
    ])
    return {
      ...keys,
      balanceDrops: balanceDrops.toString(),
      reserveDrops: (reserves.baseDrops + BigInt(ownerCount) * reserves.incDrops).toString(),
      // An external wallet's regular key is the wallet's, not a key this device keeps.
      thisDevice:
        wallet.signing === 'regular' && !wallet.approver && keys.regularKey === wallet.keyAddress,
    }
  }

  checkAddress(address: string): Promise<string> {
    const trimmed = typeof address === 'string' ? address.trim() : ''
    if (!isValidClassicAddress(trimmed))
      return Promise.reject(new EngineError('VALIDATION', 'Please enter a valid XRPL address (r…)'))
    return Promise.resolve(trimmed)
  }

  async viewAccount(account: ViewedAccount | null): Promise<void> {
    const next = account && {
      network: account.network,
      address: await this.checkAddress(account.address),
    }
    if (next && !Object.hasOwn(this.deps.networks, next.network)) {
      throw new EngineError('VALIDATION', `Unknown network: ${String(next.network)}`)
    }
    const before = this.viewed
    this.viewed = next
    if (before?.address !== next?.address || before?.network !== next?.network) {
      await this.deps.shownChanged()
    }
  }

  /**
   * The account the engine follows on the ledger (its stream, its airdrops' offers): the connected
   * wallet if it is on the network in use, else the account viewed read-only there; null when none.
   * Reading needs no key, so a viewed account stays as live as a connected one.
   */
  shownOnNetwork(): ViewedAccount | null {
    const signing = this.onNetwork()
    if (signing) return { network: signing.network, address: signing.address }
    const viewed = this.viewed
    return viewed?.network === this.deps.connection.status.network ? viewed : null
  }

  /** The connected wallet's address, if a wallet is connected. */
  address(): string | undefined {
    return this.deps.keyring.current()?.address
  }

  /** The connected wallet if it is on the engine's current network, or null. */
  onNetwork(): WalletInfo | null {
    const wallet = this.deps.keyring.current()
    return wallet?.network === this.deps.connection.status.network ? wallet : null
  }

  /** The given account, or the connected wallet's; a VALIDATION error when there is neither. */
  accountOf(account: string | undefined): string {
    // An explicit account (even an empty one) is the caller's: the loaders validate it.
    if (account !== undefined) return account
    const address = this.address()
    if (!address) throw new EngineError('VALIDATION', 'Please connect your wallet first')
    return address
  }

  /**
   * The connection came up (first or again). A wallet restored while offline is checked against the
   * ledger now: if its key was replaced meanwhile, the session ends instead of failing at the first
   * signature.
   *
   * @returns whether a wallet is connected (its jobs and tracking go on).
   */
  connectionUp(): boolean {
    const keyring = this.deps.keyring
    if (keyring.current()?.restored)
      void keyring.restore().catch(logFailure('keys: checking the restored wallet'))
    return keyring.current() !== null
  }

  /**
   * A key removal ended: once the ledger applied it the key signs nothing any more, so its stored
   * copy is deleted and its session (if it is this one) ends.
   */
  private async keyRemovalEnded(job: JobRow): Promise<void> {
    for (const item of await readItems(this.deps.db, job.id)) {
      if (item.intent.type === 'removeRegularKey' && item.status === 'succeeded') {
        await this.deps.keyring.keyRemoved(job.network, job.account, item.intent.keyAddress)
      }
    }
  }

  private withResume(wallet: WalletInfo): WalletInfo {
    this.deps.connected()
    return wallet
  }
}
