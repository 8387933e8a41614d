/**
 * Whether an untrusted value (a server's reply, a stored row, a parsed document) is a plain object
 * whose fields may be read: not null, not an array.
 */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
