/**
 * A holder snapshot's owners asked about on another server. A Clio server's nfts_by_issuer alone
 * could name any address as an NFT's owner; the server that runs it would then choose who receives
 * a "one per NFT held" airdrop. So each holder a distribution gives something to is asked about on
 * a server other than the one that listed it: `account_nfts` of the holder at the snapshot's ledger
 * (every server of the network answers it, rippled and Clio alike), the collection's NFTs counted.
 * Every request goes through that endpoint's paced client, within its budget.
 */
import type { Client } from 'xrpl'

import type { HolderCheck } from '../../../db/types/holders.ts'
import { MAX_NFT_PAGES, NFT_PAGE_LIMIT } from '../../../shared/constants.ts'
import { errorMessage } from '../../../shared/errors.ts'
import { readNftPage } from '../../ledger/accountNftsPage.ts'
import { LOOKUP_CONCURRENCY, rippledError } from '../../ledger/ledgerRequests.ts'
import { malformedReply } from '../../ledger/nftEntry.ts'
import { runPool } from '../../ledger/pool.ts'

/** The collection and ledger a snapshot was read at. */
export interface SnapshotPoint {
  issuer: string
  /** null: every taxon of the issuer. */
  taxon: number | null
  ledgerIndex: number
}

/** Asks one of `endpoints` a question over its paced client (SecondOpinion.askAmong). */
export type AskServers = <T>(
  endpoints: readonly string[],
  question: (client: Client) => Promise<T>,
) => Promise<T | undefined>

/** The server does not have the snapshot's ledger (any more, or not yet). */
class NoLedger extends Error {}

/**
 * How many NFTs of the collection `address` holds at the snapshot's ledger, as `client`'s server
 * says: 0 for an account that does not exist there. Counting stops at `enough` (the rest of a large
 * account's list cannot make the holder hold less).
 *
 * @throws NoLedger when the server does not have that ledger; EngineError `LEDGER_REJECTED` for a
 *   reply that is malformed or of another ledger; the request's own failure otherwise.
 */
async function heldAt(
  client: Client,
  address: string,
  at: SnapshotPoint,
  enough: number,
): Promise<number> {
  let held = 0
  let marker: string | undefined
  const markers = new Set<string>()
  for (let page = 0; page < MAX_NFT_PAGES; page += 1) {
    let result: unknown
    try {
      const reply = await client.request({
        command: 'account_nfts',
        account: address,
        ledger_index: at.ledgerIndex,
        limit: NFT_PAGE_LIMIT,
        ...(marker === undefined ? {} : { marker }),
      })
      result = reply.result
    } catch (error) {
      const token = rippledError(error)
      if (token === 'actNotFound') return 0
      if (token === 'lgrNotFound') throw new NoLedger()
      throw error
    }
    // Every page must be of the snapshot's ledger, validated: a count of another ledger proves nothing.
    const checked = readNftPage(result, address, at.ledgerIndex)
    for (const nft of checked.nfts) {
      if (nft.issuer === at.issuer && (at.taxon === null || nft.taxon === at.taxon)) held += 1
    }
    if (held >= enough || checked.marker === undefined) return held
    if (markers.has(checked.marker)) throw malformedReply('the marker repeats')
    markers.add(checked.marker)
    marker = checked.marker
  }
  throw malformedReply(`more than ${MAX_NFT_PAGES} pages and still a marker`)
}

/**
 * Asks `servers` in turn about `holders`, each holder until one server answers: a server without
 * the snapshot's ledger, or one that fails, leaves its holders to the next.
 *
 * @param record - told each answer as it comes (to save, and to report progress).
 * @param asking - told which server is asked next.
 * @returns why each server that left holders unanswered did so, in words.
 */
export async function checkHolders(
  ask: AskServers,
  servers: readonly string[],
  at: SnapshotPoint,
  holders: readonly { address: string; count: number }[],
  record: (address: string, check: HolderCheck) => void,
  asking: (server: string) => void = () => undefined,
): Promise<string[]> {
  let left = holders
  const why: string[] = []
  for (const server of servers) {
    if (left.length === 0) break
    asking(server)
    const answered = new Set<string>()
    let failure = 'did not answer'
    const outcome = await ask([server], async (client) => {
      try {
        await runPool(left, LOOKUP_CONCURRENCY, async (holder) => {
          const held = await heldAt(client, holder.address, at, holder.count)
          answered.add(holder.address)
          record(holder.address, { held, by: server })
        })
        return 'answered' as const
      } catch (error) {
        // A server without the ledger is no failure of its connection: its client stays.
        if (error instanceof NoLedger) return 'noLedger' as const
        failure = `failed (${errorMessage(error)})`
        throw error
      }
    })
    if (outcome === 'noLedger') why.push(`${server} does not have ledger ${at.ledgerIndex}`)
    else if (outcome === undefined) why.push(`${server} ${failure}`)
    left = left.filter((holder) => !answered.has(holder.address))
  }
  return why
}
