/**
 * `npm start`: the sandbox ledger (ws://127.0.0.1:6006), its metadata gateway (http://127.0.0.1:6007)
 * with the demo data, and the app's dev server (http://127.0.0.1:5173) preselecting the Sandbox
 * network. The sandbox answers as a public server (`--public`). Extra arguments go to the sandbox (see `npm run sandbox -- --help`).
 */
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { main } from './cli.ts'

const root = fileURLToPath(new URL('../..', import.meta.url))
// The app meets public servers on mainnet, so its sandbox answers as one (limits clamped).
const sandbox = await main(['--public', ...process.argv.slice(2)])
if (sandbox) {
  const vite = spawn(
    process.execPath,
    ['node_modules/vite/bin/vite.js', '--host', '127.0.0.1', '--port', '5173', '--strictPort'],
    {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        VITE_DEFAULT_NETWORK: 'sandbox',
        VITE_SANDBOX_WS: sandbox.url,
        VITE_SANDBOX_GATEWAY: sandbox.gateway?.url ?? '',
      },
    },
  )
  console.log('\nApp: http://127.0.0.1:5173 (the Sandbox network is preselected)\n')
  const stopAll = () => {
    vite.kill('SIGTERM')
    void sandbox.stop().then(() => process.exit(0))
  }
  process.removeAllListeners('SIGINT')
  process.removeAllListeners('SIGTERM')
  process.once('SIGINT', stopAll)
  process.once('SIGTERM', stopAll)
  vite.on('exit', (code) => {
    void sandbox.stop().then(() => process.exit(code ?? 0))
  })
}
