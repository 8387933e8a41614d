/**
 * What an account holds, as the validated ledger has it: each NFT's id and URI, read from the
 * account's own NFT pages (account_nfts), not from a Clio server's list of a collection, which a
 * server could fill with URIs of its choosing.
 */
import type { Client } from 'xrpl'

import { readAccountNfts } from '../ledger/accountNfts.ts'

/** The NFTs `account` holds, id → URI (null when it has none); empty for an account not there. */
export async function urisHeldBy(
  client: Client,
  account: string,
): Promise<Map<string, string | null>> {
  try {
    const list = await readAccountNfts(client, account, () => {})
    return new Map(list.nfts.map((n) => [n.nftId, n.uri]))
  } catch (e) {
    if ((e as { data?: { error?: string } }).data?.error === 'actNotFound') return new Map()
    throw e
  }
}
