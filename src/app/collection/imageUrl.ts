/** Which media URLs a card may load: metadata is untrusted, so only http(s) and data:image. */
import type { NftMedia } from '../../db/types/metadata.ts'

const SAFE_IMAGE = /^(https?:\/\/|data:image\/)/i
const SAFE_WEB = /^https?:\/\//i

/**
 * The URL the card's <img> may use, or null (the placeholder is shown). The worker already sanitises
 * metadata; this is the page's own last check before a URL reaches the DOM.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null
  const trimmed = url.trim()
  return SAFE_IMAGE.test(trimmed) ? trimmed : null
}

/** The picture's addresses to try in turn: `image` first, then the other gateways, each once. */
export function pictureSources(
  image: string | null | undefined,
  imageUrls: readonly string[] | undefined,
): string[] {
  const all = [image, ...(imageUrls ?? [])]
    .map((url) => safeImageUrl(url))
    .filter((url): url is string => url !== null)
  return [...new Set(all)]
}

/** A video's or a sound's addresses the card may use (http(s) only), each once. */
export function mediaSources(media: NftMedia | null | undefined): string[] {
  const urls = (media?.urls ?? []).map((url) => url.trim()).filter((url) => SAFE_WEB.test(url))
  return [...new Set(urls)]
}

/** Whether an NFT has something to show: a picture, a video or a sound. */
export function hasMedia(
  meta: { image: string | null; imageUrls?: string[]; animation?: NftMedia | null } | undefined,
): boolean {
  if (!meta) return false
  return (
    pictureSources(meta.image, meta.imageUrls).length > 0 || mediaSources(meta.animation).length > 0
  )
}

/** The placeholder's label: the first 4 characters of the NFT id (spec part 2 §8). */
export function placeholderLabel(nftId: string): string {
  return nftId.slice(0, 4)
}
