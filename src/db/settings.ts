/** Preferences, one row per key (the worker writes; the UI reads through queries/settings.ts). */
import type { AppSettings } from './types/settings.ts'
import type { LedgerDb } from './schema.ts'

/** Defaults for what was never saved. */
export const DEFAULT_SETTINGS: Omit<AppSettings, 'network'> = {
  darkMode: false,
  hasSeenSplash: false,
  preferredAuthMethod: null,
  ipfsGateways: [],
  viewAccounts: {},
  ownEndpoints: {},
  ownEndpointsAlone: {},
}

/** Saves the given preferences, leaving the others as they are. */
export async function saveSettings(db: LedgerDb, patch: Partial<AppSettings>): Promise<void> {
  await db.settings.bulkPut(Object.entries(patch).map(([key, value]) => ({ key, value })))
}

/** The saved preferences (only the keys that were saved). */
export async function readSettings(db: LedgerDb): Promise<Partial<AppSettings>> {
  const rows = await db.settings.toArray()
  return Object.fromEntries(rows.map((r) => [r.key, r.value]))
}
