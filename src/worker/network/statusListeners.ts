/**
 * Who hears of the connection status (EngineApi.onStatus): each listener is told the status at once
 * and every change after, until it unsubscribes or its page is gone.
 */
import { releaseProxy } from 'comlink'

import type { NetworkStatus, StatusListener } from '../api.ts'

/** A Comlink proxy carries a release function; a plain function (in Node) does not. */
type MaybeProxy = StatusListener & { [releaseProxy]?: () => void }

/** The status subscriptions of one engine. */
export class StatusListeners {
  private readonly listeners = new Map<number, MaybeProxy>()
  private nextSubscription = 1

  /**
   * Subscribes a listener and tells it the current status.
   *
   * @returns the subscription, for {@link StatusListeners.remove}.
   */
  add(listener: StatusListener, status: NetworkStatus): number {
    const subscription = this.nextSubscription++
    this.listeners.set(subscription, listener)
    this.notify(subscription, listener, status)
    return subscription
  }

  /** Ends a subscription and releases its listener's proxy. */
  remove(subscription: number): void {
    const listener = this.listeners.get(subscription)
    this.listeners.delete(subscription)
    listener?.[releaseProxy]?.()
  }

  /** Tells every listener the new status. */
  publish(status: NetworkStatus): void {
    for (const [subscription, listener] of this.listeners)
      this.notify(subscription, listener, status)
  }

  private notify(subscription: number, listener: MaybeProxy, status: NetworkStatus): void {
    const drop = () => this.remove(subscription)
    try {
      // Through Comlink the call returns a promise that rejects once the page is gone: drop it then.
      const result: unknown = listener(status)
      if (result instanceof Promise) result.catch(drop)
    } catch {
      drop()
    }
  }
}
