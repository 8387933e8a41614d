import { defineConfig, devices } from '@playwright/test'

import { CHROMIUM_ARGS, CHROMIUM_PATH } from './tests/helpers/chromium.ts'

// The e2e build (`vite build --mode e2e --outDir dist-e2e`, settings in .env.e2e) talks to this sandbox.
// Ports differ from `npm start`'s 6006/6007/5173 so tests can run while the app is open. Another
// checkout running its e2e at the same time sets E2E_SANDBOX_PORT, E2E_GATEWAY_PORT and E2E_APP_PORT
// E2E_ADMIN_PORT (and builds with VITE_SANDBOX_WS / VITE_SANDBOX_GATEWAY to match).
const SANDBOX_PORT = Number(process.env.E2E_SANDBOX_PORT ?? 16006)
const GATEWAY_PORT = Number(process.env.E2E_GATEWAY_PORT ?? 16007)
const APP_PORT = Number(process.env.E2E_APP_PORT ?? 4173)
// The sandbox's admin port: the same ledger on another server, which the app may add as the user's own.
const ADMIN_PORT = Number(process.env.E2E_ADMIN_PORT ?? 16008)

export default defineConfig({
  testDir: 'tests/e2e',
  // Two workers share the one sandbox ledger, each spec file in one of them. What makes that safe
  // (tests/e2e/support/ledger.ts, globalSetup.ts): fresh accounts are paid by a funding account of
  // the worker's own (never two submissions from one account at once); every account a test changes
  // is its own fresh one; the demo holder, which specs count, is shared read-only (the global
  // teardown fails the run if it changed); gem.spec's demo recipients differ by project.
  workers: 2,
  // A test of several ledger round trips takes 20–30 s on a loaded 2-core CI machine: twice that
  // before a test is called hung (a time limit, never a speed assertion).
  timeout: 60_000,
  globalSetup: './tests/e2e/support/globalSetup.ts',
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'reports/playwright.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${APP_PORT}`,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS },
  },
  projects: [
    // Tests tagged @mobile-only check the phone's layout (Pixel 7: touch, 412 × 915).
    { name: 'desktop', use: { ...devices['Desktop Chrome'] }, grepInvert: /@mobile-only/ },
    // Tests tagged @desktop-only prove engine behaviour (resuming, several tabs, pricing, keys, what
    // the ledger stream brings), logic the phone's layout does not change (filters, sorting, the
    // cache line, credential formats, CSV columns, gateways), or wallets a phone does not have
    // (GEM Wallet): the phone runs each tab's main flow, its dialogs and the layout checks, not
    // these again, to keep CI within its time (the e2e's time is CPU: 2 workers leave a fifth of
    // two cores idle, a third worker gained a tenth).
    { name: 'mobile', use: { ...devices['Pixel 7'] }, grepInvert: /@desktop-only/ },
  ],
  // Commands start the servers themselves (not through npx or npm), so the PID Playwright stops is
  // the server's.
  webServer: [
    {
      // A public server's answers (limits clamped) and a busy ledger's size, as the app meets on
      // mainnet.
      command: `node --import tsx src/sandbox/cli.ts --port ${SANDBOX_PORT} --gateway-port ${GATEWAY_PORT} --admin-port ${ADMIN_PORT} --public --expected-ledger-size 200`,
      port: SANDBOX_PORT,
      wait: {
        stdout: new RegExp(`Sandbox ledger listening on ws://127\\.0\\.0\\.1:${SANDBOX_PORT}`),
      },
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
    {
      command: `node node_modules/vite/bin/vite.js preview --mode e2e --outDir dist-e2e --port ${APP_PORT} --strictPort --host 127.0.0.1`,
      url: `http://127.0.0.1:${APP_PORT}`,
      reuseExistingServer: false,
      timeout: 60_000,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 2_000 },
    },
  ],
})
