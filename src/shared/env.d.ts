// The build-time variables shared code reads. Vite's client types declare `import.meta.env` for the
// app; this declaration lets the worker and the Node projects (tests, scripts) type-check the same
// reads. `DEV` repeats Vite's declaration exactly, as interface merging requires.

interface ImportMetaEnv {
  DEV: boolean
  MODE: string
  /** `true` offers the Sandbox network in a production build too. */
  readonly VITE_ENABLE_SANDBOX?: string
  /** Network preselected at start: mainnet, testnet, devnet or sandbox. */
  readonly VITE_DEFAULT_NETWORK?: string
  /** WebSocket URL of the sandbox ledger (default ws://127.0.0.1:6006). */
  readonly VITE_SANDBOX_WS?: string
  /** Base URL of the sandbox metadata gateway (default http://127.0.0.1:6007). */
  readonly VITE_SANDBOX_GATEWAY?: string
  /** The app's Xaman API key (xaman.dev): without it, no sign-in with Xaman is offered. */
  readonly VITE_XAMAN_API_KEY?: string
  /** Xaman's API (default https://xumm.app); tests point it at a local stand-in. */
  readonly VITE_XAMAN_API_BASE?: string
  /** Xaman's sign-in host (default https://oauth2.xumm.app); tests point it at a local stand-in. */
  readonly VITE_XAMAN_OAUTH_BASE?: string
}

interface ImportMeta {
  readonly env: ImportMetaEnv
}
