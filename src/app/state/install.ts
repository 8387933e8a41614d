/**
 * Installing the app: Chromium browsers announce that they can install it (`beforeinstallprompt`),
 * which the app keeps to offer an Install button; iOS Safari has no such event, so there the hint
 * gives Safari's own words ('Add to Home Screen'). Nothing shows once installed (standalone) or
 * dismissed on this device.
 */
import { proxy, ref, useSnapshot } from 'valtio'

/** The event Chromium fires when the app can be installed (not in TypeScript's DOM types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>
}

/** Which hint to show, if any. */
export type InstallHint = 'prompt' | 'ios' | null

const DISMISSED_KEY = 'install-hint-dismissed'

const installState = proxy<{ event: BeforeInstallPromptEvent | null; hint: InstallHint }>({
  event: null,
  hint: null,
})

/**
 * Whether the user agent is iOS or iPadOS Safari outside the installed app (iPadOS reports a Mac
 * with touch).
 */
export function isIosBrowser(userAgent: string, maxTouchPoints: number, standalone: boolean) {
  const ios =
    /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1)
  return ios && !standalone
}

function installed(): boolean {
  const nav = navigator as Navigator & { standalone?: boolean }
  return window.matchMedia('(display-mode: standalone)').matches || nav.standalone === true
}

function dismissed(): boolean {
  try {
    return localStorage.getItem(DISMISSED_KEY) === '1'
  } catch {
    return false
  }
}

/** Listens for the browser's offer; call once, before the first render (the event may come early). */
export function startInstallHint(): void {
  window.addEventListener('beforeinstallprompt', (event) => {
    // Kept for the Install button instead of the browser's own mini-infobar.
    event.preventDefault()
    installState.event = ref(event as BeforeInstallPromptEvent)
    if (!dismissed()) installState.hint = 'prompt'
  })
  window.addEventListener('appinstalled', () => {
    installState.event = null
    installState.hint = null
  })
  if (!dismissed() && isIosBrowser(navigator.userAgent, navigator.maxTouchPoints, installed()))
    installState.hint = 'ios'
}

/** Install: the browser's own install dialog. */
export async function installApp(): Promise<void> {
  const event = installState.event
  if (!event) return
  installState.hint = null
  await event.prompt()
  const { outcome } = await event.userChoice
  // The event can be used once; a declined offer comes back as a new event later.
  installState.event = null
  if (outcome === 'dismissed') dismissInstallHint()
}

/** 'Not now': the hint stays away on this device. */
export function dismissInstallHint(): void {
  installState.hint = null
  try {
    localStorage.setItem(DISMISSED_KEY, '1')
  } catch {
    // Private mode without storage: it only comes back next visit.
  }
}

/** The hint to show, for rendering. */
export function useInstallHint(): InstallHint {
  return useSnapshot(installState).hint
}
