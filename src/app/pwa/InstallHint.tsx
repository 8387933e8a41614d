import { dismissInstallHint, installApp, useInstallHint } from '../state/install.ts'

/** 'Install XRPL NFT Manager' where the browser offers it; Safari's steps on iOS. */
export function InstallHint() {
  const hint = useInstallHint()
  if (!hint) return null
  return (
    <div
      className="install-hint"
      role="region"
      aria-label="Install the app"
      data-testid="install-hint"
    >
      {hint === 'prompt' ? (
        <>
          <span>
            Install XRPL NFT Manager on this device: it opens like an app and works offline.
          </span>
          <button
            type="button"
            className="button button--primary"
            onClick={() => void installApp()}
          >
            Install
          </button>
        </>
      ) : (
        <span>
          To install on this iPhone or iPad: tap the Share button, then &lsquo;Add to Home
          Screen&rsquo;.
        </span>
      )}
      <button type="button" className="button" onClick={dismissInstallHint}>
        Not now
      </button>
    </div>
  )
}
