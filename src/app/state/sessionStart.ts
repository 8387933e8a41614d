/**
 * The stages of the session (spec part 2 §4 App start, session restore, switching method): the
 * first-visit splash, the connection method chooser, the Regular Key setup (GEM Wallet) and the
 * main shell. Preferences (splash seen, preferred method) are saved through the engine.
 */
import { savedSettings } from '../../db/queries/settings.ts'
import { logFailure, loggedOr } from '../../shared/errors.ts'
import type { AppSettings } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import {
  lockedKeyOfNetwork,
  rememberedView,
  restoreStored,
  sessionState,
  setWallet,
  signingWallet,
} from './session.ts'
import type { AuthMethod } from './session.ts'
import { openWalletMenuOnSecret, restoreDarkMode, setWalletMenuOpen } from './ui.ts'

/**
 * Reads the saved preferences and any GEM session stored on this device, then picks the stage:
 * a restored regular-key session goes straight to the main shell; otherwise the preferred method's
 * flow once the splash was seen; the splash on a first visit; else the chooser.
 */
export async function startSession(): Promise<void> {
  const saved: Partial<AppSettings> = await savedSettings().catch(
    loggedOr('reading the saved settings', {}),
  )
  restoreDarkMode(saved.darkMode)
  const restored = await restoreStored()
  if (restored) {
    sessionState.authMethod = 'regularkey'
    setWallet(restored)
    sessionState.stage = 'main'
    return
  }
  const locked = await lockedKeyOfNetwork()
  if (locked) {
    // A key kept under a passphrase: the main shell, with the wallet menu asking for it.
    sessionState.authMethod = 'regularkey'
    setWallet({ network: locked.network, address: locked.primaryAddress, viewOnly: true })
    sessionState.stage = 'main'
    setWalletMenuOpen(true)
    return
  }
  const preferred = saved.preferredAuthMethod ?? null
  const network = await engine
    .getNetworkStatus()
    .then((status) => status.network)
    .catch(loggedOr('reading the network', null))
  const remembered = network ? await rememberedView(network) : null
  if (remembered) {
    // The last account, read-only: its list, offers and jobs show at once (offline too).
    sessionState.authMethod = preferred ?? 'seed'
    setWallet(remembered)
    sessionState.stage = 'main'
  } else if (!saved.hasSeenSplash) sessionState.stage = 'splash'
  else if (preferred) showMethod(preferred)
  else sessionState.stage = 'chooser'
}

/**
 * Saves a choice before the screen changes: a reload right after the change must find it (it used
 * to be saved after, and a quick reload came back to the old screen). A failed save still lets the
 * user go on; the choice is then asked again next time.
 */
async function saveThenShow(patch: Partial<AppSettings>): Promise<void> {
  await engine.saveSettings(patch).catch(logFailure('saving the settings'))
}

/** The splash's Get Started: remembered, then the method chooser. */
export async function getStarted(): Promise<void> {
  await saveThenShow({ hasSeenSplash: true })
  sessionState.stage = 'chooser'
}

/** The chooser's Back: forgets the preferred method and shows the splash again. */
export async function backToSplash(): Promise<void> {
  await saveThenShow({ preferredAuthMethod: null })
  sessionState.stage = 'splash'
}

/**
 * Picks an authentication method (the chooser's cards, the dropdown's method buttons): remembered as
 * preferred, then its flow — the Regular Key setup for `regularkey` while not connected, the main
 * shell for `seed`.
 *
 * @param toSeedField - `seed` from the chooser: the shell opens the wallet menu on its seed field.
 */
export async function chooseMethod(
  method: AuthMethod,
  { toSeedField = false }: { toSeedField?: boolean } = {},
): Promise<void> {
  await saveThenShow({ preferredAuthMethod: method, hasSeenSplash: true })
  showMethod(method)
  // 'Seed Phrase Access →' promises a seed field: the shell opens on it, not behind a button.
  // (The wallet menu's own Seed Phrase button closes the menu, and keeps it closed.)
  if (toSeedField && method === 'seed' && !signingWallet(sessionState.wallet)) {
    openWalletMenuOnSecret()
  }
}

function showMethod(method: AuthMethod): void {
  sessionState.authMethod = method
  sessionState.stage = method === 'regularkey' && !sessionState.wallet ? 'regularKeySetup' : 'main'
}

/** After the setup's success panel: the main shell. */
export function enterMainShell(): void {
  sessionState.stage = 'main'
}

/** Forgets the preferred method and shows the chooser (after 'Switch Authentication Method'). */
export async function showChooser(): Promise<void> {
  await saveThenShow({ preferredAuthMethod: null })
  sessionState.stage = 'chooser'
}
