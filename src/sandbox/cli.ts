/**
 * `npm run sandbox -- [options]`: the sandbox ledger, its metadata gateway and the demo data, from the
 * command line. Binds 127.0.0.1 only.
 */
import { parseArgs } from 'node:util'
import { startSandbox } from './index.ts'
import type { Sandbox, SandboxOptions } from './index.ts'
import { demoAccounts } from './demo/accounts.ts'
import { isPopulated } from './demo/populate.ts'

const HELP = `Usage: npm run sandbox -- [options]
  --port N                  ledger WebSocket port (default 6006)
  --gateway-port N          metadata gateway port (default 6007)
  --close-ms N              close a ledger every N ms; 0 = only on ledger_accept (default 1000)
  --expected-ledger-size N  transactions per ledger at the base fee; beyond it fees escalate and
                            txs queue (default 1000, rippled standalone's)
  --reply-delay-ms N        every reply and stream message N ms late: a mainnet-like link is
                            about 100, with --close-ms 3500 (default 0)
  --state FILE              load state from FILE if it exists; save to it as ledgers close (at
                            most every 2 s) and on exit
  --gateway-latency-ms N    delay every gateway reply (default 0)
  --gateway-failure-rate R  share of gateway requests answered 503 (default 0)
  --large-holder N          also create a second holder with N NFTs (e.g. 5000)
  --no-demo                 start with only the genesis account
  --public                  answer as a public server (limits clamped, ping without role admin)
                            rather than rippled standalone's admin port
  --rpc-port N              also answer JSON-RPC over HTTP on port N (rippled's 5005)
  --public-port N           also a public server's WebSocket on port N (rippled CI's 80)
`

export function parseCli(argv: string[]): SandboxOptions | 'help' {
  const { values } = parseArgs({
    args: argv,
    options: {
      port: { type: 'string', default: '6006' },
      'gateway-port': { type: 'string', default: '6007' },
      'close-ms': { type: 'string', default: '1000' },
      'expected-ledger-size': { type: 'string', default: '1000' },
      'reply-delay-ms': { type: 'string', default: '0' },
      state: { type: 'string' },
      'gateway-latency-ms': { type: 'string', default: '0' },
      'gateway-failure-rate': { type: 'string', default: '0' },
      'large-holder': { type: 'string' },
      'no-demo': { type: 'boolean', default: false },
      public: { type: 'boolean', default: false },
      'rpc-port': { type: 'string' },
      'public-port': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  })
  if (values.help) return 'help'
  const int = (name: string, v: string) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n < 0)
      throw new Error(`--${name} must be a whole number, got '${v}'`)
    return n
  }
  const optionalPort = (name: string, v: string | undefined) =>
    v === undefined ? undefined : int(name, v)
  const rate = Number(values['gateway-failure-rate'])
  if (!(rate >= 0 && rate <= 1)) throw new Error('--gateway-failure-rate must be between 0 and 1')
  const large = values['large-holder']
  return {
    port: int('port', values.port),
    gatewayPort: int('gateway-port', values['gateway-port']),
    closeMs: int('close-ms', values['close-ms']),
    expectedLedgerSize: Math.max(1, int('expected-ledger-size', values['expected-ledger-size'])),
    replyDelayMs: int('reply-delay-ms', values['reply-delay-ms']),
    stateFile: values.state,
    gatewayLatencyMs: int('gateway-latency-ms', values['gateway-latency-ms']),
    gatewayFailureRate: rate,
    demo: !values['no-demo'],
    role: values.public ? 'public' : 'admin',
    rpcPort: optionalPort('rpc-port', values['rpc-port']),
    publicPort: optionalPort('public-port', values['public-port']),
    largeHolderNfts:
      large === undefined ? undefined : large === '' ? 5000 : int('large-holder', large),
  }
}

export function describe(sb: Sandbox): string {
  const lines = [`Sandbox ledger listening on ${sb.url}`]
  if (sb.publicUrl) lines.push(`As a public server on ${sb.publicUrl}`)
  if (sb.rpcUrl) lines.push(`JSON-RPC on ${sb.rpcUrl}`)
  if (sb.gateway) lines.push(`Metadata gateway on ${sb.gateway.url}`)
  const holder = demoAccounts().holder
  // Without the demo data (--no-demo) there is no demo wallet to name.
  if (sb.gateway && isPopulated(sb.ledger)) {
    lines.push('', 'Demo wallet (sandbox only, never use it elsewhere):')
    lines.push(`  address ${holder.classicAddress}`, `  secret  ${holder.seed!}`)
  }
  if (sb.demo?.largeHolder)
    lines.push(
      `Large holder: ${sb.demo.largeHolder.address} (${sb.demo.largeHolder.nfts} NFTs), secret ${sb.demo.largeHolder.seed}`,
    )
  lines.push(`Genesis account: ${sb.genesis.address}, secret ${sb.genesis.seed}`)
  return lines.join('\n')
}

/** Starts from argv; stops cleanly on SIGINT/SIGTERM (saving the state file if one is set). */
export async function main(argv: string[]): Promise<Sandbox | undefined> {
  let opts: SandboxOptions | 'help'
  try {
    opts = parseCli(argv)
  } catch (e) {
    console.error(`${(e as Error).message}\n\n${HELP}`)
    process.exitCode = 2
    return undefined
  }
  if (opts === 'help') {
    console.log(HELP)
    return undefined
  }
  const sb = await startSandbox(opts)
  console.log(describe(sb))
  const stop = () => void sb.stop().then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return sb
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(e)
    process.exit(1)
  })
}
