import { ErrorBoundary } from './errors/ErrorBoundary.tsx'
import { MethodChooser } from './onboarding/MethodChooser.tsx'
import { RegularKeySetup } from './onboarding/RegularKeySetup.tsx'
import { Splash } from './onboarding/Splash.tsx'
import { InstallHint } from './pwa/InstallHint.tsx'
import { ReloadPrompt } from './pwa/ReloadPrompt.tsx'
import { MainShell } from './shell/MainShell.tsx'
import { NetworkBanner } from './shell/NetworkBanner.tsx'
import { useSession } from './state/session.ts'

/** The application: the network banner, then the stage the session is in (spec part 2 §4). */
export function App() {
  return (
    <ErrorBoundary>
      <NetworkBanner />
      <InstallHint />
      <CurrentStage />
      <ReloadPrompt />
    </ErrorBoundary>
  )
}

function CurrentStage() {
  const { stage } = useSession()
  switch (stage) {
    case 'starting':
      return <p className="starting">Loading…</p>
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
