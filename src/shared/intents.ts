/** What an intent is about, for the views and reports that list items of every kind. */
import type { Intent } from '../db/types/jobItems.ts'

/** The NFT an intent offers, burns or sells; null for a cancellation or a key removal. */
export function intentNftId(intent: Intent): string | null {
  return intent.type === 'cancel' || intent.type === 'removeRegularKey' ? null : intent.nftId
}
