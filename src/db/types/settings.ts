/**
 * Settings: the stored key-value rows, the app's preferences, and the user's own servers.
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { NetworkId } from '../../shared/networks.ts'

/** A setting, by key (network choice, dark mode, splash seen, gateway lists …). */
export interface SettingRow {
  key: string
  value: unknown
}

/** Preferences kept in IndexedDB. */
export interface AppSettings {
  network: NetworkId
  darkMode: boolean
  hasSeenSplash: boolean
  preferredAuthMethod: 'seed' | 'regularkey' | null
  /** IPFS gateway base URLs to try in order (per network default when empty). */
  ipfsGateways: string[]
  /**
   * The account last opened on each network (public addresses only, never a secret): a reload opens
   * it read-only.
   */
  viewAccounts: Partial<Record<NetworkId, string>>
  /**
   * The user's own servers per network, used before the public ones. Written only through
   * EngineApi.addOwnEndpoint, which checks each server belongs to the network first.
   */
  ownEndpoints: Partial<Record<NetworkId, OwnEndpoint[]>>
  /**
   * Networks on which the user asked for their own servers alone: the public servers are then not
   * used at all, not even as second opinions (plans say what no second server confirms). Written
   * only through EngineApi.setOwnEndpointsAlone.
   */
  ownEndpointsAlone: Partial<Record<NetworkId, boolean>>
}

/** What a server the user adds is for: everything (a rippled), or `nfts_by_issuer` (a Clio). */
export type OwnEndpointKind = 'ledger' | 'clio'

/** A server the user added to a network (see AppSettings.ownEndpoints). */
export interface OwnEndpoint {
  /** Its WebSocket address (wss://, or ws:// on this device). */
  url: string
  kind: OwnEndpointKind
  /** Unix ms. */
  addedAt: number
}
