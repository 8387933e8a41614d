/** Preferences go through the engine (the only writer) and come back through the UI's read path. */
import { afterEach, beforeEach, expect, it } from 'vitest'
import { readSettings } from '../../../src/db/settings.ts'
import type { AppSettings } from '../../../src/worker/api.ts'
import { startEngineHarness } from '../../helpers/engine.ts'
import type { EngineHarness } from '../../helpers/engine.ts'

let h: EngineHarness

beforeEach(async () => {
  h = await startEngineHarness()
})

afterEach(async () => {
  await h.stop()
})

it('saves preferences and keeps the ones not mentioned', async () => {
  await h.engine.saveSettings({ network: 'testnet', darkMode: true })
  await h.engine.saveSettings({ hasSeenSplash: true })
  expect(await readSettings(h.db)).toEqual({
    network: 'testnet',
    darkMode: true,
    hasSeenSplash: true,
  })
})

it('refuses unknown keys and ill-typed values, and stores nothing of such a patch', async () => {
  const bad: unknown[] = [
    { network: 'moonnet' },
    { darkMode: 'yes' },
    { ipfsGateways: ['javascript:alert(1)'] },
    { preferredAuthMethod: 'password' },
    { secret: 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb' },
  ]
  for (const patch of bad) {
    await expect(h.engine.saveSettings(patch as Partial<AppSettings>)).rejects.toMatchObject({
      name: 'EngineError',
      code: 'VALIDATION',
    })
  }
  expect(await readSettings(h.db)).toEqual({})
})
