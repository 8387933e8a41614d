/**
 * Wallets: connecting one from a credential (the secret stays in the worker), an external wallet that
 * approves the app's transactions (it keeps its key), the regular key this app keeps.
 */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { ApproverWalletId } from '../../shared/wallets.ts'

/** Connecting a wallet, and the regular key this app keeps on the device. */
export const walletContract = {
  /**
   * Connects a wallet from a credential. The secret crosses into the worker here, once, and never
   * leaves it: the answer carries addresses only. The credential is trimmed and validated; the
   * account must exist on the connected network; a regular key must be the account's RegularKey and
   * a master key must not be disabled.
   *
   * @throws EngineError `VALIDATION` with a message fit to show ('Please enter your wallet key',
   *   'Invalid seed phrase: …', wrong length, bad checksum, 'This key is not the regular key of r…',
   *   'The master key of r… is disabled: connect with its regular key'); `NOT_FOUND` when the account
   *   is not activated on this network; `NOT_CONNECTED` without a ledger connection.
   */
  connectWallet: method<(input: CredentialInput) => Promise<WalletInfo>>(),

  /**
   * Connects an account whose transactions an external wallet approves (Crossmark, GEM Wallet,
   * Ledger, Xaman): the app holds no key. Jobs hand the wallet windows of prepared transactions
   * (sequence, fee and LastLedgerSequence set) through `port`, check every signed blob it returns
   * against what was prepared and the account's keys, store it, and only then submit it. A refusal
   * or a closed wallet pauses the job (nothing prepared is lost); Resume asks again.
   *
   * @param connection - the wallet, the account and the public key that signs for it (its master
   *   key, or its RegularKey), as the wallet reported them.
   * @param port - a `Comlink.proxy` that asks the wallet (in the page) to approve.
   * @throws EngineError `VALIDATION` for a malformed address or key, a key that may not sign for the
   *   account (not its RegularKey, or a disabled master key); `NOT_FOUND` for an account that does
   *   not exist on the connected network.
   */
  connectApprover:
    method<(connection: ApproverConnection, port: ApprovalPort) => Promise<WalletInfo>>(),

  /**
   * Connects the sandbox's demo wallet (its seed is derived inside the worker).
   *
   * @throws EngineError `VALIDATION` on any network but the Sandbox.
   */
  connectDemoWallet: method<() => Promise<WalletInfo>>(),

  /** The connected wallet, or null. */
  getWallet: method<() => Promise<WalletInfo | null>>(),

  /** Forgets the secrets held in memory (the stored GEM regular key stays until `forgetDevice`). */
  lock: method<() => Promise<void>>(),

  /**
   * GEM Wallet flow, step 1: generates a fresh regular key inside the worker and returns its address
   * only, for the app to ask GEM Wallet to set as the RegularKey of the user's account. Replaces any
   * earlier pending key.
   */
  prepareRegularKey: method<() => Promise<{ regularKeyAddress: string }>>(),

  /**
   * The regular-key setup through a connected external wallet (Crossmark, Ledger, Xaman): after
   * `prepareRegularKey`, the wallet is asked to approve one SetRegularKey making the pending key the
   * account's RegularKey; the engine checks the signed blob as any job's, stores the key (wrapped as
   * `protection` says) before it submits it, and submits it. Then `confirmRegularKey` waits for it
   * on the ledger and connects with it: big jobs then need no approval each. Once submitted, the key
   * is not replaced by a new `prepareRegularKey` (it may still become the account's).
   *
   * @returns the transaction's hash.
   * @throws EngineError `VALIDATION` without an external wallet or a pending key, or when the
   *   wallet signs with the account's regular key (a new one would lock the wallet out);
   *   `CANCELLED` with the wallet's words when it refused, closed, returned something else than was
   *   prepared, or the setup was left meanwhile (nothing submitted); `NETWORK` when the ledger
   *   refused it.
   */
  approveRegularKey: method<(protection: KeyProtection) => Promise<{ hash: string }>>(),

  /**
   * GEM Wallet flow, step 2: waits until a validated ledger shows the pending key as the RegularKey
   * of `primaryAddress`, stores the key encrypted on this device and connects the wallet with it.
   * `protection` says how the stored key is wrapped: by a passphrase (PBKDF2-SHA-256, 600,000
   * iterations; asked again by `unlockWallet` after a reload), or by the device key alone (any script
   * running in the page could then use the key).
   *
   * @throws EngineError `VALIDATION` when no key is pending, the address is malformed or the
   *   passphrase is shorter than 8 characters; `NOT_FOUND` for an account that does not exist;
   *   `TIMEOUT` when the key did not appear in time.
   */
  confirmRegularKey:
    method<(primaryAddress: string, protection: KeyProtection) => Promise<WalletInfo>>(),

  /**
   * Restores the GEM regular-key session stored on this device for the connected network, after
   * checking on the ledger that the key is still the account's RegularKey. Null when nothing is
   * stored, or the stored key is not the account's RegularKey any more (it is kept, not deleted: a
   * server may be wrong, and it may be the account's only signing key). A key protected by a
   * passphrase is not restored here: see `storedSession` and `unlockWallet`.
   */
  restoreWallet: method<() => Promise<WalletInfo | null>>(),

  /** The newest regular key stored on this device for the current network (no secret), or null. */
  storedSession: method<() => Promise<StoredSession | null>>(),

  /**
   * Opens the passphrase-protected key stored for the current network and connects with it.
   *
   * @throws EngineError `VALIDATION` 'Wrong passphrase: …', or when the ledger server says it is no
   *   longer the account's RegularKey (either way the key stays stored); `NOT_FOUND` when no such key
   *   is stored.
   */
  unlockWallet: method<(passphrase: string) => Promise<WalletInfo>>(),

  /**
   * Disconnect and forget the key here: deletes the connected account's stored regular key and
   * locks. Nothing restores that session afterwards; the key itself stays set on the account until
   * it is removed (a `removeRegularKey` job).
   */
  forgetStoredKey: method<() => Promise<void>>(),

  /**
   * Who may sign for the connected account, as the validated ledger has it: its RegularKey (this
   * device's signing key, another key, or none), whether its master key is disabled and whether it
   * has a signer list (without either, removing the RegularKey is refused: tecNO_ALTERNATIVE_KEY).
   */
  accountKeys: method<() => Promise<AccountKeys>>(),

  /** 'Forget this device': wipes the stored regular keys and the device key, and locks. */
  forgetDevice: method<() => Promise<void>>(),

  /**
   * Checks an address typed to open an account read-only (no secret: nothing can be signed for it).
   * Needs no connection, so it works offline too.
   *
   * @returns the address, trimmed.
   * @throws EngineError `VALIDATION` ('Please enter a valid XRPL address (r…)') for anything else.
   */
  checkAddress: method<(address: string) => Promise<string>>(),

  /**
   * The account the app shows without a key (opened read-only, or remembered from the last visit);
   * null when it shows none, or a connected wallet. Reading the ledger needs no key: the engine
   * follows this account as it does a connected wallet's (the account stream of
   * `onAccountActivity`, the acceptance of its airdrops' offers and `checkAcceptance`) while it is
   * on the network in use. A connected wallet on that network comes first.
   *
   * @throws EngineError `VALIDATION` for a malformed address or an unknown network.
   */
  viewAccount: method<(account: ViewedAccount | null) => Promise<void>>(),
}

