/**
 * A stored holder snapshot as the API shows it (holders marked and ordered), and the checks of a
 * collection named across the worker boundary.
 */
import { isValidClassicAddress } from 'xrpl'

import type { HolderSnapshotRow } from '../../../db/types/holders.ts'
import { EngineError } from '../../../shared/errors.ts'
import { marketplaceOfBroker } from '../../../shared/marketplaces.ts'
import type { HolderMark, HolderSnapshot, SnapshotHolder } from '../../contract/holders.ts'

const MAX_TAXON = 0xffff_ffff

/**
 * Checks an issuer and taxon as they crossed the worker boundary.
 *
 * @throws EngineError `VALIDATION` for an invalid address or taxon.
 */
export function checkedCollection(
  issuer: unknown,
  taxon: unknown,
): { issuer: string; taxon: number | null } {
  if (typeof issuer !== 'string' || !isValidClassicAddress(issuer.trim())) {
    throw new EngineError('VALIDATION', `Invalid issuer address: ${String(issuer).slice(0, 40)}`)
  }
  if (taxon === undefined || taxon === null) return { issuer: issuer.trim(), taxon: null }
  if (typeof taxon !== 'number' || !Number.isInteger(taxon) || taxon < 0 || taxon > MAX_TAXON) {
    throw new EngineError(
      'VALIDATION',
      `Invalid collection taxon: ${JSON.stringify(taxon)?.slice(0, 20)}`,
    )
  }
  return { issuer: issuer.trim(), taxon }
}

/**
 * A stored row as the API shows it: holders marked (the issuer, `connected`, marketplaces' brokers)
 * and ordered, most NFTs first, then by address.
 *
 * @param connected - the account marked as this wallet, if any.
 */
export function snapshotView(
  row: HolderSnapshotRow,
  connected: string | undefined,
): HolderSnapshot {
  const holders: SnapshotHolder[] = Object.entries(row.holders).map(([address, count]) => {
    const marks: HolderMark[] = []
    if (address === row.issuer) marks.push('issuer')
    if (address === connected) marks.push('connected')
    const marketplace = marketplaceOfBroker(address)
    if (marketplace) marks.push('marketplace')
    return { address, count, marks, ...(marketplace ? { marketplace: marketplace.name } : {}) }
  })
  holders.sort((a, b) => b.count - a.count || (a.address < b.address ? -1 : 1))
  return {
    network: row.network,
    issuer: row.issuer,
    taxon: row.taxon,
    ledgerIndex: row.ledgerIndex,
    complete: row.complete,
    nfts: row.nfts,
    burned: row.burned,
    holders,
    takenAt: row.takenAt,
  }
}
