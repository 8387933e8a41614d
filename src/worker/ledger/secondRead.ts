/**
 * Another server's word: what the engine asks a second server of the network for the answers no
 * single server may give alone (a sale's terms, an attempt's absence). network/secondOpinion.ts
 * provides it; the reads below the connection only ask.
 */
import type { Client } from 'xrpl'

/** Another server's word, for one network: whether there is one to ask, and asking it. */
export interface SecondRead {
  /** Whether the network lists another endpoint than the one in use. */
  available(): boolean
  /** The first answer of another endpoint; undefined when none answered. */
  ask<T>(question: (client: Client) => Promise<T>): Promise<T | undefined>
}
