/**
 * Presentation state: the active tab, dark mode, and which menus are open. Dark mode is saved through
 * the engine (the worker is the only IndexedDB writer) and restored by `startSession`.
 */
import { proxy, useSnapshot } from 'valtio'

import { engine } from '../engine.ts'

/** The tabs, in header order. */
export type TabId = 'airdrop' | 'orders' | 'list' | 'burn' | 'mint'

interface UiState {
  tab: TabId
  darkMode: boolean
  /** The header's wallet dropdown. */
  walletMenuOpen: boolean
  /**
   * The dropdown opens on its secret field (after the chooser's 'Seed Phrase Access'): Quick
   * Connect takes focus once and clears it.
   */
  walletMenuOnSecret: boolean
  /**
   * The key removal's confirmation (wallets/keyRemovalState.ts, loaded on demand) is open: the shell
   * mounts it.
   */
  keyRemovalOpen: boolean
}

/** The UI state. Mutate it only through the actions below. */
export const uiState = proxy<UiState>({
  tab: 'airdrop',
  darkMode: false,
  walletMenuOpen: false,
  walletMenuOnSecret: false,
  keyRemovalOpen: false,
})

/** Shows a tab. */
export function selectTab(tab: TabId): void {
  uiState.tab = tab
}

/** Applies dark mode to the document (the `dark` class on <html>) without saving it. */
export function applyDarkMode(on: boolean): void {
  uiState.darkMode = on
  document.documentElement.classList.toggle('dark', on)
}

/** Whether the system asks for a dark colour scheme. */
export function systemPrefersDark(): boolean {
  return window.matchMedia('(prefers-color-scheme: dark)').matches
}

/**
 * Applies the saved dark-mode choice at start, or the system preference if the user never chose.
 *
 * @param saved - the saved setting; undefined when never saved.
 */
export function restoreDarkMode(saved: boolean | undefined): void {
  applyDarkMode(saved ?? systemPrefersDark())
}

/** Toggles dark mode and saves the choice. */
export async function toggleDarkMode(): Promise<void> {
  applyDarkMode(!uiState.darkMode)
  await engine.saveSettings({ darkMode: uiState.darkMode })
}

/** Opens or closes the wallet dropdown. */
export function setWalletMenuOpen(open: boolean): void {
  uiState.walletMenuOpen = open
}

/**
 * Opens the wallet dropdown with focus on Quick Connect's secret field: where a user who chose to
 * connect with a seed expects to land.
 */
export function openWalletMenuOnSecret(): void {
  uiState.walletMenuOnSecret = true
  uiState.walletMenuOpen = true
}

/**
 * Whether the secret field should take focus now; true once per {@link openWalletMenuOnSecret}.
 */
export function takeSecretFocus(): boolean {
  const take = uiState.walletMenuOnSecret
  uiState.walletMenuOnSecret = false
  return take
}

/** Opens or closes the key removal's confirmation (see wallets/keyRemovalState.ts). */
export function setKeyRemovalOpen(open: boolean): void {
  uiState.keyRemovalOpen = open
}

/** The UI state, for rendering. */
export function useUi(): Readonly<UiState> {
  return useSnapshot(uiState)
}
