/**
 * Follows the connected wallet's account on the ledger stream (EngineApi.onAccountActivity): an NFT
 * that left it (an airdrop offer accepted, a listing bought, a bid accepted elsewhere, a burn) leaves
 * the stored list at once, and every change is told to the pages, which update the collection and
 * the offer counts without reading the lists again.
 */
import type { Client } from 'xrpl'

import { removeFromNftSnapshot } from '../../db/nftSnapshots.ts'
import type { LedgerDb } from '../../db/schema.ts'
import { logFailure } from '../../shared/errors.ts'
import type { AccountActivityListener, WalletInfo } from '../api.ts'
import { Subscribers } from '../subscribers.ts'
import { AccountStream } from './accountActivity.ts'
import type { AccountActivity } from './accountActivity.ts'

/** What the watch needs of the engine. */
export interface AccountWatchDeps {
  db: LedgerDb
  /** The live client, or null without a connection. */
  client: () => Client | null
  /** The connected wallet on the network in use, or null. */
  wallet: () => WalletInfo | null
}

/** The connected account's stream, told to subscribers. */
export class AccountWatch {
  private readonly subscribers = new Subscribers<AccountActivity>()
  private readonly stream = new AccountStream((activity) => void this.changed(activity))

  constructor(private readonly deps: AccountWatchDeps) {}

  /**
   * Follows the connected wallet on the live connection; stops without either. Called when the
   * wallet or the connection changes: a new connection needs its own subscription.
   */
  follow(): void {
    const wallet = this.deps.wallet()
    const client = this.deps.client()
    if (!wallet || !client) {
      this.stream.stop()
      return
    }
    // A failed subscribe is tried again at the next change of connection or wallet.
    void this.stream.follow(client, wallet.address).catch(logFailure('following the account'))
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
  }

  private async changed(activity: AccountActivity): Promise<void> {
    const wallet = this.deps.wallet()
    if (wallet?.address !== activity.account) return
    if (activity.left.length > 0) {
      // Stored first: a page told of the change reads the stored list and finds them gone.
      await removeFromNftSnapshot(
        this.deps.db,
        wallet.network,
        wallet.address,
        activity.left,
      ).catch(logFailure('taking NFTs that left out of the stored list'))
    }
    this.subscribers.publish(activity)
  }
}
