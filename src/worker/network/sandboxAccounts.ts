/**
 * The local sandbox's demo accounts, derived here the way the sandbox derives them
 * (src/sandbox/demo/accounts.ts: SHA-256 of a fixed label, the first 16 bytes as seed entropy), so
 * that the demo holder's seed is made inside the worker and never crosses to the page, and a sample
 * airdrop names recipients that exist there. Worthless anywhere but the local sandbox.
 */
import { Wallet, encodeSeed } from 'xrpl'

/** What the sandbox's labels start with. */
const LABEL_PREFIX = 'xrpl-nft-manager sandbox: '
/** The sandbox's recipients 1 to this accept the NFT offers made to them within a few ledgers. */
export const SANDBOX_ACCEPTING_RECIPIENTS = 10

/** The family seed (secp256k1) of the sandbox account of this label. */
async function sandboxSeed(label: string): Promise<string> {
  const text = new TextEncoder().encode(`${LABEL_PREFIX}${label}`)
  const digest = await crypto.subtle.digest('SHA-256', text)
  return encodeSeed(new Uint8Array(digest).subarray(0, 16), 'secp256k1')
}

/** The family seed of the sandbox's demo holder. */
export function demoHolderSeed(): Promise<string> {
  return sandboxSeed('holder')
}

/** The addresses of the sandbox's recipients that accept offers, in their order. */
export async function acceptingRecipients(): Promise<string[]> {
  const labels = Array.from(
    { length: SANDBOX_ACCEPTING_RECIPIENTS },
    (_, i) => `recipient ${i + 1}`,
  )
  const seeds = await Promise.all(labels.map(sandboxSeed))
  return seeds.map((seed) => Wallet.fromSeed(seed).classicAddress)
}