/** An account shown read-only (see WalletApi.viewAccount). */
export interface ViewedAccount {
  network: NetworkId
  address: string
}

/** {@link walletContract} as the methods it declares. */
export interface WalletApi extends Api<typeof walletContract> {}

/**
 * The credential kinds of the wallet dialog.
 * - `familySeed`: `s…` (secp256k1) or `sEd…` (ed25519).
 * - `secpKey`: a private key in hex: 64 digits, 66 with the `00` prefix, or `ED` + 64 for ed25519.
 * - `regularKey`: the seed or hex key of a regular key, plus the account it signs for.
 * - `secretNumbers`: Xaman's backup, 8 rows of 6 digits (the last digit of each row checks it),
 *   separated by anything but digits.
 */
export type CredentialKind = 'familySeed' | 'secpKey' | 'regularKey' | 'secretNumbers'

/** What the wallet dialog sends, once, into the worker. */
export interface CredentialInput {
  kind: CredentialKind
  /** The secret as typed (it is trimmed in the worker). */
  secret: string
  /** `regularKey` only: the address of the account the key signs for. */
  account?: string
}

/** How the GEM regular key is kept on this device (see EngineApi.confirmRegularKey). */
export type KeyProtection = { kind: 'passphrase'; passphrase: string } | { kind: 'device' }

