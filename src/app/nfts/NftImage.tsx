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

/** Which source of a list is tried now, and whether every one failed; reset when the list changes. */
function useFailover(sources: readonly string[]) {
  const key = sources.join('\n')
  const [state, setState] = useState({
    key,
    index: 0,
    status: 'loading' as 'loading' | 'ok' | 'failed',
  })
  const current = state.key === key ? state : { key, index: 0, status: 'loading' as const }
  return {
    src: current.status === 'failed' ? null : (sources[current.index] ?? null),
    status: current.status,
    loaded: () => setState({ ...current, status: 'ok' }),
    failed: () =>
      setState(
        current.index + 1 < sources.length
          ? { key, index: current.index + 1, status: 'loading' }
          : { ...current, status: 'failed' },
      ),
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
