/**
 * How an NFT's ledger fields are shown (the spec's NFT card and grouping), shared by the UI and the
 * engine. Dependency-free; metadata comes in already normalised (plain text or null).
 */

/** The transfer fee unit: the ledger stores 1/100000, shown as fee / 1000 percent. */
const FEE_UNITS_PER_PERCENT = 1000
/** Leading characters of an issuer kept in its group label. */
const ISSUER_GROUP_CHARS = 8

/**
 * The name an NFT card shows: the metadata's name, else 'NFT #' and the serial ('NFT #Unknown'
 * without one).
 *
 * @param nft - the NFT's serial (0 is a real serial).
 * @param metadata - its normalised metadata, if loaded; a blank name counts as none.
 */
export function displayName(
  nft: { serial?: number | null },
  metadata?: { name?: string | null } | null,
): string {
  const name = metadata?.name?.trim()
  if (name) return name
  return `NFT #${nft.serial ?? 'Unknown'}`
}

/**
 * The transfer-fee badge: the stored fee divided by 1000, as a percent (2500 → '2.5%',
 * 50000 → '50%'); null when there is no fee (empty or zero), so the badge is hidden.
 *
 * @param transferFee - in units of 1/100000, as on the ledger (0–50000).
 */
export function transferFeePercent(transferFee: number | null | undefined): string | null {
  if (typeof transferFee !== 'number' || !Number.isFinite(transferFee) || transferFee <= 0) {
    return null
  }
  if (!Number.isSafeInteger(transferFee)) return `${transferFee / FEE_UNITS_PER_PERCENT}%`
  // Integer arithmetic: 1/1000 steps print exactly ('0.001%'), with no float noise.
  const whole = Math.floor(transferFee / FEE_UNITS_PER_PERCENT)
  const fraction = String(transferFee % FEE_UNITS_PER_PERCENT)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}%` : `${whole}%`
}

/**
 * The label of an issuer group: its first 8 characters and an ellipsis.
 *
 * @param issuer - a classic address.
 */
export function issuerGroupLabel(issuer: string): string {
  return issuer.length > ISSUER_GROUP_CHARS ? `${issuer.slice(0, ISSUER_GROUP_CHARS)}...` : issuer
}

/**
 * The card's 'View on XRP.cafe' link: the marketplace's page of the NFT.
 *
 * @param nftId - the NFTokenID (64 hex digits).
 */
export function xrpCafeUrl(nftId: string): string {
  return `https://xrp.cafe/nft/${encodeURIComponent(nftId)}`
}

/** A collection's key, its issuer and taxon: `${issuer}:${taxon}`. */
export function collectionKey(nft: { issuer: string; taxon: number }): string {
  return `${nft.issuer}:${nft.taxon}`
}
