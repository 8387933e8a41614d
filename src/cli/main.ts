/**
 * `xnm`: the ledger engine on the command line, for bulk jobs run from a terminal, a server or CI.
 * Jobs are kept in a durable store (`--store`, default ./.xnm) shared by every xnm process on the
 * machine: a job interrupted at any point (Ctrl-C, a kill, a crash) goes on with `xnm job start ID`,
 * nothing lost or doubled.
 */
import type { Command, CommandContext } from './command.ts'
import { airdropPlan, burnPlan, cancelPlan, listPlan } from './commands/plans.ts'
import { mintPlan } from './commands/mint.ts'
import { modifyPlan } from './commands/modify.ts'
import {
  listCommand,
  reclaimCommand,
  reportCommand,
  startCommand,
  statusCommand,
  stopCommand,
  watchCommand,
} from './commands/jobs.ts'
import { nftsCommand, offersCommand, snapshotCommand } from './commands/reads.ts'
import { sandboxCommand } from './commands/sandbox.ts'
import { EXIT, UsageError, flag, parseCommandLine } from './options.ts'
import { StoreUnreadableError } from '../node/store/storeFile.ts'
import { Printer } from './output.ts'
import type { Io } from './output.ts'

export const HELP = `Usage: xnm [options] <command>

Commands
  sandbox [--port N] [--gateway-port N] [--close-ms N] [--state FILE]
                                 the local sandbox ledger with demo data (127.0.0.1)
  nfts [--account r…]            an account's NFTs
  offers [--account r…]          an account's offers, classified
  snapshot ISSUER [--taxon N] [--fresh] [--out FILE]
                                 a collection's holders at one ledger (Clio), as CSV
  airdrop plan --csv FILE (--nfts FILE | --collection ISSUER[:TAXON])
               [--randomize [--seed S]] [--recipient-column C] [--count-column C|none]
  list plan (--nfts FILE | --collection ISSUER[:TAXON])
            (--price XRP | --random MIN:MAX [--seed S] | --floor MULT --fallback XRP | --prices FILE)
            [--via xrpcafe|bidds | --destination r…] [--confirm-prices]
  cancel plan (--expired | --duplicates | --unfillable | --offers FILE)
  burn plan --nfts FILE
  mint plan (--manifest FILE | --range ipfs://CID/{n}.json:FROM-TO) --taxon N
            [--transfer-fee PCT] [--transferable] [--burnable] [--only-xrp] [--mutable]
            [--issuer r…] [--skip-metadata-check] [--recipients LIST.csv]
                               mint a collection, straight to recipients where the manifest
                               names them (CSV or JSON: uri, recipient, price_xrp, expiration);
                               each URI's document is read first, and rows nothing serves left out;
                               --recipients gives open rows a distribution list's recipients
  modify plan (--file FILE | --repair) [--skip-metadata-check]
                               new URIs for NFTs minted mutable: a reveal (nft_id,uri per row)
                               or the repair of links to closed or silent gateways
  job start ID [--skip-problems] [--no-wait]
                                 run a planned, paused or interrupted job here to its end
  job resume ID                  the same as start
  job watch ID                   follow a job another process runs
  job status ID | job list       the store's jobs
  job pause ID | job cancel ID   here, or asked of the process that runs it
  job reclaim ID                 plan cancelling an airdrop's unaccepted offers
  job report ID [--out FILE]     the job's CSV report (the app's export)

A plan records the job and runs pre-flight; it signs nothing. 'xnm job start ID' runs it.

Options
  --network mainnet|testnet|devnet|sandbox   (default sandbox, or XNM_NETWORK)
  --endpoint URL        your own server (repeatable; or XNM_ENDPOINT); --clio-endpoint URL for Clio;
                        the network's public servers stay as second opinions behind them
  --only-endpoint       use the servers given alone (or XNM_ONLY_ENDPOINT=1): no second opinion;
                        plans say what no second server confirms
  --store DIR           where jobs are kept (default ./.xnm, or XNM_STORE)
  --max-fee-drops N     the most one transaction may pay (jobs wait while fees are higher)
  --json                NDJSON for machines: one object a line, each with a "type"
  --secret-file FILE    the signing secret (else XNM_SECRET); never on the command line
  --account r…          with a regular key as the secret: the account it signs for (else
                        XNM_ACCOUNT); for reading commands: the account to read
  --demo                the sandbox's demo holder signs (sandbox only)

Exit codes: 0 done, 1 some items failed, 2 usage or refused, 3 plan blocked, 4 interrupted
(paused, killed, no link), 5 nothing done (every item skipped), 6 the store cannot be read.
`

const COMMANDS: Record<string, Command> = {
  sandbox: sandboxCommand,
  nfts: nftsCommand,
  offers: offersCommand,
  snapshot: snapshotCommand,
  'airdrop plan': airdropPlan,
  'list plan': listPlan,
  'cancel plan': cancelPlan,
  'burn plan': burnPlan,
  'mint plan': mintPlan,
  'modify plan': modifyPlan,
  'job start': startCommand,
  'job resume': startCommand,
  'job watch': watchCommand,
  'job status': statusCommand,
  'job list': listCommand,
  'job pause': (ctx) => stopCommand(ctx, 'pause'),
  'job cancel': (ctx) => stopCommand(ctx, 'cancel'),
  'job reclaim': reclaimCommand,
  'job report': reportCommand,
}

/** An error's code and message as the engine gives them (EngineError), or its message. */
function errorText(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as { code?: string }).code
    return code && error.name === 'EngineError' ? `${code}: ${error.message}` : error.message
  }
  return String(error)
}

/**
 * Which exit code an error means: the store unreadable (6), the request refused (2), no link (4), or
 * a failure (1).
 */
function exitForError(error: unknown, signal: AbortSignal): number {
  if (error instanceof StoreUnreadableError) return EXIT.storeUnreadable
  if (signal.aborted) return EXIT.interrupted
  const code = (error as { code?: string }).code
  if (code === 'VALIDATION' || code === 'NOT_FOUND') return EXIT.usage
  if (code === 'NETWORK' || code === 'TIMEOUT' || code === 'NOT_CONNECTED') return EXIT.interrupted
  return EXIT.itemsFailed
}

/**
 * Runs one command line.
 *
 * @returns the exit code.
 */
export async function runCli(
  argv: readonly string[],
  io: Io,
  env: NodeJS.ProcessEnv,
  signal: AbortSignal,
): Promise<number> {
  let ctx: CommandContext | undefined
  try {
    const parsed = parseCommandLine(argv, Object.keys(COMMANDS))
    const printer = new Printer(io, flag(parsed, 'json'))
    ctx = { parsed, env, io, printer, signal }
    const name = parsed.command.join(' ')
    if (flag(parsed, 'help') || name === 'help' || name === '') {
      io.out(HELP)
      return name === '' && !flag(parsed, 'help') ? EXIT.usage : EXIT.done
    }
    const command = COMMANDS[name]
    if (!command) throw new UsageError(`unknown command "${name}"`)
    return await command(ctx)
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`xnm: ${error.message}\n(xnm --help lists the commands and options)\n`)
      return EXIT.usage
    }
    ctx?.printer.endBar()
    ctx?.printer.record('error', { message: errorText(error) })
    io.err(`xnm: ${errorText(error)}\n`)
    return exitForError(error, signal)
  }
}
