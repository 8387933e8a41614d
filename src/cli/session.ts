/**
 * What a command works with: the store (`--store`, default `./.xnm`), its cross-process account locks,
 * the engine on the chosen network, and — for commands that sign — the wallet, from a secret read out
 * of the environment (`XNM_SECRET`) or a file (`--secret-file`), never from an argument. The secret
 * goes to the engine and nowhere else: it is not printed, logged or stored.
 */
import { readFileSync, statSync } from 'node:fs'
import { createEngine } from '../worker/createEngine.ts'
import type { EngineApi, Logger } from '../worker/createEngine.ts'
import type { CredentialInput, WalletInfo } from '../worker/api.ts'
import { openDurableStore } from '../node/store/durableStore.ts'
import type { DurableStore } from '../node/store/durableStore.ts'
import { defaultLockDir, processLocks } from '../node/store/processLocks.ts'
import type { ProcessLocks } from '../node/store/processLocks.ts'
import { buildNetworks } from '../shared/networks.ts'
import type { NetworkId } from '../shared/networks.ts'
import { UsageError, endpointsOf, flag, list, networkOf, text } from './options.ts'
import type { Parsed } from './options.ts'
import { splitSecretNumbers } from '../shared/secretNumbers.ts'

/** The store's folder when --store is not given. */
export const DEFAULT_STORE_DIR = '.xnm'

/** An open session: close it before the process ends. */
export interface Session {
  store: DurableStore
  locks: ProcessLocks
  engine: EngineApi
  network: NetworkId
  /** The connected wallet, for commands that sign. */
  wallet: WalletInfo | null
  close(): Promise<void>
}

export interface SessionNeeds {
  /** Connect to the network (commands that only read the store do not). */
  connect: boolean
  /** Connect the wallet (commands that plan or run jobs). */
  wallet: boolean
  /** Whether connecting the wallet resumes its unfinished jobs (only `job start` and `resume`). */
  resume?: boolean
  /** What this process is, as a waiting process is told ("xnm job start …"). */
  command: string
  /** Where warnings go (stderr). */
  warn: (text: string) => void
}

/**
 * The secret, from --secret-file or XNM_SECRET, as the credential the engine takes: a family seed, a
 * secp256k1 key, or — with --account (or XNM_ACCOUNT) — a regular key of that account. XNM_SECRET is
 * taken out of `process.env` once read, so no child process or report of this one carries it; the
 * kernel still shows the environment the process started with (/proc/PID/environ, to the same user),
 * which is why a file (--secret-file, chmod 600) is the better home for a secret.
 *
 * @param warn - told when the secret file can be read by other users.
 * @throws UsageError when there is none, or it cannot be read.
 */
export function credentialFrom(
  parsed: Parsed,
  env: NodeJS.ProcessEnv,
  warn: (text: string) => void,
): CredentialInput {
  const file = text(parsed, 'secret-file')
  let secret: string | undefined
  if (file !== undefined) {
    try {
      if ((statSync(file).mode & 0o077) !== 0) {
        warn(`xnm: warning: ${file} can be read by other users of this machine (chmod 600 ${file})`)
      }
      const content = readFileSync(file, 'utf8')
      // Xaman's secret numbers take 8 rows; any other secret is the file's first line.
      secret = splitSecretNumbers(content) ? content.trim() : content.split(/\r?\n/)[0]?.trim()
    } catch (error) {
      throw new UsageError(`cannot read --secret-file ${file}: ${(error as Error).message}`)
    }
  } else secret = env.XNM_SECRET?.trim()
  delete env.XNM_SECRET
  if (!secret) {
    throw new UsageError(
      'this command signs: put the secret in XNM_SECRET or in a file given with --secret-file (or, on the sandbox, use --demo)',
    )
  }
  const account = text(parsed, 'account') ?? env.XNM_ACCOUNT
  if (account) return { kind: 'regularKey', secret, account }
  if (splitSecretNumbers(secret)) return { kind: 'secretNumbers', secret }
  return { kind: secret.startsWith('s') ? 'familySeed' : 'secpKey', secret }
}

/**
 * The network as the command uses it. Servers given with --endpoint (and --clio-endpoint) come first;
 * the network's public servers stay behind them as second opinions — what no single server may
 * decide alone (docs/architecture.md §3.2, §3.7) — unless --only-endpoint (or XNM_ONLY_ENDPOINT=1)
 * asks for the given servers alone, which the plans then say. The Sandbox has no public servers
 * (its default is a local port): there the servers given replace it.
 */
