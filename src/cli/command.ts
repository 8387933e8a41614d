/** What every command gets, and the session it opens for its work and always closes. */
import type { Parsed } from './options.ts'
import type { Io, Printer } from './output.ts'
import { openSession } from './session.ts'
import type { Session, SessionNeeds } from './session.ts'

export interface CommandContext {
  parsed: Parsed
  env: NodeJS.ProcessEnv
  io: Io
  printer: Printer
  /** Aborted when the user stops the process (Ctrl-C, SIGTERM). */
  signal: AbortSignal
}

/** A command: resolves with the process's exit code. */
export type Command = (ctx: CommandContext) => Promise<number>

/** The command line as a waiting process will be told it ("xnm job start 1f2e…"). */
export function commandText(ctx: CommandContext): string {
  return ['xnm', ...ctx.parsed.command, ...ctx.parsed.args].join(' ')
}

/** Runs `work` with a session opened for it, closed afterwards whatever happens. */
export async function withSession<T = number>(
  ctx: CommandContext,
  needs: Omit<SessionNeeds, 'command' | 'warn'>,
  work: (session: Session) => Promise<T>,
): Promise<T> {
  const session = await openSession(ctx.parsed, ctx.env, {
    ...needs,
    command: commandText(ctx),
    warn: (text) => ctx.printer.warn(text),
  })
  try {
    return await work(session)
  } finally {
    await session.close()
  }
}
