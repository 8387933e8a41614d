/**
 * The command line's grammar: `xnm [options] <command> [subcommand] [arguments]`. Every option is
 * declared once here; each command says which of its own it takes, and any other is a usage error.
 */
import { parseArgs } from 'node:util'
import type { ParseArgsConfig } from 'node:util'
import { NETWORK_IDS } from '../shared/networks.ts'
import type { NetworkId } from '../shared/networks.ts'

/**
 * Exit codes (README "Command line"). A script reads only the code, so each outcome it must tell
 * apart has its own: a job that ended having done none of its items (every one skipped) is not
 * "done", and a store that cannot be read is not "some items failed".
 */
export const EXIT = {
  done: 0,
  itemsFailed: 1,
  usage: 2,
  blocked: 3,
  interrupted: 4,
  nothingDone: 5,
  storeUnreadable: 6,
} as const

/** A mistake in the command line: printed with the usage, exit code 2. */
export class UsageError extends Error {
  override name = 'UsageError'
}

type OptionSpec = NonNullable<ParseArgsConfig['options']>[string]

/** Options every command takes. */
const GLOBAL = {
  network: { type: 'string' },
  endpoint: { type: 'string', multiple: true },
  'clio-endpoint': { type: 'string', multiple: true },
  'only-endpoint': { type: 'boolean' },
  store: { type: 'string' },
  'max-fee-drops': { type: 'string' },
  json: { type: 'boolean' },
  'secret-file': { type: 'string' },
  account: { type: 'string' },
  demo: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies Record<string, OptionSpec>

/** Options of one command or another. */
const COMMAND = {
  port: { type: 'string' },
  'gateway-port': { type: 'string' },
  'close-ms': { type: 'string' },
  state: { type: 'string' },
  taxon: { type: 'string' },
  fresh: { type: 'boolean' },
  out: { type: 'string' },
  csv: { type: 'string' },
  nfts: { type: 'string' },
  collection: { type: 'string' },
  randomize: { type: 'boolean' },
  seed: { type: 'string' },
  'recipient-column': { type: 'string' },
  'count-column': { type: 'string' },
  price: { type: 'string' },
  random: { type: 'string' },
  floor: { type: 'string' },
  fallback: { type: 'string' },
  prices: { type: 'string' },
  destination: { type: 'string' },
  via: { type: 'string' },
  expired: { type: 'boolean' },
  duplicates: { type: 'boolean' },
  unfillable: { type: 'boolean' },
  offers: { type: 'string' },
  'confirm-prices': { type: 'boolean' },
  'skip-problems': { type: 'boolean' },
  'no-wait': { type: 'boolean' },
  manifest: { type: 'string' },
  range: { type: 'string' },
  'transfer-fee': { type: 'string' },
  transferable: { type: 'boolean' },
  burnable: { type: 'boolean' },
  'only-xrp': { type: 'boolean' },
  mutable: { type: 'boolean' },
  issuer: { type: 'string' },
  'skip-metadata-check': { type: 'boolean' },
  file: { type: 'string' },
  recipients: { type: 'string' },
  repair: { type: 'boolean' },
} as const satisfies Record<string, OptionSpec>

export type OptionName = keyof typeof GLOBAL | keyof typeof COMMAND

/** What was given: every option as parsed, and the words after the command. */
export interface Parsed {
  command: string[]
  args: string[]
  values: Partial<Record<OptionName, string | boolean | string[]>>
}

/**
 * Splits the command line into the command words (as many of `words` as match), the arguments and
 * the options.
 *
 * @param commands - the known commands, each as its words ('job start', 'nfts').
 * @throws UsageError for an unknown option or a missing value.
 */
export function parseCommandLine(argv: readonly string[], commands: readonly string[]): Parsed {
  let parsed
  try {
    parsed = parseArgs({
      args: [...argv],
      options: { ...GLOBAL, ...COMMAND },
      allowPositionals: true,
      strict: true,
    })
  } catch (error) {
    throw new UsageError((error as Error).message)
  }
  const words = parsed.positionals
  const known = commands
    .map((c) => c.split(' '))
    .filter((c) => c.every((w, i) => words[i] === w))
    .sort((a, b) => b.length - a.length)[0]
  const command = known ?? words.slice(0, 1)
  return {
    command,
    args: words.slice(command.length),
    values: parsed.values,
  }
}

/**
 * Refuses options the command does not take.
 *
 * @throws UsageError naming the first one.
 */
export function allowOnly(parsed: Parsed, own: readonly OptionName[]): void {
  for (const name of Object.keys(parsed.values) as OptionName[]) {
    if (name in GLOBAL || own.includes(name)) continue
    throw new UsageError(`xnm ${parsed.command.join(' ')} takes no --${name}`)
  }
}

/** A string option's value. */
export function text(parsed: Parsed, name: OptionName): string | undefined {
  const value = parsed.values[name]
  return typeof value === 'string' ? value : undefined
}

/** A boolean option. */
export function flag(parsed: Parsed, name: OptionName): boolean {
  return parsed.values[name] === true
}

/** A repeatable option's values. */
export function list(parsed: Parsed, name: OptionName): string[] {
  const value = parsed.values[name]
  return Array.isArray(value) ? value : []
}

/**
 * A whole number option.
 *
 * @throws UsageError when it is not a whole number from `min`.
 */
export function whole(parsed: Parsed, name: OptionName, min = 0): number | undefined {
  const value = text(parsed, name)
  if (value === undefined) return undefined
  const n = Number(value)
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < min) {
    throw new UsageError(`--${name} must be a whole number${min > 0 ? ` from ${min}` : ''}`)
  }
  return n
}

/** The network the command works on: --network, else XNM_NETWORK, else the sandbox. */
export function networkOf(parsed: Parsed, env: NodeJS.ProcessEnv): NetworkId {
  const id = text(parsed, 'network') ?? env.XNM_NETWORK ?? 'sandbox'
  if (!(NETWORK_IDS as readonly string[]).includes(id)) {
    throw new UsageError(`--network must be one of ${NETWORK_IDS.join(', ')}`)
  }
  return id as NetworkId
}

/** The ledger servers given (--endpoint, else XNM_ENDPOINT, comma-separated), if any. */
export function endpointsOf(parsed: Parsed, env: NodeJS.ProcessEnv): string[] {
  const given = list(parsed, 'endpoint')
  if (given.length) return given
  return (env.XNM_ENDPOINT ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}
