/**
 * `xnm` as a developer runs it: a child process (`node bin/xnm.mjs`) against an in-process sandbox,
 * with its own store folder and its secret in a file. Tests read what it printed (--json) and what
 * the ledger says, through their own client.
 */
import { spawn } from 'node:child_process'
import type { ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { Client, Wallet } from 'xrpl'
import { startSandbox } from '../../src/sandbox/index.ts'
import type { Sandbox } from '../../src/sandbox/index.ts'
import type { SandboxLedger } from '../../src/sandbox/ledger/ledger.ts'
import { ledgerNftIds } from './engine.ts'
import { fundInProcess, submitInProcess } from './sandbox.ts'

const BIN = resolve('bin/xnm.mjs')

/** How one run ended. */
export interface CliResult {
  code: number | null
  signal: NodeJS.Signals | null
  out: string
  err: string
}

/** A running xnm: its process, and its end. */
export interface CliRun {
  child: ChildProcess
  done: Promise<CliResult>
  /** Resolves once stdout or stderr contained `text`. */
  printed(text: string): Promise<void>
}

/** A folder of a test's own: the store, the secret file, the CSVs. */
export class CliWorld {
  readonly dir = mkdtempSync(join(tmpdir(), 'xnm-cli-'))
  readonly store = join(this.dir, 'store')
  readonly secretFile = join(this.dir, 'secret')
  /** The processes started and not yet ended: a failed test leaves none behind. */
  private readonly running = new Set<ChildProcess>()
  /** The account locks' folder (a user's, shared by every store): the world's own unless given. */
  readonly lockDir: string

  constructor(
    readonly sb: Sandbox,
    readonly wallet: Wallet,
    lockDir?: string,
  ) {
    this.lockDir = lockDir ?? join(this.dir, 'locks')
    writeFileSync(this.secretFile, `${wallet.seed!}\n`, { mode: 0o600 })
  }

  /** Writes a file into the world's folder; returns its path. */
  file(name: string, text: string): string {
    const path = join(this.dir, name)
    writeFileSync(path, text)
    return path
  }

  /** Starts `xnm` with the world's endpoint, store and secret file, and the given arguments. */
  start(args: readonly string[], env: Record<string, string> = {}): CliRun {
    const child = spawn(
      process.execPath,
      [
        BIN,
        '--network',
        'sandbox',
        '--endpoint',
        this.sb.url,
        '--store',
        this.store,
        '--secret-file',
        this.secretFile,
        ...args,
      ],
      {
        env: { ...process.env, XNM_LOCK_DIR: this.lockDir, ...env, XNM_SECRET: '' },
        cwd: this.dir,
      },
    )
    this.running.add(child)
    child.on('exit', () => this.running.delete(child))
    let out = ''
    let err = ''
    const waiting: { text: string; resolve: () => void }[] = []
    const check = () => {
      for (const w of waiting.splice(0)) {
        if (out.includes(w.text) || err.includes(w.text)) w.resolve()
        else waiting.push(w)
      }
    }
    child.stdout.on('data', (chunk: Buffer) => ((out += chunk.toString()), check()))
    child.stderr.on('data', (chunk: Buffer) => ((err += chunk.toString()), check()))
    const done = new Promise<CliResult>((resolveDone) =>
      child.on('exit', (code, signal) => resolveDone({ code, signal, out, err })),
    )
    return {
      child,
      done,
      printed: (text) =>
        new Promise<void>((res, rej) => {
          waiting.push({ text, resolve: res })
          check()
          void done.then((r) =>
            rej(
              new Error(
                `xnm exited (${r.code ?? r.signal}) without printing "${text}":\n${r.out}\n${r.err}`,
              ),
            ),
          )
        }),
    }
  }

  /** Runs `xnm` to its end. */
  run(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
    return this.start(args, env).done
  }

  remove(): void {
    for (const child of this.running) child.kill('SIGKILL')
    rmSync(this.dir, { recursive: true, force: true })
  }
}

/** The NDJSON records of a --json run, of one type. */
export function records<T = Record<string, unknown>>(out: string, type: string): T[] {
  return out
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line) as { type: string })
    .filter((r) => r.type === type) as T[]
}

