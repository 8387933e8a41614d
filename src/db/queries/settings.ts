/** Reading the saved preferences in the UI (the worker writes them through EngineApi.saveSettings). */
import type { AppSettings } from '../types/settings.ts'
import { readSettings } from '../settings.ts'
import { appDb } from './db.ts'

/** The preferences saved so far (absent keys were never saved). */
export function savedSettings(): Promise<Partial<AppSettings>> {
  return readSettings(appDb())
}
