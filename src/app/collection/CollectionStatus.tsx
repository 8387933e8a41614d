import { clearMetadataCache, useMetadataCache } from './metadataCacheState.ts'
import { useCollection } from './collectionState.ts'

/** The cache status line, 'Clear Cache' (only when the cache has entries) and its outcome. */
export function CacheStatus() {
  const { stats: cacheStats, message: cacheMessage } = useMetadataCache()
  return (
    <div className="collection__cache">
      {cacheStats && (
        <p data-testid="cache-status">
          Cache: {cacheStats.walletEntries} entries for this wallet, {cacheStats.totalEntries}{' '}
          total, {cacheStats.sizeKb} KB
        </p>
      )}
      {cacheStats && cacheStats.totalEntries > 0 && (
        <button type="button" onClick={() => void clearMetadataCache()}>
          Clear Cache
        </button>
      )}
      {cacheMessage && (
        <p
          className={`notice notice--${cacheMessage.kind}`}
          role={cacheMessage.kind === 'error' ? 'alert' : 'status'}
        >
          {cacheMessage.text}
        </p>
      )}
    </div>
  )
}

/** NFT and metadata loading progress, while either runs. */
export function LoadProgress() {
  const { loadingNfts, loadingMetadata, nftProgress, metadataProgress } = useCollection()
  if (loadingNfts) {
    return (
      <p className="collection__progress" data-testid="load-progress">
        Reading NFTs from the ledger: {nftProgress?.loaded ?? 0} so far
      </p>
    )
  }
  if (loadingMetadata) {
    const done = metadataProgress ? metadataProgress.total - metadataProgress.pending : 0
    return (
      <p className="collection__progress" data-testid="load-progress">
        Loading metadata: {done} of {metadataProgress?.total ?? '…'}
      </p>
    )
  }
  return null
}