/**
 * A funded holder with `nfts` transferable NFTs (taxon 1), and `recipients` funded accounts, made
 * in-process (the open ledger takes every mint at once, then closes).
 */
function holderWithNfts(
  ledger: SandboxLedger,
  nfts: number,
  recipients: number,
): { holder: Wallet; recipients: Wallet[] } {
  const holder = Wallet.generate()
  const others = Array.from({ length: recipients }, () => Wallet.generate())
  fundInProcess(ledger, 100_000, holder)
  fundInProcess(ledger, 50, ...others)
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    for (let i = 0; i < nfts; i++) {
      const minted = submitInProcess(ledger, holder, {
        TransactionType: 'NFTokenMint',
        NFTokenTaxon: 1,
        Flags: 8,
      })
      if (minted.engine_result !== 'tesSUCCESS') throw new Error(`mint: ${minted.engine_result}`)
    }
    ledger.accept()
  } finally {
    ledger.expectedLedgerSize = expected
  }
  return { holder, recipients: others }
}

/** A sandbox with a holder of NFTs and funded recipients, the holder's CLI world, and a client. */
export interface CliLedger {
  sb: Sandbox
  /** The test's own client, for checking what the ledger says. */
  client: Client
  world: CliWorld
  recipients: Wallet[]
  /** The holder's NFTs, as the ledger lists them. */
  nfts: string[]
  stop(): Promise<void>
}

/** Starts a sandbox (ledgers every `closeMs`; 0: only when the test closes them) with a holder. */
export async function startCliLedger(opts: {
  nfts: number
  recipients: number
  closeMs: number
}): Promise<CliLedger> {
  const sb = await startSandbox({ port: 0, closeMs: opts.closeMs, demo: false })
  const made = holderWithNfts(sb.ledger, opts.nfts, opts.recipients)
  const world = new CliWorld(sb, made.holder)
  const client = new Client(sb.url)
  await client.connect()
  const nfts = await ledgerNftIds(sb, made.holder.address, await client.getLedgerIndex())
  return {
    sb,
    client,
    world,
    recipients: made.recipients,
    nfts,
    stop: async () => {
      await client.disconnect()
      await sb.stop()
      world.remove()
    },
  }
}

/**
 * Runs `xnm job start ID` and kills it with SIGKILL where `arm` says (a sandbox fault calls the
 * kill it is given); resolves once it is dead, with what it printed.
 */
export async function killedRun(
  t: CliLedger,
  jobId: string,
  arm: (kill: () => void) => void,
): Promise<string> {
  const running: { run?: CliRun } = {}
  arm(() => running.run?.child.kill('SIGKILL'))
  const run = t.world.start(['job', 'start', jobId])
  running.run = run
  const ended = await run.done
  t.sb.faults.onSubmit = null
  if (ended.signal !== 'SIGKILL') {
    throw new Error(`xnm was to be killed, but it ended: ${ended.out}\n${ended.err}`)
  }
  return ended.out
}

/**
 * Kills `xnm job start ID` three times at seeded submits: just before one (the sandbox drops it: the
 * blob stored, never sent), just after one (applied, unanswered), and as the ledger holding answered
 * submits closes (mid-settle). `at()` draws each submit's number.
 */
export async function killAtThreePoints(
  t: CliLedger,
  jobId: string,
  at: () => number,
  between?: () => Promise<void>,
): Promise<void> {
  await killedRun(t, jobId, (kill) => {
    t.sb.faults.onSubmit = { after: at(), then: 'drop', run: kill }
  })
  await between?.()
  await killedRun(t, jobId, (kill) => {
    t.sb.faults.onSubmit = { after: at(), then: 'apply', run: kill }
  })
  await killedRun(t, jobId, (kill) => {
    t.sb.faults.onSubmit = {
      after: at(),
      then: 'reply',
      run: () => {
        const off = t.sb.ledger.onClose(() => {
          off()
          kill()
        })
      },
    }
  })
}
