/**
 * Follows the account shown (the connected wallet's, or one viewed read-only) on the ledger stream (EngineApi.onAccountActivity): an NFT
 * that left it (an airdrop offer accepted, a listing bought, a bid accepted elsewhere, a burn) leaves
 * the stored list, and every change is told to the pages, which update the collection and the offer
 * counts without reading the lists again. The transactions of one moment (a ledger's worth) are
 * written in one go: the stored list may hold 100,000 NFTs.
 */
import type { Client } from 'xrpl'

import { removeFromNftSnapshot } from '../../db/nftSnapshots.ts'
import type { LedgerDb } from '../../db/schema.ts'
import { logFailure } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { AccountActivityListener, ViewedAccount } from '../api.ts'
import { Subscribers } from '../subscribers.ts'
import { AccountStream } from './accountActivity.ts'
import type { AccountActivity } from '../contract/collection.ts'

/** What the watch needs of the engine. */
export interface AccountWatchDeps {
  db: LedgerDb
  /** The live client, or null without a connection. */
  client: () => Client | null
  /** The account shown on the network in use (a connected wallet, or one viewed read-only), or null. */
  wallet: () => ViewedAccount | null
}

/** A ledger's transactions come together: they are stored and told once this long after the first. */
const BATCH_MS = 200
/** A failed subscribe is tried again after this long (while the wallet and connection stay). */
const RETRY_MS = 5_000
/** NFTs seen leaving are remembered for a load in flight: at most this many … */
const LEFT_KEPT = 5_000

/** The connected account's stream, stored and told to subscribers. */
export class AccountWatch {
  private readonly subscribers = new Subscribers<AccountActivity>()
  private readonly stream = new AccountStream((activity) => this.queue(activity))
  private pending: AccountActivity[] = []
  private batch: ReturnType<typeof setTimeout> | null = null
  private retry: ReturnType<typeof setTimeout> | null = null
  /** NFTs seen leaving, by `network account nftId`, with the ledger they left in. */
  private readonly left = new Map<string, number>()

  constructor(private readonly deps: AccountWatchDeps) {}

  /**
   * Follows the account shown on the live connection; stops without either. Called when the
   * account or the connection changes: a new connection needs its own subscription.
   *
   * @returns settles once subscribed (or once the subscribe failed: it is tried again); never rejects.
   */
  async follow(): Promise<void> {
    if (this.retry) clearTimeout(this.retry)
    this.retry = null
    const wallet = this.deps.wallet()
    const client = this.deps.client()
    if (!wallet || !client) {
      this.stream.stop()
      return
    }
    await this.stream.follow(client, wallet.address).catch((error: unknown) => {
      logFailure('following the account')(error)
      // Tried again while nothing else changed (a change calls follow() itself).
      this.retry = setTimeout(() => void this.follow(), RETRY_MS)
    })
  }

  /**
   * The NFTs of an account seen leaving it in a ledger after `ledgerIndex`: a list read from that
   * ledger still names them, and must not bring them back.
   */
  leftAfter(network: NetworkId, account: string, ledgerIndex: number): ReadonlySet<string> {
    const prefix = `${network} ${account} `
    const ids = new Set<string>()
    for (const [key, ledger] of this.left) {
      if (ledger > ledgerIndex && key.startsWith(prefix)) ids.add(key.slice(prefix.length))
    }
    return ids
  }

  /** See EngineApi.onAccountActivity. */
  on(listener: AccountActivityListener): number {
    return this.subscribers.add(listener)
  }

  /** See EngineApi.offAccountActivity. */
  off(subscription: number): void {
    this.subscribers.remove(subscription)
  }

  /** Stops following (the engine is going away). */
  dispose(): void {
    this.stream.stop()
    if (this.retry) clearTimeout(this.retry)
    if (this.batch) clearTimeout(this.batch)
    this.retry = this.batch = null
    this.pending = []
  }

  private queue(activity: AccountActivity): void {
    this.pending.push(activity)
    this.batch ??= setTimeout(() => void this.flush(), BATCH_MS)
  }

  private async flush(): Promise<void> {
    this.batch = null
    const activities = this.pending
    this.pending = []
    const wallet = this.deps.wallet()
    const mine = activities.filter((a) => a.account === wallet?.address)
    if (!wallet || mine.length === 0) return
    const leaving = mine.flatMap((a) => a.left)
    for (const activity of mine) {
      for (const id of activity.left) {
        this.left.set(`${wallet.network} ${wallet.address} ${id}`, activity.ledgerIndex)
      }
    }
    while (this.left.size > LEFT_KEPT) this.left.delete(this.left.keys().next().value!)
    if (leaving.length > 0) {
      // Stored first: a page told of the change reads the stored list and finds them gone.
      await removeFromNftSnapshot(this.deps.db, wallet.network, wallet.address, leaving).catch(
        logFailure('taking NFTs that left out of the stored list'),
      )
    }
    for (const activity of mine) this.subscribers.publish(activity)
  }
}
