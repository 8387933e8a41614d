/**
 * What an intent does, in the terms the generic job code reasons in (pre-flight, the runner, the
 * report): the NFT it acts on, the sell offer it makes, the offers it cancels. The job engine reads
 * intents only through here, so it names no intent type; a new intent type adds its line to
 * EFFECTS (the compiler asks for it).
 */
import type { Intent, MintOffer } from '../db/types/jobItems.ts'

/** The sell offer an intent makes: its NFT, price, recipient, expiration and the offers it replaces. */
export type OfferTerms = Omit<Extract<Intent, { type: 'offer' }>, 'type'>

/** What an intent does on the ledger; see the module comment. */
export interface IntentEffects {
  /**
   * The NFT it acts on, which the account must hold: offered for sale or as a gift, burned (it
   * leaves the account for good), or sold to a bid (a sale is its job's whole point).
   */
  nft?: { id: string; role: 'offers' | 'burns' | 'sells' }
  /** The sell offer it makes. */
  offer?: OfferTerms
  /** The offers it cancels. */
  cancels?: readonly string[]
  /**
   * The NFT it mints into the account (for `issuer`, as its authorized minter), and the sell offer
   * it makes with it (XLS-52): one NFT page share and, with an offer, one offer of reserve.
   */
  mint?: MintEffect
  /**
   * The NFT whose URI it changes (XLS-46), usually a holder's: nothing of the account's is taken,
   * and no other job's NFT is touched.
   */
  modifies?: { id: string; uri: string }
}

/** What a mint writes into its NFT's id (see IntentEffects.mint), and the offer it makes with it. */
export interface MintEffect {
  /** Absent: the account itself. */
  issuer?: string
  taxon: number
  flags: number
  transferFee: number
  offer?: MintOffer
}

const EFFECTS: { [T in Intent['type']]: (intent: Extract<Intent, { type: T }>) => IntentEffects } =
  {
    // The intent itself is its offer's terms (its `type` aside): nothing is copied per call.
    offer: (intent) => ({ nft: { id: intent.nftId, role: 'offers' }, offer: intent }),
    burn: (intent) => ({ nft: { id: intent.nftId, role: 'burns' } }),
    cancel: (intent) => ({ cancels: intent.offerIds }),
    accept: (intent) => ({ nft: { id: intent.nftId, role: 'sells' } }),
    removeRegularKey: () => ({}),
    modify: (intent) => ({ modifies: { id: intent.nftId, uri: intent.uri } }),
    setMinter: () => ({}),
    mint: ({ issuer, offer, taxon, flags, transferFee }) => ({
      mint: {
        taxon,
        flags,
        transferFee,
        ...(issuer ? { issuer } : {}),
        ...(offer ? { offer } : {}),
      },
    }),
  }

/** What an intent does (nothing known for a type this version does not have). */
export function intentEffects(intent: Intent): IntentEffects {
  const effects = EFFECTS[intent.type] as ((intent: Intent) => IntentEffects) | undefined
  return effects ? effects(intent) : {}
}

/** The NFT an intent offers, burns or sells; null for a cancellation or a key removal. */
export function intentNftId(intent: Intent): string | null {
  return intentEffects(intent).nft?.id ?? null
}
