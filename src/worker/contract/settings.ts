/** App preferences, kept in IndexedDB by the worker. */
import type { AppSettings } from '../../db/types/settings.ts'

/** Saving preferences (the worker is the only writer of IndexedDB). */
export interface SettingsApi {
  /** Saves app preferences (the worker is the only writer of IndexedDB). */
  saveSettings(patch: Partial<AppSettings>): Promise<void>
}
