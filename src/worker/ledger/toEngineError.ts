import { EngineError, errorMessage, isEngineError } from '../../shared/errors.ts'
import type { EngineErrorCode } from '../../shared/errors.ts'
import { xrplErrorName } from './xrplErrors.ts'
import type { XrplErrorName } from './xrplErrors.ts'

const CODES: Readonly<Record<XrplErrorName, EngineErrorCode>> = {
  TimeoutError: 'TIMEOUT',
  NotConnectedError: 'NOT_CONNECTED',
  DisconnectedError: 'NETWORK',
  ConnectionError: 'NETWORK',
  RippledNotInitializedError: 'NETWORK',
  ResponseFormatError: 'NETWORK',
  RippledError: 'LEDGER_REJECTED',
  ValidationError: 'VALIDATION',
  NotFoundError: 'NOT_FOUND',
}

/**
 * Any caught value as an EngineError: EngineErrors pass through, xrpl.js errors get a matching code,
 * anything else becomes `INTERNAL`.
 *
 * @param error - anything caught.
 * @param context - prefixed to the message, e.g. `'server_info'`.
 */
export function toEngineError(error: unknown, context?: string): EngineError {
  if (isEngineError(error)) return error
  const name = xrplErrorName(error)
  const code = name ? CODES[name] : 'INTERNAL'
  const message = errorMessage(error)
  const data = (error as { data?: unknown } | null)?.data
  return new EngineError(code, context ? `${context}: ${message}` : message, data)
}
