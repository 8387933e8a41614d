/**
 * `npm start`: the sandbox ledger (ws://127.0.0.1:6006), its metadata gateway (http://127.0.0.1:6007)
 * with the demo data, and the app (http://127.0.0.1:5173) preselecting the Sandbox network. The app is
 * the production build, served by `vite preview`: its service worker is registered, so a reload with
 * the network off reopens it, as users get it. The build is made again only when what it is made from
 * changed (startBuild.ts), so a second start is as quick as the sandbox. `npm start -- --dev` serves the
 * development server instead (changes show at once; no service worker, so no offline reload). The
 * sandbox answers as a public server (`--public`). Other arguments go to the sandbox (see
 * `npm run sandbox -- --help`); `APP_PORT` moves the app's port.
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

import { main } from './cli.ts'
import { START_OUT_DIR, buildUnlessCurrent } from './startBuild.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
const args = process.argv.slice(2)
const dev = args.includes('--dev')
const port = process.env.APP_PORT ?? '5173'
// The app meets public servers on mainnet, so its sandbox answers as one (limits clamped).
const sandbox = await main(['--public', ...args.filter((arg) => arg !== '--dev')])
if (sandbox) {
  const env = {
    ...process.env,
    VITE_DEFAULT_NETWORK: 'sandbox',
    VITE_SANDBOX_WS: sandbox.url,
    VITE_SANDBOX_GATEWAY: sandbox.gateway?.url ?? '',
  }
  const vite = (command: string[]) =>
    spawn(process.execPath, ['node_modules/vite/bin/vite.js', ...command], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env,
    })
  const server = ['--host', '127.0.0.1', '--port', port, '--strictPort']
  let app
  if (dev) {
    app = vite(server)
    console.log(`\nApp: http://127.0.0.1:${port} (development server: no offline reload)\n`)
  } else {
    try {
      await buildUnlessCurrent(root, env)
    } catch (e) {
      console.error(e instanceof Error ? e.message : e)
      await sandbox.stop()
      process.exit(1)
    }
    app = vite(['preview', '--outDir', START_OUT_DIR, ...server])
    console.log(`\nApp: http://127.0.0.1:${port} (works offline after the first visit)\n`)
  }
  console.log('The Sandbox network is preselected.\n')
  const stopAll = () => {
    app.kill('SIGTERM')
    void sandbox.stop().then(() => process.exit(0))
  }
  process.removeAllListeners('SIGINT')
  process.removeAllListeners('SIGTERM')
  process.once('SIGINT', stopAll)
  process.once('SIGTERM', stopAll)
  app.on('exit', (code) => {
    void sandbox.stop().then(() => process.exit(code ?? 0))
  })
}
