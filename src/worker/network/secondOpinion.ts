/**
 * Other endpoints of a network than the one in use, for the answers no single server may give alone:
 * a transaction the server in use hides, the transaction that used a sequence number it calls used
 * (docs/architecture.md §3.2), a sale's terms, a holder snapshot's owners. Clients are opened on
 * first use and kept until the network is left or the engine goes.
 */
import type { Client } from 'xrpl'

import type { NetworkConfig, NetworkId } from '../../shared/networks.ts'
import { plainClients } from '../ledger/pacedClient.ts'
import type { ClientFactory } from '../ledger/pacedClient.ts'
import type { SecondRead } from '../ledger/secondRead.ts'
import type { LinkTiming } from './endpointLink.ts'
import { log } from '../../shared/log.ts'

export class SecondOpinion {
  private readonly clients = new Map<string, Client>()
  /** Connections being opened, by endpoint (see client). */
  private readonly opening = new Map<string, Promise<Client>>()

  /**
   * @param network - the network table entry of a network id.
   * @param inUse - the endpoint the engine's connection uses now (null when none).
   */
  constructor(
    private readonly network: (id: NetworkId) => NetworkConfig,
    private readonly inUse: () => string | null,
    private readonly timing: LinkTiming,
    private readonly makeClient: ClientFactory = plainClients,
  ) {}

  /** Whether the network lists another endpoint than the one in use. */
  has(id: NetworkId): boolean {
    return this.others(id).length > 0
  }

  /**
   * Asks the network's other endpoints in turn, until one answers.
   *
   * @returns the first answer; undefined when no other endpoint answered (or there is none).
   */
  async ask<T>(id: NetworkId, question: (client: Client) => Promise<T>): Promise<T | undefined> {
    return this.askAmong(this.others(id), question)
  }

  /**
   * Asks these endpoints in turn, until one answers.
   *
   * @returns the first answer; undefined when none answered.
   */
  async askAmong<T>(
    endpoints: readonly string[],
    question: (client: Client) => Promise<T>,
  ): Promise<T | undefined> {
    for (const endpoint of endpoints) {
      try {
        return await question(await this.client(endpoint))
      } catch (e) {
        log.warn(`network: second opinion from ${endpoint} failed:`, e)
        await this.drop(endpoint)
      }
    }
    return undefined
  }

  /** This network's second opinion as a {@link SecondRead}. */
  readFor(id: NetworkId): SecondRead {
    return {
      available: () => this.has(id),
      ask: (question) => this.ask(id, question),
    }
  }

  /** Closes every client. */
  async close(): Promise<void> {
    await Promise.all([...this.clients.keys()].map((endpoint) => this.drop(endpoint)))
  }

  private others(id: NetworkId): string[] {
    const current = this.inUse()
    return this.network(id).endpoints.filter((e) => e !== current)
  }

  /**
   * A connected client of the endpoint. Callers at the same time share one opening: a second client
   * of the same endpoint used to replace the first in the map, and the first's failure then closed
   * the second while it was still connecting — which never settles, so its caller waited for good.
   */
  private async client(endpoint: string): Promise<Client> {
    const known = this.clients.get(endpoint)
    if (known?.isConnected()) return known
    let opening = this.opening.get(endpoint)
    if (!opening) {
      opening = this.open(endpoint).finally(() => this.opening.delete(endpoint))
      this.opening.set(endpoint, opening)
    }
    return await opening
  }

  private async open(endpoint: string): Promise<Client> {
    const stale = this.clients.get(endpoint)
    this.clients.delete(endpoint)
    if (stale) await this.closeClient(endpoint, stale)
    const client = this.makeClient(endpoint, {
      timeout: this.timing.requestTimeoutMs,
      connectionTimeout: this.timing.connectTimeoutMs,
    })
    try {
      await client.connect()
    } catch (e) {
      await this.closeClient(endpoint, client)
      throw e
    }
    this.clients.set(endpoint, client)
    return client
  }

  private async drop(endpoint: string): Promise<void> {
    const client = this.clients.get(endpoint)
    this.clients.delete(endpoint)
    if (client) await this.closeClient(endpoint, client)
  }

  /**
   * Closes a client without waiting longer than a connection may take: xrpl.js's disconnect of a
   * client that never connected does not settle.
   */
  private async closeClient(endpoint: string, client: Client): Promise<void> {
    const closing = client
      .disconnect()
      .catch((e: unknown) => log.warn('network: closing', endpoint, e))
    let timer: ReturnType<typeof setTimeout> | undefined
    const bound = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.timing.connectTimeoutMs)
    })
    await Promise.race([closing, bound])
    clearTimeout(timer)
  }
}
