/**
 * Where airdrop offers stand with their recipients (acceptance tracking), per item and per job.
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */

/**
 * Where an airdrop offer stands with its recipient. An offer becomes a transfer only when the
 * recipient accepts it. `offered`: the offer is on the ledger, waiting. `accepted`: the recipient took
 * the NFT. `gone`: the offer left the ledger without a transfer (cancelled or reclaimed, expired, the
 * NFT burned or sold through another offer).
 */
export type AcceptanceState = 'offered' | 'accepted' | 'gone'

/** The acceptance of one airdrop offer (a succeeded offer item of an airdrop job). */
export interface ItemAcceptance {
  state: AcceptanceState
  /** The validated ledger this was read from (or in which the stream showed the change). */
  ledgerIndex: number
  /** Unix ms of the check. */
  checkedAt: number
  /** For `gone`: what is known of why, in plain words. */
  detail?: string
}

/**
 * Acceptance counts over an airdrop's offers (its succeeded offer items), kept on the job row for the
 * UI. An offer not checked yet counts as `offered`: it was created on the ledger.
 */
export interface AcceptanceSummary {
  offered: number
  accepted: number
  gone: number
  /** Unix ms of the last full check from the ledger; null before the first. */
  checkedAt: number | null
  /** Unix ms when the tracker checks next; null when nothing is left to track (no offer waits). */
  nextCheckAt: number | null
}
