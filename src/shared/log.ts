/**
 * Where the engine's warnings and errors go: the console by default, or the logger a headless caller
 * gives `createEngine` (one per process: every engine of the process logs there).
 */

/** Receives what the engine reports but does not throw: work in the background that failed. */
export interface Logger {
  warn(message: string, ...details: unknown[]): void
  error(message: string, ...details: unknown[]): void
}

let current: Logger = console

/** Sends the engine's reports to `logger` from now on. */
export function useLogger(logger: Logger): void {
  current = logger
}

/** The engine's reports, to whichever logger is in use. */
export const log: Logger = {
  warn: (message, ...details) => current.warn(message, ...details),
  error: (message, ...details) => current.error(message, ...details),
}
