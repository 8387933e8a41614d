/** Which image URLs a card may load: metadata is untrusted, so only http(s) and data:image. */

const SAFE_IMAGE = /^(https?:\/\/|data:image\/)/i

/**
 * The URL the card's <img> may use, or null (the placeholder is shown). The worker already sanitises
 * metadata; this is the page's own last check before a URL reaches the DOM.
 */
export function safeImageUrl(url: string | null | undefined): string | null {
  if (!url) return null
  const trimmed = url.trim()
  return SAFE_IMAGE.test(trimmed) ? trimmed : null
}

/** The placeholder's label: the first 4 characters of the NFT id (spec part 2 §8). */
export function placeholderLabel(nftId: string): string {
  return nftId.slice(0, 4)
}
