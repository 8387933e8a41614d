import { Suspense } from 'react'

import { ErrorBoundary } from './errors/ErrorBoundary.tsx'
import { ReloadPrompt } from './pwa/ReloadPrompt.tsx'
import { MainShell } from './shell/MainShell.tsx'
import { NetworkBanner } from './shell/NetworkBanner.tsx'
import { ReachBanner } from './shell/ReachBanner.tsx'
import { Splash } from './onboarding/Splash.tsx'
import { useInstallHint } from './state/install.ts'
import { useSession } from './state/session.ts'
import { lazyNamed, LoadingBoundary } from './ui/lazyNamed.tsx'

// The first screen is the splash or the main shell; the connection flows load when chosen.
const MethodChooser = lazyNamed(
  () => import('./wallets/connect/MethodChooser.tsx'),
  'MethodChooser',
)
const RegularKeySetup = lazyNamed(
  () => import('./wallets/regularKey/RegularKeySetup.tsx'),
  'RegularKeySetup',
)

// Shown only once the browser offers installation.
const InstallHint = lazyNamed(() => import('./pwa/InstallHint.tsx'), 'InstallHint')

/** The application: the network banner and, while the ledger is out of reach, the reach banner, then the stage the session is in (spec part 2 §4). */
export function App() {
  return (
    <ErrorBoundary>
      <NetworkBanner />
      <ReachBanner />
      <InstallHintWhenOffered />
      <LoadingBoundary>
        <CurrentStage />
      </LoadingBoundary>
      <ReloadPrompt />
    </ErrorBoundary>
  )
}

function InstallHintWhenOffered() {
  const hint = useInstallHint()
  if (!hint) return null
  return (
    <Suspense fallback={null}>
      <InstallHint />
    </Suspense>
  )
}

function CurrentStage() {
  const { stage } = useSession()
  switch (stage) {
    case 'starting':
      return <StartingSkeleton />
    case 'splash':
      return <Splash />
    case 'chooser':
      return <MethodChooser />
    case 'regularKeySetup':
      return <RegularKeySetup />
    case 'main':
      return <MainShell />
  }
}

/**
 * What shows while the session starts (the saved wallet and settings are read): the shape of the
 * screen to come, so the first visit is not a bare 'Loading…' on an empty page.
 */
function StartingSkeleton() {
  return (
    <div className="starting" role="status" aria-busy="true" data-testid="starting">
      <span className="starting__label">Loading XRPL NFT Manager…</span>
      <div className="starting__bar" />
      <div className="starting__block" />
      <div className="starting__block starting__block--short" />
    </div>
  )
}
