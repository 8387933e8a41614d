import { useState } from 'react'

import { placeholderLabel, safeImageUrl } from './imageUrl.ts'

/**
 * The card's picture: a loading placeholder until the image arrives; the 400x300 placeholder with the
 * first 4 characters of the NFT id when there is no (safe) image or it fails to load.
 */
export function NftImage({ nftId, image }: { nftId: string; image: string | null }) {
  const src = safeImageUrl(image)
  // The state is keyed by URL: a new URL (metadata arrived, cache cleared) starts loading afresh.
  const [state, setState] = useState<{ src: string | null; status: 'loading' | 'ok' | 'failed' }>({
    src,
    status: 'loading',
  })
  const status = state.src === src ? state.status : 'loading'
  if (!src || status === 'failed') {
    return (
      <div className="nft-card__placeholder" data-testid="nft-placeholder" aria-hidden="true">
        <svg viewBox="0 0 400 300" width="400" height="300" role="presentation">
          <rect width="400" height="300" className="nft-card__placeholder-bg" />
          <text x="200" y="165" textAnchor="middle" className="nft-card__placeholder-text">
            {placeholderLabel(nftId)}
          </text>
        </svg>
      </div>
    )
  }
  return (
    <div className="nft-card__media" data-loading={status === 'loading' || undefined}>
      <img
        src={src}
        alt=""
        width={400}
        height={300}
        loading="lazy"
        decoding="async"
        referrerPolicy="no-referrer"
        onLoad={() => setState({ src, status: 'ok' })}
        onError={() => setState({ src, status: 'failed' })}
      />
    </div>
  )
}
