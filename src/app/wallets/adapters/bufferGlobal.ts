/**
 * Ledger's clients use Node's `Buffer` without importing it: this module, imported before them,
 * gives the page one (the `buffer` package, Node's own API in the browser).
 */
import { Buffer } from 'buffer'

const scope = globalThis as { Buffer?: typeof Buffer }
scope.Buffer ??= Buffer
