/**
 * The keyring: the only place secrets live (docs/architecture.md §3.1). It connects wallets from
 * credentials, holds the GEM Wallet regular-key setup (regularKeySetup.ts), restores its stored
 * session and hands the jobs engine what signs. Everything it returns is addresses only.
 */
import type { Wallet } from 'xrpl'

import type { LedgerDb } from '../../db/schema.ts'
import { deleteStoredKey, storedKeyId, wipeStoredKeys } from '../../db/storedKeys.ts'
import type { StoredKeyRow } from '../../db/types/keys.ts'
import { EngineError } from '../../shared/errors.ts'
import { NETWORKS } from '../../shared/networks.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type {
  ApprovalPort,
  ApproverConnection,
  CredentialInput,
  KeyProtection,
  StoredSession,
  WalletInfo,
} from '../api.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import { parseApproverConnection, parseCredential, walletFor } from './credentials.ts'
import type { ParsedCredential } from './credentials.ts'
import { approverSigner, keySigner } from './signers.ts'
import type { JobSigner } from '../jobs/jobSigner.ts'
import { assertMaySign, readAccountAuth } from './accountKeys.ts'
import type { AccountAuth } from './accountKeys.ts'
import { RegularKeySetup } from './regularKeySetup.ts'
import type { ConfirmLimits } from './regularKeyWait.ts'
import {
  deleteRemovedKey,
  restorableKey,
  unlockedKey,
  newestStoredSession,
} from './storedKeyChecks.ts'

/** What the keyring needs from the engine. */
export interface KeyringDeps {
  /** The ledger connection, for account checks. */
  connection: ConnectionManager
  /** Where the GEM regular key is stored (encrypted) between sessions. */
  db: LedgerDb
  /** The engine's current network; a wallet belongs to the network it was connected on. */
  network: () => NetworkId
  /** Bounds of the wait for a GEM regular key (tests shorten them); the defaults otherwise. */
  confirmLimits?: Partial<ConfirmLimits>
}

/**
 * A connected wallet: what the UI may see, and what signs (which it may not): the key's Wallet, or
 * the external wallet's approvals.
 */
interface Session {
  info: WalletInfo
  signer: JobSigner
  /** The key, when the app holds it (null for an external wallet). */
  wallet: Wallet | null
}

/** Holds the secrets of the ledger engine; see the module comment. */
export class Keyring {
  private session: Session | null = null
  private readonly setup: RegularKeySetup
  /** Bumped by lock and by every connect: a slower, older attempt must not install its session. */
  private generation = 0

  /** @param deps - connection, database and the engine's current network. */
  constructor(private readonly deps: KeyringDeps) {
    this.setup = new RegularKeySetup({
      ...deps,
      readAuth: (account, network) => this.readAuth(account, network),
      assertNetwork: (network) => this.assertNetwork(network),
    })
  }

  /**
   * Connects a wallet from a credential (see EngineApi.connectWallet for the contract). The input is
   * validated before the ledger is asked, so bad input fails the same way offline.
   *
   * @param input - the credential as the dialog sent it.
   */
  async connect(input: CredentialInput): Promise<WalletInfo> {
    const credential = parseCredential(input)
    const network = this.deps.network()
    const ticket = ++this.generation
    const auth = await this.readAuth(credential.account, network)
    assertMaySign(auth, credential)
    return this.install(ticket, network, credential, false)
  }

  /**
   * Connects an account whose transactions an external wallet approves (see
   * EngineApi.connectApprover): the key that signs must be the account's master key (not disabled)
   * or its RegularKey, as the validated ledger says.
   */
  async connectApprover(input: ApproverConnection, port: ApprovalPort): Promise<WalletInfo> {
    const who = parseApproverConnection(input)
    const network = this.deps.network()
    const ticket = ++this.generation
    const auth = await this.readAuth(who.account, network)
    assertMaySign(auth, who)
    if (ticket !== this.generation) {
      throw new EngineError('CANCELLED', 'A newer wallet connection replaced this one')
    }
    this.assertNetwork(network)
    const { account, signing, algorithm, keyAddress } = who
    const info: WalletInfo = {
      network,
      address: account,
      signing,
      algorithm,
      keyAddress,
      restored: false,
      approver: who.wallet,
    }
    this.session = { info, signer: approverSigner(who, port), wallet: null }
    return { ...info }
  }

  /** The connected wallet on the engine's current network, or null. */
  current(): WalletInfo | null {
    const session = this.activeSession()
    return session ? { ...session.info } : null
  }

  /** Drops every secret held in memory: the session and any pending GEM key. */
  lock(): void {
    this.generation += 1
    this.session = null
    this.setup.drop()
  }

  /**
   * What signs the connected account's job transactions: its key, or its external wallet's
   * approvals. For the worker's own use: a key's signer holds the private key and must never be
   * posted.
   *
   * @throws EngineError `VALIDATION` 'Please connect your wallet first'.
   */
  signer(): JobSigner {
    const session = this.activeSession()
    if (!session) throw new EngineError('VALIDATION', 'Please connect your wallet first')
    return session.signer
  }

