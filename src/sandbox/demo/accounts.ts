/**
 * The sandbox's demo accounts. Seeds derive from fixed labels, so every run (and every newcomer's
 * `npm start`) gets the same addresses. Sandbox-only: these seeds are public and worthless elsewhere.
 */
import { createHash } from 'node:crypto'
import { Wallet, encodeSeed } from 'xrpl'

function demoWallet(label: string, algorithm: 'secp256k1' | 'ed25519' = 'secp256k1'): Wallet {
  const entropy = createHash('sha256')
    .update(`xrpl-nft-manager sandbox: ${label}`)
    .digest()
    .subarray(0, 16)
  return Wallet.fromSeed(encodeSeed(entropy, algorithm))
}

export const RECIPIENT_COUNT = 50
/** Recipients 1..10 accept incoming NFT offers made to them, a couple of ledgers later. */
export const AUTO_ACCEPT_COUNT = 10
/** The last recipient refuses incoming NFT offers (lsfDisallowIncomingNFTokenOffer). */
export const REFUSING_RECIPIENT = RECIPIENT_COUNT

/** The other sellers of the demo collections. */
export const COLLECTOR_COUNT = 2

export interface DemoAccounts {
  /** The demo wallet a newcomer connects with: holds the demo collections and offers. */
  holder: Wallet
  /** Mints the collections the holder received from someone else (one is not transferable). */
  artist: Wallet
  /** Funded accounts for airdrops; see AUTO_ACCEPT_COUNT and REFUSING_RECIPIENT. */
  recipients: Wallet[]
  /** Valid addresses that are never funded: a CSV naming them meets tecNO_DST. */
  unfunded: Wallet[]
  /**
   * Other sellers: each holds a few NFTs of every demo collection and lists them, so that every
   * collection has a floor price (market.ts).
   */
  collectors: Wallet[]
  /** A second holder with thousands of NFTs, for scale tests (funded only on demand). */
  largeHolder: Wallet
}

export function demoAccounts(): DemoAccounts {
  return {
    holder: demoWallet('holder'),
    artist: demoWallet('artist'),
    recipients: Array.from({ length: RECIPIENT_COUNT }, (_, i) => demoWallet(`recipient ${i + 1}`)),
    unfunded: Array.from({ length: 5 }, (_, i) => demoWallet(`unfunded ${i + 1}`)),
    collectors: Array.from({ length: COLLECTOR_COUNT }, (_, i) => demoWallet(`collector ${i + 1}`)),
    largeHolder: demoWallet('large holder', 'ed25519'),
  }
}
