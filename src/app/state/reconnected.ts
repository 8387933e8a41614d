/**
 * The ledger connection coming back after a loss (the device back online, the server reachable
 * again): views that kept their saved reading while it was out of reach read the ledger again. A
 * module of its own so that the state modules need not import the network state (which imports the
 * session, which imports them).
 */

const listeners = new Set<() => void>()

/**
 * Calls `listener` each time the ledger connection is made (the first time, and each time it
 * returns after a loss).
 *
 * @returns a function that removes the listener.
 */
export function onLedgerReconnected(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The network state saw the connection made (called once per change to connected). */
export function ledgerReconnected(): void {
  for (const listener of listeners) listener()
}