  /**
   * The xrpl.js Wallet of the connected key (with `masterAddress` for a regular key), for the
   * worker's own use (and tests'): it holds the private key and must never be posted.
   *
   * @throws EngineError `VALIDATION` without a wallet, or for an external wallet (no key here).
   */
  signingWallet(): Wallet {
    const session = this.activeSession()
    if (!session?.wallet) throw new EngineError('VALIDATION', 'Please connect your wallet first')
    return session.wallet
  }

  /** GEM flow step 1 (see RegularKeySetup.prepare). */
  prepareRegularKey(): { regularKeyAddress: string } {
    return this.setup.prepare()
  }

  /** See EngineApi.approveRegularKey. */
  approveRegularKey(protection: KeyProtection): Promise<{ hash: string }> {
    const ticket = this.generation
    return this.setup.approve(this.activeSession(), protection, () => ticket === this.generation)
  }

  /** GEM flow step 2 (see EngineApi.confirmRegularKey): connects with the key once confirmed. */
  async confirmRegularKey(primaryAddress: string, protection: KeyProtection): Promise<WalletInfo> {
    let ticket = this.generation
    const { network, credential } = await this.setup.confirm(primaryAddress, protection, () => {
      ticket = ++this.generation
    })
    return this.install(ticket, network, credential, false)
  }

  /**
   * Restores the stored GEM session of the current network (see EngineApi.restoreWallet) with the
   * key storedKeyChecks.restorableKey picks; calling it again once online verifies a key restored
   * offline.
   */
  async restore(): Promise<WalletInfo | null> {
    const network = this.deps.network()
    const ticket = ++this.generation
    const credential = await restorableKey(
      this.deps.db,
      network,
      (account) => this.readAuth(account, network),
      (row) => this.dropSessionOf(row),
    )
    return credential ? this.install(ticket, network, credential, true) : null
  }

  /** The newest key stored on this device for the current network, without its secret. */
  storedSession(): Promise<StoredSession | null> {
    return newestStoredSession(this.deps.db, this.deps.network())
  }

  /** Connects with the current network's passphrase-protected stored key (see unlockedKey). */
  async unlock(passphrase: string): Promise<WalletInfo> {
    const network = this.deps.network()
    const ticket = ++this.generation
    const credential = await unlockedKey(this.deps.db, network, passphrase, (account) =>
      this.readAuth(account, network),
    )
    return this.install(ticket, network, credential, true)
  }

  /**
   * Disconnect and forget the key here: the connected account's stored key (on this network) is
   * deleted and the session locked; nothing restores it. The key stays set on the account.
   */
  async forgetStoredKey(): Promise<void> {
    const info = this.session?.info
    try {
      if (info) await deleteStoredKey(this.deps.db, storedKeyId(info.network, info.address))
    } finally {
      this.lock()
    }
  }

  /** Deletes the stored key of an account whose RegularKey was removed, and its session. */
  async keyRemoved(network: NetworkId, account: string, keyAddress: string): Promise<void> {
    await deleteRemovedKey(this.deps.db, network, account, keyAddress)
    if (this.holds(network, account, keyAddress)) this.lock()
  }

  /** 'Forget this device': wipes the stored keys and the device key, then locks. */
  async forgetDevice(): Promise<void> {
    try {
      await wipeStoredKeys(this.deps.db)
    } finally {
      this.lock()
    }
  }

  private activeSession(): Session | null {
    const session = this.session
    return session && session.info.network === this.deps.network() ? session : null
  }

  /** Reads the account on `network`; CANCELLED once the engine moved to another network. */
  private async readAuth(account: string, network: NetworkId): Promise<AccountAuth> {
    this.assertNetwork(network)
    const client = await this.deps.connection.readyClient(network)
    const auth = await readAccountAuth(client, account, NETWORKS[network].name)
    this.assertNetwork(network)
    return auth
  }

  private assertNetwork(network: NetworkId): void {
    if (this.deps.network() !== network) {
      throw new EngineError('CANCELLED', 'The network changed while connecting the wallet')
    }
  }

  /** Makes the credential the connected wallet, unless a newer connect or a lock came first. */
  private install(
    ticket: number,
    network: NetworkId,
    credential: ParsedCredential,
    restored: boolean,
  ): WalletInfo {
    if (ticket !== this.generation) {
      throw new EngineError('CANCELLED', 'A newer wallet connection replaced this one')
    }
    this.assertNetwork(network)
    const { account, signing, algorithm, keyAddress } = credential
    const info: WalletInfo = { network, address: account, signing, algorithm, keyAddress, restored }
    const wallet = walletFor(credential)
    this.session = { info, signer: keySigner(wallet), wallet }
    return { ...info }
  }

  /** Ends the session that a wiped stored row had restored. */
  private dropSessionOf(row: StoredKeyRow): void {
    if (this.holds(row.network, row.primaryAddress, row.regularKeyAddress)) this.session = null
  }

  /** Whether the session (on any network) is of this account, signing with this key. */
  private holds(network: NetworkId, account: string, keyAddress: string): boolean {
    const info = this.session?.info
    return info?.network === network && info.address === account && info.keyAddress === keyAddress
  }
}
