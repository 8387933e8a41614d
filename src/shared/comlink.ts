/**
 * Comlink's built-in 'throw' handler sends only `name`, `message` and `stack`, so an EngineError
 * arrives as a plain Error without its `code`. Importing this module (both the worker entry and the UI
 * gateway do) replaces that handler with one that keeps `code` and `data`.
 */
import { transferHandlers } from 'comlink'
import type { TransferHandler } from 'comlink'

import { EngineError, ENGINE_ERROR_CODES } from './errors.ts'
import type { EngineErrorCode } from './errors.ts'

/** The error fields that travel. */
interface SerializedErrorFields {
  name: string
  message: string
  stack?: string
  code?: string
  data?: unknown
}

/** The wire form: an Error's fields, or any other thrown value as is (as Comlink does). */
export type SerializedThrown =
  { isError: true; value: SerializedErrorFields } | { isError: false; value: unknown }

/** Comlink wraps a thrown value as `{ value, [throwMarker]: 0 }`; only the value matters here. */
interface Thrown {
  value: unknown
}

// Comlink's own handler knows its private throw marker; reuse its test instead of re-implementing it.
const builtin = transferHandlers.get('throw')

/** `data` must survive structured cloning; anything else is reduced to text rather than breaking the call. */
function cloneableData(data: unknown): unknown {
  try {
    return structuredClone(data)
  } catch {
    return String(data)
  }
}

function serializeError(error: Error): SerializedErrorFields {
  const fields: SerializedErrorFields = { name: error.name, message: error.message }
  if (error.stack !== undefined) fields.stack = error.stack
  const extra = error as Error & { code?: unknown; data?: unknown }
  if (typeof extra.code === 'string') fields.code = extra.code
  if (extra.data !== undefined) fields.data = cloneableData(extra.data)
  return fields
}

function deserializeError(fields: SerializedErrorFields): Error {
  const code = fields.code as EngineErrorCode | undefined
  const error =
    fields.name === 'EngineError' && code !== undefined && ENGINE_ERROR_CODES.includes(code)
      ? new EngineError(code, fields.message, fields.data)
      : Object.assign(new Error(fields.message), { name: fields.name })
  if (fields.stack !== undefined) error.stack = fields.stack
  return error
}

/** The replacement 'throw' handler; exported for tests. */
export const throwHandler: TransferHandler<Thrown, SerializedThrown> = {
  canHandle: (value: unknown): value is Thrown => builtin?.canHandle(value) ?? false,
  serialize({ value }) {
    const serialized: SerializedThrown =
      value instanceof Error
        ? { isError: true, value: serializeError(value) }
        : { isError: false, value }
    return [serialized, []]
  },
  deserialize(serialized) {
    // Comlink expects deserialize to throw: the caller's promise rejects with what is thrown here.
    throw serialized.isError ? deserializeError(serialized.value) : serialized.value
  },
}

transferHandlers.set('throw', throwHandler)
