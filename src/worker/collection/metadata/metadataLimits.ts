/**
 * The metadata service's bounds and options: how long and how large a fetch may be, how many run at
 * once, the cache caps, and what the engine's options may replace (tests, benches, own gateways).
 */
import {
  DESKTOP_CACHE_LIMIT_BYTES,
  METADATA_CONCURRENCY,
  MOBILE_CACHE_LIMIT_BYTES,
} from '../../../shared/constants.ts'
import type { GatewaySet } from './gateways.ts'
import type { PoolLimits } from './poolLimits.ts'

/** Bounds of metadata fetching. */
export interface MetadataLimits {
  /** Deadline of one request (headers and body), in ms. */
  timeoutMs: number
  /** Largest document accepted, in bytes (enforced while streaming). */
  maxBytes: number
  /** Fetches in flight at once. */
  concurrency: number
  /** Cache cap on mobile devices, in bytes. */
  mobileCacheBytes: number
  /** Cache cap elsewhere, in bytes. */
  desktopCacheBytes: number
}

/**
 * Production limits: 10 s per request, 1 MB per document, 15 at once, a 3 MB cache on mobile and
 * 50 MB elsewhere.
 */
export const DEFAULT_METADATA_LIMITS: MetadataLimits = {
  timeoutMs: 10_000,
  maxBytes: 1024 * 1024,
  concurrency: METADATA_CONCURRENCY,
  mobileCacheBytes: MOBILE_CACHE_LIMIT_BYTES,
  desktopCacheBytes: DESKTOP_CACHE_LIMIT_BYTES,
}

/**
 * Fetches in flight while a job runs in this engine, for the cards on screen only: the rest of the
 * metadata waits for the job to end, so that fetching and caching never take CPU from signing.
 */
export const METADATA_CONCURRENCY_DURING_JOB = 2

/** The optional part of the service's dependencies: what `EngineOptions.metadata` may set. */
export interface MetadataOptions {
  /** Replace the network's IPFS and/or Arweave gateways (the user's `ipfsGateways` still wins). */
  gateways?: Partial<GatewaySet>
  /** Override some limits. */
  limits?: Partial<MetadataLimits>
  /** Override the gateway pool's tuning (tests, benches). */
  poolLimits?: Partial<PoolLimits>
  /** The fetch to use; the global one by default. */
  fetchFn?: typeof fetch
  /** Apply the mobile cache cap; detected from the user agent by default. */
  isMobile?: boolean
  /** Clock (Unix ms), for freshness and `fetchedAt`; tests move it instead of sleeping. */
  now?: () => number
}
