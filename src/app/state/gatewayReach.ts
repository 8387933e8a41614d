/**
 * Whether the metadata gateways can be reached, from what the fetches of this load ran into: a
 * gateway that answered (a document, a 404, something that is not JSON) is reachable; fetch after
 * fetch ending on a network error or a timeout means none is. The ledger connection may be fine
 * meanwhile (the sandbox on loopback, a firewall that lets the ledger through): the reach banner
 * then names the gateways, not the network. Pure.
 */
import type { MetadataRow } from '../../db/types/metadata.ts'

/** Fetches in a row that reached no gateway before the gateways are called out of reach. */
export const GATEWAYS_OUT_AFTER = 5

/**
 * The count of fetches in a row that reached no gateway, after `rows` (fetched at `since` or later;
 * rows from the cache are older and say nothing about now).
 *
 * @param inARow - the count before these rows.
 */
export function gatewayMisses(inARow: number, rows: readonly MetadataRow[], since: number): number {
  let misses = inARow
  for (const row of rows) {
    if (row.fetchedAt < since || row.problem === 'no-uri' || row.problem === 'unsupported-uri') {
      continue
    }
    const unreached =
      row.status === 'failed' && (row.problem === 'network' || row.problem === 'timeout')
    misses = unreached ? misses + 1 : 0
  }
  return misses
}
