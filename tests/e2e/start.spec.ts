/**
 * The README's first command (issue 45): `npm start` serves the app as users get it, with its service
 * worker, so a reload with the network off reopens it; a second start does not build again. The
 * script runs here as `npm start` runs it, on ports of its own (the sandbox's as arguments, the app's
 * through APP_PORT).
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'

import { reachMainShell, toolTabs } from './support/shell.ts'
import { expect, test } from './support/test.ts'

const LEDGER_PORT = 16106
const GATEWAY_PORT = 16107
const APP_PORT = 4183

/** Every start of this file, stopped after each test even when it failed before it was served. */
const started: ChildProcess[] = []
test.afterEach(async () => {
  await Promise.all(started.splice(0).map(stop))
})

/** Starts `npm start`'s script; resolves with it and what it printed once the app is served. */
async function npmStart(): Promise<{ child: ChildProcess; output: () => string }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'src/sandbox/start.ts',
      '--port',
      String(LEDGER_PORT),
      '--gateway-port',
      String(GATEWAY_PORT),
    ],
    {
      env: { ...process.env, APP_PORT: String(APP_PORT) },
      stdio: ['ignore', 'pipe', 'pipe'],
      // A group of its own: stopping it stops the app's server with it.
      detached: true,
    },
  )
  started.push(child)
  let text = ''
  const served = new Promise<void>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      text += chunk.toString()
      // vite preview prints its address once it listens.
      if (text.includes(`127.0.0.1:${APP_PORT}`) && /Local:|➜/.test(text)) resolve()
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.on('exit', (code) => reject(new Error(`npm start ended (${String(code)}):\n${text}`)))
  })
  await served
  return { child, output: () => text }
}

/** Stops the script and what it started (its process group), as Ctrl+C would. */
async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return
  const ended = new Promise((resolve) => child.on('exit', resolve))
  process.kill(-child.pid, 'SIGTERM')
  const late = setTimeout(() => child.pid && process.kill(-child.pid, 'SIGKILL'), 10_000)
  await ended
  clearTimeout(late)
}

test(
  'npm start serves the built app: it reopens offline, and a second start builds nothing',
  {
    tag: '@desktop-only',
  },
  async ({ page, context }) => {
    // A build on a loaded 2-core machine takes a minute or more.
    test.setTimeout(300_000)
    const first = await npmStart()
    try {
      await page.goto(`http://127.0.0.1:${APP_PORT}/`)
      await reachMainShell(page)
      // A service worker controls the app (the development server registers none).
      const registered = await page.evaluate(() =>
        Promise.race([
          navigator.serviceWorker.ready.then(() => true),
          new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 30_000)),
        ]),
      )
      expect(registered).toBe(true)
      await context.setOffline(true)
      await page.reload()
      await expect(toolTabs(page)).toBeVisible()
      await context.setOffline(false)
    } finally {
      await stop(first.child)
    }
    const second = await npmStart()
    try {
      expect(second.output()).toContain('The app is built already')
    } finally {
      await stop(second.child)
    }
  },
)
