import { useEffect, useRef, useState } from 'react'

import type { NftMedia } from '../../db/types/metadata.ts'
import { mediaSources, pictureSources, placeholderLabel } from './imageUrl.ts'

interface NftImageProps {
  nftId: string
  /** The picture (a still or a GIF). */
  image: string | null
  /** The picture on other gateways, tried in turn when one fails. */
  imageUrls?: string[] | undefined
  /** A video (shown when there is no picture) or a sound (named on the placeholder). */
  animation?: NftMedia | null | undefined
}

/** How long a source that failed is passed over (as the metadata cache keeps a transient failure). */
const FAILED_FOR_MS = 5 * 60_000
/**
 * Sources that failed in this page lately, by when: a card drawn again (the grid filtered, scrolled
 * back) or given its list again (gateways reordered by health) does not ask a failing gateway first.
 */
const failedSources = new Map<string, number>()

function failedLately(source: string): boolean {
  const at = failedSources.get(source)
  return at !== undefined && Date.now() - at < FAILED_FOR_MS
}

/** Which source of a list is tried now: the first that has not failed lately. */
function useFailover(sources: readonly string[]) {
  const [, setFailures] = useState(0)
  const [loadedSource, setLoaded] = useState<string | null>(null)
  const src = sources.find((source) => !failedLately(source)) ?? null
  return {
    src,
    status:
      src === null
        ? ('failed' as const)
        : src === loadedSource
          ? ('ok' as const)
          : ('loading' as const),
    loaded: () => setLoaded(src),
    failed: () => {
      if (src === null) return
      failedSources.set(src, Date.now())
      setFailures((count) => count + 1)
    },
  }
}

function Placeholder({ nftId, sound }: { nftId: string; sound: boolean }) {
  return (
    <div className="nft-card__placeholder" data-testid="nft-placeholder" aria-hidden="true">
      <svg viewBox="0 0 400 300" width="400" height="300" role="presentation">
        <rect width="400" height="300" className="nft-card__placeholder-bg" />
        <text x="200" y="165" textAnchor="middle" className="nft-card__placeholder-text">
          {placeholderLabel(nftId)}
        </text>
      </svg>
      {sound && <span className="nft-card__badge nft-card__sound">♪ Sound</span>}
    </div>
  )
}

/**
 * A video that plays muted and looping only while it is on screen (paused off screen, so a grid of
 * videos does not download and decode them all), showing its first frame until then.
 */
function NftVideo({ sources, onAllFailed }: { sources: string[]; onAllFailed: () => void }) {
  const { src, status, loaded, failed } = useFailover(sources)
  const ref = useRef<HTMLVideoElement>(null)
  useEffect(() => {
    const video = ref.current
    if (!video || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (entry?.isIntersecting) video.play().catch(() => undefined)
        else video.pause()
      },
      { threshold: 0.5 },
    )
    observer.observe(video)
    return () => observer.disconnect()
  }, [src])
  useEffect(() => {
    if (status === 'failed') onAllFailed()
  }, [status, onAllFailed])
  if (!src) return null
  return (
    <div className="nft-card__media" data-loading={status === 'loading' || undefined}>
      <video
        ref={ref}
        src={src}
        muted
        loop
        playsInline
        preload="metadata"
        width={400}
        height={300}
        data-testid="nft-video"
        onLoadedData={loaded}
        onError={failed}
      />
    </div>
  )
}

/**
 * The card's media: the picture, trying the next gateway when one fails; when there is no picture,
 * the video; else the 400x300 placeholder with the first 4 characters of the NFT id (naming a sound
 * when there is one).
 */
export function NftImage({ nftId, image, imageUrls, animation }: NftImageProps) {
  const pictures = pictureSources(image, imageUrls)
  const picture = useFailover(pictures)
  const video = animation?.kind === 'video' ? mediaSources(animation) : []
  const [videoFailed, setVideoFailed] = useState<string | null>(null)
  const videoKey = video.join('\n')
  if (picture.src) {
    return (
      <div className="nft-card__media" data-loading={picture.status === 'loading' || undefined}>
        <img
          key={picture.src}
          src={picture.src}
          alt=""
          width={400}
          height={300}
          loading="lazy"
          decoding="async"
          referrerPolicy="no-referrer"
          onLoad={picture.loaded}
          onError={picture.failed}
        />
      </div>
    )
  }
  if (video.length > 0 && videoFailed !== videoKey) {
    return <NftVideo sources={video} onAllFailed={() => setVideoFailed(videoKey)} />
  }
  const sound = animation?.kind === 'audio' && mediaSources(animation).length > 0
  return <Placeholder nftId={nftId} sound={sound} />
}
