/**
 * How every browser test here launches Chromium: Debian's build (Playwright's own download cannot
 * run here), headless, with no sandbox, GPU, QUIC or background traffic. Used by playwright.config.ts
 * and the UI bench.
 */

/** Debian's Chromium (`apt-get install -y chromium`). */
export const CHROMIUM_PATH = '/usr/bin/chromium'

/** Launch flags: headless on a server, nothing that reaches the internet by itself. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
