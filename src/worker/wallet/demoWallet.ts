/**
 * The sandbox's demo wallet, derived here the way the sandbox derives it (src/sandbox/demo/accounts.ts:
 * SHA-256 of a fixed label, the first 16 bytes as seed entropy), so that its seed is made inside the
 * worker and never crosses to the page. Worthless anywhere but the local sandbox.
 */
import { encodeSeed } from 'xrpl'

/** The label the sandbox derives its demo holder from. */
const HOLDER_LABEL = 'xrpl-nft-manager sandbox: holder'

/** The family seed of the sandbox's demo holder. */
export async function demoHolderSeed(): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(HOLDER_LABEL))
  return encodeSeed(new Uint8Array(digest).subarray(0, 16), 'secp256k1')
}
