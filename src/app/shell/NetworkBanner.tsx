/** STUB (shell helper replaces it): the banner shown when not on Mainnet. */
export function NetworkBanner() {
  return null
}
