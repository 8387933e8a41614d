/**
 * The user's own servers per network, as the settings keep them (`ownEndpoints`): each checked before
 * it is added, listed first in its network's endpoints, and paced as an own node. The engines of one
 * profile share the list: a server removed in another tab (no longer trusted, say) is left here too.
 */
import type { Client } from 'xrpl'

import { readSettings, saveSettings } from '../../db/settings.ts'
import type { LedgerDb } from '../../db/schema.ts'
import { EngineError, logFailure } from '../../shared/errors.ts'
import { isNetworkId } from '../../shared/networks.ts'
import type { NetworkConfig, NetworkId } from '../../shared/networks.ts'
import type { OwnEndpoint, OwnEndpointKind } from '../api.ts'
import type { LoadBudgets } from '../ledger/pacedClient.ts'
import { ProfileNudges } from '../profileNudges.ts'
import { checkOwnEndpoint } from './ownEndpoints.ts'

/** The own servers of each network. */
type OwnTable = Partial<Record<NetworkId, OwnEndpoint[]>>
/** The networks whose own servers are used alone. */
type AloneTable = Partial<Record<NetworkId, boolean>>

/** What the list needs of the engine. */
export interface OwnEndpointListDeps {
  db: LedgerDb
  /** The networks' public servers, which the own ones come before. */
  networks: Readonly<Record<NetworkId, NetworkConfig>>
  /** The servers' budgets: an own node's is unlimited until it pushes back. */
  budgets: LoadBudgets
  /** The connected client when the engine is on this network (a new server's ledger is compared). */
  reference: (networkId: NetworkId) => Client | null
  /** Told when a network's own servers changed, here or in another tab. */
  changed: (networkId: NetworkId) => Promise<void>
}

/** The user's own servers, per network. */
export class OwnEndpointList {
  /** The user's own servers per network (loaded from the settings on first use). */
  private own: OwnTable | null = null
  private alone: AloneTable = {}
  /** Tells the other engines of this profile that a network's own servers changed. */
  private readonly nudges: ProfileNudges

  constructor(private readonly deps: OwnEndpointListDeps) {
    // A server removed in another tab (no longer trusted, say) is left here too, at once.
    this.nudges = new ProfileNudges(
      `xrpl-nft-manager/own-endpoints/${deps.db.name}`,
      (networkId) => void this.changedElsewhere(networkId),
    )
  }

  /** Checks a server and adds it first to the network's own servers (see EngineApi.addOwnEndpoint). */
  async add(networkId: NetworkId, url: string, kind: OwnEndpointKind): Promise<OwnEndpoint> {
    if (!isNetworkId(networkId)) throw new EngineError('VALIDATION', 'Unknown network')
    if (kind !== 'ledger' && kind !== 'clio') throw new EngineError('VALIDATION', 'Unknown kind')
    const reference = this.deps.reference(networkId)
    const network = this.deps.networks[networkId]
    // Paced too: the check reads the network's public servers as well as the user's.
    const added = await checkOwnEndpoint(network, url, kind, reference, this.deps.budgets.clients)
    const own = await this.load()
    const others = (own[networkId] ?? []).filter((e) => e.url !== added.url || e.kind !== kind)
    await this.save({ ...own, [networkId]: [added, ...others] })
    this.nudges.post(networkId)
    await this.deps.changed(networkId)
    return added
  }

  /** Removes a server from the network's own servers (see EngineApi.removeOwnEndpoint). */
  async remove(networkId: NetworkId, url: string): Promise<void> {
    if (!isNetworkId(networkId)) throw new EngineError('VALIDATION', 'Unknown network')
    const own = await this.load()
    await this.save({ ...own, [networkId]: (own[networkId] ?? []).filter((e) => e.url !== url) })
    this.nudges.post(networkId)
    await this.deps.changed(networkId)
  }

  /**
   * Uses the network's own servers alone, or with the public ones behind them (see
   * EngineApi.setOwnEndpointsAlone).
   */
  async setAlone(networkId: NetworkId, alone: boolean): Promise<void> {
    if (!isNetworkId(networkId)) throw new EngineError('VALIDATION', 'Unknown network')
    const own = await this.load()
    if (alone && !own[networkId]?.some((e) => e.kind === 'ledger')) {
      throw new EngineError('VALIDATION', 'Add a server of your own first: it would be used alone')
    }
    this.alone = { ...this.alone, [networkId]: alone }
    await saveSettings(this.deps.db, { ownEndpointsAlone: this.alone })
    this.nudges.post(networkId)
    await this.deps.changed(networkId)
  }

  /** The network with the user's own servers first, read anew from the settings. */
  async networkWithOwn(networkId: NetworkId): Promise<NetworkConfig> {
    await this.load()
    return this.networkConfig(networkId)
  }

  /** The network with the user's own servers first (as far as they are loaded). */
  networkConfig(networkId: NetworkId): NetworkConfig {
    const base = this.deps.networks[networkId]
    const own = this.own?.[networkId] ?? []
    const urls = (kind: OwnEndpointKind) => own.filter((e) => e.kind === kind).map((e) => e.url)
    // Alone (asked, and with an own ledger server): the public servers are not used at all.
    const alone = this.alone[networkId] === true && urls('ledger').length > 0
    const first = (mine: string[], theirs: readonly string[]) =>
      Object.freeze(alone ? mine : [...mine, ...theirs.filter((e) => !mine.includes(e))])
    return Object.freeze({
      ...base,
      endpoints: first(urls('ledger'), base.endpoints),
      // A rippled of the user's answers what Clio answers only if it is a Clio: listed for Clio only
      // as such.
      clioEndpoints: first(urls('clio'), base.clioEndpoints),
    })
  }

  /** Stops hearing the other engines' changes (the engine is going away). */
  close(): void {
    this.nudges.close()
  }

  /** Another engine of this profile changed a network's own servers: read them and use them. */
  private async changedElsewhere(networkId: string): Promise<void> {
    if (!isNetworkId(networkId)) return
    try {
      await this.load()
      await this.deps.changed(networkId)
    } catch (e) {
      logFailure('using the own servers changed in another tab')(e)
    }
  }

  /**
   * The user's own servers per network, read from the settings (again each time: another tab may
   * have changed them).
   */
  private async load(): Promise<OwnTable> {
    const settings = await readSettings(this.deps.db)
    this.alone = settings.ownEndpointsAlone ?? {}
    return this.adopt(settings.ownEndpoints ?? {})
  }

  private async save(own: OwnTable): Promise<void> {
    await saveSettings(this.deps.db, { ownEndpoints: own })
    this.adopt(own)
  }

  /** The own servers in use from now on; their budgets are an own node's (unlimited until pushed back). */
  private adopt(own: OwnTable): OwnTable {
    this.own = own
    this.deps.budgets.setOwn(
      Object.values(own)
        .flat()
        .map((e) => e.url),
    )
    return own
  }
}