/** A regular key stored on this device, without its secret. */
export interface StoredSession {
  network: NetworkId
  primaryAddress: string
  regularKeyAddress: string
  protection: 'passphrase' | 'device'
}

/** Who may sign for an account (EngineApi.accountKeys). */
export interface AccountKeys {
  account: string
  /** The account's RegularKey, or null. */
  regularKey: string | null
  /** The RegularKey is the key this session signs with. */
  thisDevice: boolean
  masterDisabled: boolean
  hasSignerList: boolean
  /** The validated ledger it was read from. */
  ledgerIndex: number
  /** The account's XRP balance in that ledger, in drops. */
  balanceDrops: string
  /**
   * What of it the reserve holds (the base reserve and one owner reserve per object the account
   * owns), in drops: the rest is what can be spent.
   */
  reserveDrops: string
}

/** The connected wallet: addresses and key kind, never a secret. */
export interface WalletInfo {
  network: NetworkId
  /** The account whose NFTs are shown and for which transactions are signed. */
  address: string
  /** Whether the account's master key or its RegularKey signs. */
  signing: 'master' | 'regular'
  algorithm: 'secp256k1' | 'ed25519'
  /** Address of the signing key (the account itself for the master key). */
  keyAddress: string
  /** True when it came from the encrypted key stored on this device. */
  restored: boolean
  /** The external wallet that approves each transaction (no key in the app); absent for a key. */
  approver?: ApproverWalletId
}

/** An external wallet's account, as the wallet reported it (EngineApi.connectApprover). */
export interface ApproverConnection {
  wallet: ApproverWalletId
  /** The account whose transactions it approves. */
  account: string
  /** Hex public key of the key that signs: the account's master key or its RegularKey. */
  publicKey: string
}

/**
 * What the page does for the engine with an external wallet: approve windows of prepared
 * transactions. It signs nothing itself and submits nothing: the engine submits what it stored.
 */
export interface ApprovalPort {
  approve(request: ApprovalRequest): Promise<ApprovalAnswer>
}

/** Prepared transactions to approve, in sequence order: every field set but the signature. */
export interface ApprovalRequest {
  /** Transaction JSON with Account, Fee, Sequence, LastLedgerSequence and SigningPubKey set. */
  transactions: Record<string, unknown>[]
  /** Why (the job's kind, or 'gap' for a no-op that fills a sequence number). */
  purpose: string
}

/**
 * The wallet's answer: the signed blobs, in the order asked, of the transactions it approved (a
 * prefix of the request: a wallet that asks transaction by transaction may stop midway), and why it
 * stopped short.
 */
export interface ApprovalAnswer {
  signed: string[]
  /** `refused`: the user said no. `closed`: the wallet is closed, locked or gone. */
  stopped?: { reason: 'refused' | 'closed'; message: string }
}

/**
 * Remove this app's signing key from the account (the regular key of a GEM Wallet setup): a
 * SetRegularKey without a key, signed by that key. Pre-flight refuses it when the account's
 * RegularKey is not the connected key (NO_REGULAR_KEY), or when its master key is disabled and it
 * has no signer list (NO_ALTERNATIVE_KEY: the ledger would answer tecNO_ALTERNATIVE_KEY). Once it
 * applies, the key stored on this device is deleted and the session ends.
 */
export interface RemoveRegularKeyRequest {
  kind: 'removeRegularKey'
  /** Set by the engine (the connected regular key); whatever the caller sends is ignored. */
  keyAddress?: string
}
