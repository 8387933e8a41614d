/**
 * What the command line prints. For people: lines of text, and a progress bar redrawn in place on a
 * terminal (a line every few seconds when stdout is a file or a pipe). With --json, for machines:
 * one JSON object per line (NDJSON), each with a `type`, and nothing else on stdout.
 */
import { formatDrops } from '../shared/format.ts'

/** Where a command writes; tests give their own. */
export interface Io {
  out: (text: string) => void
  err: (text: string) => void
  /** Whether stdout is a terminal (a progress bar is redrawn in place). */
  tty: boolean
}

/**
 * Node's own stdout and stderr. When the reader went away (`xnm … | head`: EPIPE) or the terminal
 * closed (EIO), what would be printed is dropped and the command goes on: a job being run is not
 * stopped by its output, only by a signal (which pauses it).
 */
export function processIo(): Io {
  const gone = new Set<NodeJS.WriteStream>()
  const writer = (stream: NodeJS.WriteStream) => {
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'EIO') throw error
      gone.add(stream)
    })
    return (text: string) => {
      if (!gone.has(stream)) stream.write(text)
    }
  }
  return {
    out: writer(process.stdout),
    err: writer(process.stderr),
    tty: process.stdout.isTTY === true,
  }
}

/** How often a progress line is printed when stdout is not a terminal. */
const PLAIN_PROGRESS_MS = 5_000
const BAR_WIDTH = 24

export class Printer {
  private barShown = false
  private lastPlain = 0

  constructor(
    private readonly io: Io,
    readonly json: boolean,
  ) {}

  /** A line for people (nothing with --json). */
  line(text = ''): void {
    if (this.json) return
    this.endBar()
    this.io.out(`${text}\n`)
  }

  /** A record for machines (nothing without --json). */
  record(type: string, fields: Record<string, unknown>): void {
    if (!this.json) return
    this.io.out(`${JSON.stringify({ type, ...fields }, bigints)}\n`)
  }

  /** A warning or error on stderr, in both modes. */
  warn(text: string): void {
    this.endBar()
    this.io.err(`${text}\n`)
  }

  /**
   * Progress of `done` out of `total`: a bar redrawn in place on a terminal, a line every few
   * seconds otherwise (always when `force`), a `progress` record with --json.
   */
  progress(
    done: number,
    total: number,
    label: string,
    fields: Record<string, unknown> = {},
    force = false,
  ): void {
    if (this.json) {
      this.record('progress', { done, total, ...fields })
      return
    }
    const share = total > 0 ? Math.min(1, done / total) : 0
    if (this.io.tty) {
      const filled = Math.round(share * BAR_WIDTH)
      const bar = `[${'#'.repeat(filled)}${'.'.repeat(BAR_WIDTH - filled)}]`
      this.io.out(`\r\u001b[2K${bar} ${done}/${total} ${label}`)
      this.barShown = true
      return
    }
    const now = Date.now()
    if (!force && now - this.lastPlain < PLAIN_PROGRESS_MS) return
    this.lastPlain = now
    this.io.out(`${done}/${total} ${label}\n`)
  }

  /** Ends a bar being redrawn, so the next line starts on its own. */
  endBar(): void {
    if (!this.barShown) return
    this.barShown = false
    this.io.out('\n')
  }
}

function bigints(_key: string, value: unknown): unknown {
  return typeof value === 'bigint' ? value.toString() : value
}

/** Drops as XRP for people, exactly (`'1234567'` → `'1.234567 XRP'`). */
export function xrp(drops: string | bigint): string {
  return `${formatDrops(drops)} XRP`
}
