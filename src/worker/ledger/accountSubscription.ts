/**
 * One account followed on a connection's transaction stream (`subscribe accounts`), again on each new
 * client. rippled (and the sandbox) send every validated transaction that touches the account. The
 * subscription is never taken back: rippled keeps one per account and connection, and a job runner,
 * the acceptance tracker and the collection may follow the same account on the same connection.
 */
import type { Client, TransactionStream } from 'xrpl'

import { inLane } from './pacedClient.ts'

/** Follows one account and hands each streamed transaction to `onTransaction`. */
export class AccountSubscription {
  private client?: Client
  private account?: string
  /** Counts follows: a subscribe that fails after a newer follow began must not stop that one. */
  private generation = 0

  constructor(private readonly onTransaction: (tx: TransactionStream, account: string) => void) {}

  /** Subscribes `account` on `client` unless already done. */
  async follow(client: Client, account: string): Promise<void> {
    if (client === this.client && account === this.account) return
    this.stop()
    const generation = ++this.generation
    this.client = client
    this.account = account
    client.on('transaction', this.listener)
    try {
      await client.request(inLane('background', { command: 'subscribe', accounts: [account] }))
    } catch (e) {
      // Not following after all (unless a newer follow took over): the next follow() subscribes.
      if (generation === this.generation) this.stop()
      throw e
    }
  }

  /** Stops listening (the subscription stays with the connection; see the module comment). */
  stop(): void {
    this.client?.off('transaction', this.listener)
    this.client = undefined
    this.account = undefined
  }

  private readonly listener = (tx: TransactionStream): void => {
    if (this.account) this.onTransaction(tx, this.account)
  }
}
