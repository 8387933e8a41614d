/** App preferences, kept in IndexedDB by the worker. */
import { method } from './method.ts'
import type { Api } from './method.ts'
import type { AppSettings } from '../../db/types/settings.ts'

/** Saving preferences (the worker is the only writer of IndexedDB). */
export const settingsContract = {
  /** Saves app preferences (the worker is the only writer of IndexedDB). */
  saveSettings: method<(patch: Partial<AppSettings>) => Promise<void>>(),
}

/** {@link settingsContract} as the methods it declares. */
export interface SettingsApi extends Api<typeof settingsContract> {}