export function networkOption(parsed: Parsed, env: NodeJS.ProcessEnv) {
  const id = networkOf(parsed, env)
  const endpoints = endpointsOf(parsed, env)
  const clio = list(parsed, 'clio-endpoint')
  const only = flag(parsed, 'only-endpoint') || env.XNM_ONLY_ENDPOINT === '1'
  if (endpoints.length && !text(parsed, 'network') && !env.XNM_NETWORK) {
    // Whose rules (and whose XRP) a server's transactions are must never be guessed.
    throw new UsageError(
      'say which network the endpoint serves: --network mainnet|testnet|devnet|sandbox',
    )
  }
  if (!endpoints.length) {
    if (clio.length) throw new UsageError('--clio-endpoint needs --endpoint too')
    if (only) throw new UsageError('--only-endpoint needs --endpoint')
    return { id, option: id }
  }
  const network = buildNetworks({})[id]
  const keepPublic = !only && id !== 'sandbox'
  const after = (mine: string[], theirs: readonly string[]) =>
    keepPublic ? [...mine, ...theirs.filter((e) => !mine.includes(e))] : mine
  // Without --clio-endpoint, the servers given are asked as Clio too (one may be).
  const clioEndpoints = after(clio.length ? clio : endpoints, network.clioEndpoints)
  return {
    id,
    option: { id, endpoints: after(endpoints, network.endpoints), clioEndpoints },
  }
}

/** Opens the store and the engine a command needs (and connects its wallet when asked). */
export async function openSession(
  parsed: Parsed,
  env: NodeJS.ProcessEnv,
  needs: SessionNeeds,
): Promise<Session> {
  const { id, option } = networkOption(parsed, env)
  const maxFee = text(parsed, 'max-fee-drops')
  if (maxFee !== undefined && !/^[1-9]\d{0,12}$/.test(maxFee)) {
    throw new UsageError('--max-fee-drops must be a whole number of drops from 1')
  }
  const demo = flag(parsed, 'demo')
  if (demo && id !== 'sandbox') throw new UsageError('--demo exists only on the sandbox')
  // Read before anything opens, so a missing secret is a usage error, not a half-opened session.
  const credential = needs.wallet && !demo ? credentialFrom(parsed, env, needs.warn) : undefined
  const store = await openDurableStore(text(parsed, 'store') ?? env.XNM_STORE ?? DEFAULT_STORE_DIR)
  const locks = processLocks(store, needs.command, defaultLockDir(env))
  let engine: EngineApi | undefined
  try {
    engine = await createEngine({
      network: option,
      store: store.db,
      locks,
      connect: needs.connect,
      resumeOnConnect: needs.resume ?? false,
      // Each xnm process would check, and write, the same ended airdrops: a reclaim checks its own.
      trackAcceptance: false,
      ...(maxFee !== undefined ? { maxFeeDrops: BigInt(maxFee) } : {}),
      logger: stderrLogger(env),
    })
    let wallet: WalletInfo | null = null
    if (needs.wallet) {
      wallet = demo ? await engine.connectDemoWallet() : await engine.connectWallet(credential!)
    }
    const opened = engine
    return {
      store,
      locks,
      engine: opened,
      network: id,
      wallet,
      close: async () => {
        await opened.dispose()
        await store.close()
      },
    }
  } catch (error) {
    await engine?.dispose().catch(() => undefined)
    await store.close()
    throw error
  }
}

/**
 * The engine's background reports on stderr: errors always, warnings (reconnects, a server's pace)
 * with XNM_DEBUG=1.
 */
function stderrLogger(env: NodeJS.ProcessEnv): Logger {
  const write = (level: string, message: string, details: unknown[]) =>
    process.stderr.write(`xnm ${level}: ${[message, ...details.map(describe)].join(' ')}\n`)
  return {
    warn: (message, ...details) => {
      if (env.XNM_DEBUG === '1') write('warning', message, details)
    },
    error: (message, ...details) => write('error', message, details),
  }
}

function describe(value: unknown): string {
  if (value instanceof Error) return value.message
  return typeof value === 'string' ? value : JSON.stringify(value)
}
