/**
 * The metadata of the NFTs shown, streamed in as the worker writes it: on each progress call only the
 * rows written since the last read are read (by `fetchedAt`), so 100,000 NFTs' metadata never means
 * re-reading the whole table. Reads run one at a time; progress calls during a read coalesce into one
 * more read after the view has digested this one.
 */
import { proxy as comlinkProxy } from 'comlink'

import { appDb } from '../../db/queries/db.ts'
import { metadataFetchedSince } from '../../db/queries/metadataSince.ts'
import type { MetadataRow } from '../../db/types/metadata.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import { logFailure, loggedOr } from '../../shared/errors.ts'
import type { MetadataProgress } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { mergeGapMs } from '../state/viewPace.ts'

/** Rows are re-read from slightly before the last read: a row is committed just after its fetchedAt. */
const READ_OVERLAP_MS = 2000

/** Where the streamed metadata goes. */
export interface MetadataSink {
  /** The NFTs shown: only their rows are read. */
  nfts(): readonly NftItem[]
  /** Puts rows into the view; true when it got new or changed ones. */
  merge(rows: readonly MetadataRow[]): boolean
  /** The worker's progress. */
  progress(progress: MetadataProgress): void
}

/**
 * Has the worker load the metadata of `account`'s NFTs and streams the rows into `sink` until the
 * load ends (a failed fetch is a 'failed' row; a failing call is logged and leaves the cards with
 * their ledger fields). Nothing reaches the sink once `scope` is aborted.
 */
export async function streamMetadata(
  account: string | undefined,
  scope: AbortSignal,
  sink: MetadataSink,
): Promise<void> {
  const startedAt = Date.now()
  const reader = new IncrementalReader(scope, sink, startedAt - READ_OVERLAP_MS)
  await engine
    .loadMetadata(
      { account },
      comlinkProxy((progress: MetadataProgress) => {
        if (scope.aborted) return
        sink.progress(progress)
        reader.poke()
      }),
    )
    .catch(logFailure('loading the metadata'))
  // One last full catch-up from the start of this load, in case a throttled call was skipped.
  await reader.finish(startedAt - READ_OVERLAP_MS)
}

/** Reads new metadata rows one query at a time; pokes during a read coalesce into one more read. */
class IncrementalReader {
  private running: Promise<void> | null = null
  private again = false
  private ids: { nfts: readonly NftItem[]; set: ReadonlySet<string> } | null = null

  constructor(
    private readonly scope: AbortSignal,
    private readonly sink: MetadataSink,
    private since: number,
  ) {}

  poke(): void {
    if (this.running) {
      this.again = true
      return
    }
    this.running = this.drain().finally(() => {
      this.running = null
    })
  }

  async finish(from: number): Promise<void> {
    while (this.running) await this.running
    this.since = Math.min(this.since, from)
    await this.readOnce()
  }

  private async drain(): Promise<void> {
    do {
      this.again = false
      const merged = await this.readOnce()
      // Pokes meanwhile coalesce into the next read, after the view has digested this one.
      if (merged) await new Promise((resolve) => setTimeout(resolve, mergeGapMs()))
    } while (this.again)
  }

  /** The collection's ids, built once per list (100,000 of them cost a few ms). */
  private idsOf(nfts: readonly NftItem[]): ReadonlySet<string> {
    if (this.ids?.nfts !== nfts) this.ids = { nfts, set: new Set(nfts.map((nft) => nft.nftId)) }
    return this.ids.set
  }

  /** Reads the rows written since the last read; true when the view got new ones. */
  private async readOnce(): Promise<boolean> {
    if (this.scope.aborted) return false
    const ids = this.idsOf(this.sink.nfts())
    const queryStart = Date.now()
    const rows = await metadataFetchedSince(appDb(), this.since, ids).catch(
      loggedOr('reading the new metadata', []),
    )
    if (this.scope.aborted) return false
    this.since = queryStart - READ_OVERLAP_MS
    return this.sink.merge(rows)
  }
}
