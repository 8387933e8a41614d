/**
 * The engine's connection to a Clio server, for what only Clio answers (`nfts_by_issuer`: the floor
 * price). Opened on first use, kept while the network stays, replaced when it changes. When the
 * ledger connection's own endpoint is one of the network's Clio endpoints (the sandbox answers Clio
 * methods itself), that connection serves.
 */
import type { Client } from 'xrpl'

import { EngineError } from '../../shared/errors.ts'
import { plainClients } from '../ledger/pacedClient.ts'
import type { ClientFactory } from '../ledger/pacedClient.ts'
import type { LinkTiming } from './endpointLink.ts'
import type { NetworkConfig } from '../../shared/networks.ts'

export class ClioLink {
  private current: { endpoint: string; client: Client } | null = null
  /** A connection being opened: concurrent callers share it rather than open one each. */
  private opening: Promise<Client> | null = null

  /**
   * @param timing - client limits (the ledger connection's).
   * @param clients - makes the client (paced by the endpoint's budget in the engine).
   */
  constructor(
    private readonly timing: LinkTiming,
    private readonly clients: ClientFactory = plainClients,
  ) {}

  /**
   * A connected client of one of `endpoints`, tried in order.
   *
   * @param networkName - for messages, e.g. 'Mainnet'.
   * @throws EngineError `VALIDATION` when the network has no Clio server; `NETWORK` when none answers.
   */
  /**
   * The network's Clio connection: the ledger connection itself when it is one of the network's
   * Clio servers, else one of them (see {@link client}).
   */
  async forNetwork(
    network: Pick<NetworkConfig, 'clioEndpoints' | 'name'>,
    inUse: { endpoint: string | null; client: Client },
  ): Promise<Client> {
    const endpoints = network.clioEndpoints
    if (inUse.endpoint !== null && endpoints.includes(inUse.endpoint)) return inUse.client
    return await this.client(endpoints, network.name)
  }

  async client(endpoints: readonly string[], networkName: string): Promise<Client> {
    if (endpoints.length === 0) {
      throw new EngineError(
        'VALIDATION',
        `${networkName} has no Clio server configured: the floor price and holder snapshots need one (they list a collection's NFTs with nfts_by_issuer)`,
      )
    }
    const { current } = this
    if (current && endpoints.includes(current.endpoint) && current.client.isConnected()) {
      return current.client
    }
    this.opening ??= this.open(endpoints, networkName).finally(() => {
      this.opening = null
    })
    return await this.opening
  }

  private async open(endpoints: readonly string[], networkName: string): Promise<Client> {
    await this.close()
    for (const endpoint of endpoints) {
      const client = this.clients(endpoint, {
        timeout: this.timing.requestTimeoutMs,
        connectionTimeout: this.timing.connectTimeoutMs,
      })
      try {
        await client.connect()
        // Its server_info tells the scheduler whether it faces Clio's limits or rippled's.
        await client.request({ command: 'server_info' })
        this.current = { endpoint, client }
        return client
      } catch {
        await client.disconnect().catch(() => undefined)
      }
    }
    throw new EngineError('NETWORK', `No Clio server of ${networkName} answered; try again later`)
  }

  /** Closes the connection, if any. */
  async close(): Promise<void> {
    const current = this.current
    this.current = null
    await current?.client.disconnect().catch(() => undefined)
  }
}
