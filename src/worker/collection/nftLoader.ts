/**
 * Loads an account's NFTs from the validated ledger and saves them as the account's snapshot on a
 * network, which the UI observes (and shows offline). The snapshot is written once, after the last
 * page: a load that fails at any point leaves the previous snapshot as it was.
 */
import { isValidClassicAddress } from 'xrpl'

import { saveReadSnapshot } from '../../db/nftSnapshots.ts'
import type { LedgerDb } from '../../db/schema.ts'
import { EngineError } from '../../shared/errors.ts'
import type { NetworkId } from '../../shared/networks.ts'
import type { NftLoadProgress, NftLoadResult, ProgressListener } from '../api.ts'
import type { ConnectionManager } from '../network/connectionManager.ts'
import { throttledProgress } from '../progress.ts'
import { readAccountNfts } from '../ledger/accountNfts.ts'

/** What the loader needs from the engine. */
export interface NftLoaderDeps {
  /** The ledger connection (only its client is used). */
  connection: Pick<ConnectionManager, 'readyClient'>
  db: LedgerDb
  /** NFTs the account's stream saw leave it after a ledger (see AccountWatch.leftAfter). */
  leftAfter?: (network: NetworkId, account: string, ledgerIndex: number) => ReadonlySet<string>
}

/** Longest part of a rejected input echoed in the error message. */
const SHOWN_INPUT_CHARS = 40

/** A rejected input as the error message shows it: shortened, and never blank. */
function shownInput(account: unknown): string {
  const text = typeof account === 'string' ? account : String(account)
  if (!text.trim()) return '(empty)'
  return text.length > SHOWN_INPUT_CHARS ? `${text.slice(0, SHOWN_INPUT_CHARS)}...` : text
}

/**
 * The account as a classic address.
 *
 * @throws EngineError `VALIDATION` 'Invalid address: …' for anything else.
 */
function checkedAccount(account: unknown): string {
  const address = typeof account === 'string' ? account.trim() : ''
  if (isValidClassicAddress(address)) return address
  throw new EngineError('VALIDATION', `Invalid address: ${shownInput(account)}`)
}

/** Loads NFT lists (account_nfts) into snapshots. */
export class NftLoader {
  /** @param deps - the ledger connection and the database. */
  constructor(private readonly deps: NftLoaderDeps) {}

  /**
   * Loads every NFT of `account` and saves them as its snapshot on `network` (see EngineApi.loadNfts).
   *
   * @param network - the network the connection is on; the snapshot's key.
   * @param account - a classic address (surrounding spaces are ignored).
   * @param onProgress - throttled; gets the final counts, and is released, when the load ends.
   * @throws EngineError `VALIDATION` for a malformed address; `NOT_CONNECTED` without a connection;
   *   `NOT_FOUND` for an account not activated on the network; `NETWORK`/`TIMEOUT` when the
   *   connection fails mid-load; `LEDGER_REJECTED` for server errors and malformed replies.
   */
  async load(
    network: NetworkId,
    account: string,
    onProgress?: ProgressListener<NftLoadProgress>,
  ): Promise<NftLoadResult> {
    const address = checkedAccount(account)
    // The client of the network the caller named (CANCELLED if the engine moved meanwhile).
    const client = await this.deps.connection.readyClient(network)
    const progress = throttledProgress(onProgress)
    let counts: NftLoadProgress = { loaded: 0, pages: 0 }
    try {
      const startedAt = Date.now()
      const { nfts: read, ledgerIndex } = await readAccountNfts(client, address, (p) => {
        counts = p
        progress.report(p)
      })
      const loadedAt = Date.now()
      // Without what a burn job burned, or the stream saw leave, after that ledger (it already left
      // the stored list).
      const { nfts } = await saveReadSnapshot(
        this.deps.db,
        { network, account: address, nfts: read, loadedAt, ledgerIndex },
        startedAt,
        this.deps.leftAfter?.(network, address, ledgerIndex),
      )
      return { network, account: address, count: nfts.length, ledgerIndex, loadedAt }
    } finally {
      progress.finish(counts)
    }
  }
}
