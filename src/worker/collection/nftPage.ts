/** A page of an account's NFTs as last loaded (its snapshot), for callers of the engine's API. */
import { readNftSnapshot } from '../../db/nftSnapshots.ts'
import type { LedgerDb } from '../../db/schema.ts'
import { EngineError } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { NftPage } from '../contract/collection.ts'
import { checkedPage } from '../pageRequest.ts'

/**
 * NFTs `offset` to `offset + limit` of the account's snapshot on the network.
 *
 * @throws EngineError `NOT_FOUND` when the account's NFTs were never loaded there; `VALIDATION`
 *   for a bad offset or limit.
 */
export async function nftPage(
  db: LedgerDb,
  network: NetworkId,
  account: string,
  page: { offset?: number; limit?: number },
): Promise<NftPage> {
  const { offset, limit } = checkedPage(page)
  const snapshot = await readNftSnapshot(db, network, account)
  if (!snapshot) {
    throw new EngineError('NOT_FOUND', `The NFTs of ${account} were not loaded on ${network} yet`)
  }
  return {
    network,
    account,
    total: snapshot.nfts.length,
    ledgerIndex: snapshot.ledgerIndex,
    loadedAt: snapshot.loadedAt,
    nfts: snapshot.nfts.slice(offset, offset + limit),
  }
}
