/**
 * Who hears of something the engine publishes (the connection status, the account's activity): each
 * listener is told every value from its subscription on, until it unsubscribes or its page is gone.
 */
import { releaseProxy } from 'comlink'

/** A Comlink proxy carries a release function; a plain function (in Node) does not. */
type MaybeProxy<T> = ((value: T) => unknown) & { [releaseProxy]?: () => void }

/** The subscriptions to one kind of news of one engine. */
export class Subscribers<T> {
  private readonly listeners = new Map<number, MaybeProxy<T>>()
  private nextSubscription = 1

  /**
   * Subscribes a listener, and tells it `current` at once when given.
   *
   * @returns the subscription, for {@link Subscribers.remove}.
   */
  add(listener: (value: T) => unknown, ...current: [] | [T]): number {
    const subscription = this.nextSubscription++
    this.listeners.set(subscription, listener)
    if (current.length === 1) this.notify(subscription, listener, current[0])
    return subscription
  }

  /** Ends a subscription and releases its listener's proxy. */
  remove(subscription: number): void {
    const listener = this.listeners.get(subscription)
    this.listeners.delete(subscription)
    listener?.[releaseProxy]?.()
  }

  /** Tells every listener. */
  publish(value: T): void {
    for (const [subscription, listener] of this.listeners)
      this.notify(subscription, listener, value)
  }

  private notify(subscription: number, listener: MaybeProxy<T>, value: T): void {
    const drop = () => this.remove(subscription)
    try {
      // Through Comlink the call returns a promise that rejects once the page is gone: drop it then.
      const result: unknown = listener(value)
      if (result instanceof Promise) result.catch(drop)
    } catch {
      drop()
    }
  }
}
