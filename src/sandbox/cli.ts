/**
 * `npm run sandbox -- [options]`: the sandbox ledger, its metadata gateway and the demo data, from the
 * command line. Binds 127.0.0.1 only.
 */
import { parseArgs } from 'node:util'
import { startSandbox } from './index.ts'
import type { Sandbox, SandboxOptions } from './index.ts'
import type { LimitsOption } from './rpc/loadLimits.ts'
import { AUTO_ACCEPT_COUNT, demoAccounts } from './demo/accounts.ts'
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
  --limits KIND             push back like mainnet's public servers, per client IP (all of this
                            machine is one client); implies --public on the main port:
                              rippled  Resource Manager: replies carry warning "load" from a
                                       balance of 5000, the connection closes (1008) from 25000
                              clio     DOSGuard: slowDown above 20 requests a second; server_info
                                       has clio_version
                              none     (default)
  --admin-port N            also an admin WebSocket on port N, never limited (fund accounts and
                            close ledgers there)
  --warn-balance N          rippled: balance from which replies carry the warning (default 5000)
  --drop-balance N          rippled: balance from which the connection is closed (default 25000)
  --decay-window N          rippled: seconds of the decay window (default 32)
  --requests-per-second N   clio: requests per IP per second before slowDown (default 20)
  --bytes-per-second N      clio: reply bytes per IP per second before the rate-limit warning
                            (default 1000000)
  --max-connections N       clio: WebSocket connections per IP (default 20)
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
      limits: { type: 'string', default: 'none' },
      'admin-port': { type: 'string' },
      'warn-balance': { type: 'string' },
      'drop-balance': { type: 'string' },
      'decay-window': { type: 'string' },
      'requests-per-second': { type: 'string' },
      'bytes-per-second': { type: 'string' },
      'max-connections': { type: 'string' },
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
  const limits = limitsFrom(values, optionalPort)
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
    role: values.public || limits !== undefined ? 'public' : 'admin',
    rpcPort: optionalPort('rpc-port', values['rpc-port']),
    publicPort: optionalPort('public-port', values['public-port']),
    limits,
    adminPort: optionalPort('admin-port', values['admin-port']),
    largeHolderNfts:
      large === undefined ? undefined : large === '' ? 5000 : int('large-holder', large),
  }
}

type Whole = (name: string, v: string | undefined) => number | undefined

/** --limits and the thresholds of its kind (undefined: none); a threshold of another kind is a mistake. */
function limitsFrom(
  values: Record<string, string | boolean | undefined>,
  whole: Whole,
): LimitsOption | undefined {
  const kind = values.limits
  const flag = (name: string) => whole(name, values[name] as string | undefined)
  const rippled = ['warn-balance', 'drop-balance', 'decay-window']
  const clio = ['requests-per-second', 'bytes-per-second', 'max-connections']
  const stray = (names: string[]) => names.find((n) => values[n] !== undefined)
  if (kind === 'none') {
    const given = stray([...rippled, ...clio])
    if (given) throw new Error(`--${given} needs --limits rippled or clio`)
    return undefined
  }
  if (kind === 'rippled') {
    const given = stray(clio)
    if (given) throw new Error(`--${given} is a clio threshold`)
    return {
      kind,
      warnBalance: flag('warn-balance'),
      dropBalance: flag('drop-balance'),
      decayWindowSeconds: flag('decay-window'),
    }
  }
  if (kind === 'clio') {
    const given = stray(rippled)
    if (given) throw new Error(`--${given} is a rippled threshold`)
    return {
      kind,
      requestsPerSecond: flag('requests-per-second'),
      bytesPerSecond: flag('bytes-per-second'),
      maxConnections: flag('max-connections'),
    }
  }
  throw new Error(`--limits must be rippled, clio or none, got '${String(kind)}'`)
}

export function describe(sb: Sandbox): string {
  const lines = [`Sandbox ledger listening on ${sb.url}`]
  if (sb.adminUrl) lines.push(`Admin port (never limited) on ${sb.adminUrl}`)
  if (sb.publicUrl) lines.push(`As a public server on ${sb.publicUrl}`)
  if (sb.rpcUrl) lines.push(`JSON-RPC on ${sb.rpcUrl}`)
  if (sb.gateway) lines.push(`Metadata gateway on ${sb.gateway.url}`)
  const { holder, recipients } = demoAccounts()
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
  if (sb.gateway && isPopulated(sb.ledger)) {
    // A first airdrop needs recipients that exist here: these accept the offers made to them. Last,
    // so that the CSV can be copied as it stands.
    lines.push(
      '',
      `Airdrop recipients: a CSV to try (these ${AUTO_ACCEPT_COUNT} accept offers within a few ledgers):`,
      '  wallet_address,nft_amount',
      ...recipients.slice(0, AUTO_ACCEPT_COUNT).map((r) => `  ${r.classicAddress},1`),
    )
  }
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
  const limits = opts.limits
  if (limits !== undefined && typeof limits !== 'string')
    console.log(
      `Load limits per client IP: ${limits.kind} (the main port answers as a public server)`,
    )
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
