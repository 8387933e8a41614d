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

  private async client(endpoint: string): Promise<Client> {
    const known = this.clients.get(endpoint)
    if (known?.isConnected()) return known
    const client = this.makeClient(endpoint, {
      timeout: this.timing.requestTimeoutMs,
      connectionTimeout: this.timing.connectTimeoutMs,
    })
    this.clients.set(endpoint, client)
    await client.connect()
    return client
  }

  private async drop(endpoint: string): Promise<void> {
    const client = this.clients.get(endpoint)
    this.clients.delete(endpoint)
    await client?.disconnect().catch((e: unknown) => log.warn('network: closing', endpoint, e))
  }
}
