import { isRecord } from '../../../shared/isRecord.ts'
/**
 * Parses a metadata document: it must be a JSON object. Keys that could reach a prototype when the
 * data is later merged or copied with `Object.assign` (`__proto__`, `constructor`, `prototype`) are
 * dropped while parsing, so no later step has to remember them.
 */

/** A parsed metadata document: a plain JSON object. */
export type MetadataDocument = Record<string, unknown>

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** `JSON.parse` reviver: returning undefined deletes the key from its holder. */
function dropForbidden(key: string, value: unknown): unknown {
  return FORBIDDEN_KEYS.has(key) ? undefined : value
}

/**
 * The document in `text`, or null when it is not a JSON object (truncated JSON, an array, `null`,
 * an empty body, or nesting deep enough to exhaust the stack).
 */
export function parseDocument(text: string): MetadataDocument | null {
  let value: unknown
  try {
    value = JSON.parse(text, dropForbidden)
  } catch {
    return null
  }
  return isRecord(value) ? value : null
}

/** An own property of a parsed object (never an inherited one such as `toString`). */
export function own(record: Record<string, unknown>, key: string): unknown {
  return Object.hasOwn(record, key) ? record[key] : undefined
}
