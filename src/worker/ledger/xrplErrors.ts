import {
  ConnectionError,
  DisconnectedError,
  NotConnectedError,
  NotFoundError,
  ResponseFormatError,
  RippledError,
  RippledNotInitializedError,
  TimeoutError,
  ValidationError,
} from 'xrpl'

/** The xrpl.js error classes the engine tells apart. */
export type XrplErrorName =
  | 'RippledError'
  | 'TimeoutError'
  | 'NotConnectedError'
  | 'DisconnectedError'
  | 'RippledNotInitializedError'
  | 'ResponseFormatError'
  | 'ConnectionError'
  | 'ValidationError'
  | 'NotFoundError'

// Subclasses before ConnectionError, their parent. Classes, not `error.name`: xrpl.js sets the name
// from `this.constructor.name`, which a minified production build renames (`class extends n {}`), so
// a "websocket was closed" in the app would otherwise read as an unknown failure.
const CLASSES: ReadonlyArray<readonly [XrplErrorName, abstract new (...args: never[]) => Error]> = [
  ['RippledError', RippledError],
  ['TimeoutError', TimeoutError],
  ['NotConnectedError', NotConnectedError],
  ['DisconnectedError', DisconnectedError],
  ['RippledNotInitializedError', RippledNotInitializedError],
  ['ResponseFormatError', ResponseFormatError],
  ['ConnectionError', ConnectionError],
  ['ValidationError', ValidationError],
  ['NotFoundError', NotFoundError],
]

const NAMES = new Set<string>(CLASSES.map(([name]) => name))

/**
 * Which xrpl.js error this is, or null for anything else. An error from another copy of the library
 * (not an instance of this copy's classes) is recognised by its name.
 *
 * @param error - anything caught.
 */
export function xrplErrorName(error: unknown): XrplErrorName | null {
  if (!(error instanceof Error)) return null
  for (const [name, errorClass] of CLASSES) if (error instanceof errorClass) return name
  return NAMES.has(error.name) ? (error.name as XrplErrorName) : null
}
