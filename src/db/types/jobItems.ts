/**
 * A job's items: the intent each records, its status, and the transactions signed for it.
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { ItemAcceptance } from './acceptance.ts'
import type { BidTerms } from './offers.ts'

/** One intended ledger action. Exactly one transaction per intent may ever succeed. */
export type Intent =
  | {
      type: 'offer'
      nftId: string
      amountDrops: string
      destination?: string
      expiration?: number
      /**
       * 'List again': the account's earlier sell offers on this NFT, cancelled by an earlier item of the
       * same job. The offer is signed only once they are; if their cancellation fails, it is skipped.
       */
      replaces?: string[]
    }
  | { type: 'burn'; nftId: string }
  | { type: 'cancel'; offerIds: string[] }
  /**
   * Sell the NFT to a bidder: accept their buy offer on it, on the terms the user confirmed (the
   * ledger's bid is compared with them right before signing; on any difference nothing is signed).
   */
  | {
      type: 'accept'
      offerId: string
      nftId: string
      /** The bid as the user confirmed it; absent only in jobs planned before it was recorded. */
      terms?: BidTerms
      /** The user confirmed that the bid is in a token (an issued currency), which may be worthless. */
      acceptToken?: boolean
      /** The user accepted the one server's word for the bid's terms (no second server to ask). */
      acceptOneServer?: boolean
    }
  /**
   * Remove the account's regular key (SetRegularKey without RegularKey), signed by that key itself:
   * `keyAddress` is the key removed, as the ledger had it when the job was planned.
   */
  | { type: 'removeRegularKey'; keyAddress: string }
  /**
   * Mint one NFT (NFTokenMint) into the account, for itself or for `issuer` as that account's
   * authorized minter. With `offer`, the same transaction puts it on sale (XLS-52): a gift at '0' or
   * a price, maybe to one recipient (the airdrop is the mint), maybe until an expiration.
   */
  | {
      type: 'mint'
      /** The NFT's URI as text (ipfs://…, https://…): at most 256 bytes of UTF-8, never empty. */
      uri: string
      taxon: number
      /** NFTokenMint flags: burnable 1, only XRP 2, transferable 8, mutable 16. */
      flags: number
      /** What the issuer earns of each sale, in 1/100000 (0–50000); transferable NFTs only. */
      transferFee: number
      issuer?: string
      offer?: MintOffer
    }
  /**
   * Give an NFT minted mutable a new URI (XLS-46 NFTokenModify), as its issuer or the issuer's
   * authorized minter. `owner`: its holder when not the account (the transaction's Owner), as the
   * ledger had it when the job was planned; `fromUri`: the URI the change was made for (a repair's),
   * which pre-flight finds on the ledger or leaves the item out.
   */
  | { type: 'modify'; nftId: string; uri: string; owner?: string; fromUri?: string }
  /**
   * Name the account that may mint NFTs for this one (AccountSet asfAuthorizedNFTokenMinter with
   * NFTokenMinter), or, without `minter`, take that right back from whoever had it.
   */
  | { type: 'setMinter'; minter?: string }

/** The sell offer a mint makes with its NFT (XLS-52 NFTokenMintOffer). */
export interface MintOffer {
  /** Whole drops; '0' for a gift. */
  amountDrops: string
  destination?: string
  /** Ripple-epoch seconds. */
  expiration?: number
}

/**
 * An item's state. `pending`: no live attempt (never signed, or every attempt is provably dead).
 * `inFlight`: an attempt is signed (and maybe submitted) and not yet final. Final: `succeeded`
 * (tesSUCCESS in a validated ledger), `failed` (a tec in a validated ledger, or a rejection that proves
 * it can never apply), `skipped` (left out by pre-flight or by cancelling the job before it was signed).
 */
export type ItemStatus = 'pending' | 'inFlight' | 'succeeded' | 'failed' | 'skipped'

/** One signed transaction of an intent. Its blob and hash are stored before it is submitted. */
export interface Attempt {
  sequence: number
  /** The latest validated ledger when it was signed: it cannot be in any ledger before this one. */
  firstLedger: number
  lastLedgerSequence: number
  feeDrops: string
  hash: string
  txBlob: string
  signedAt: number
  /** The submit's engine_result (preliminary; only a validated ledger is final). */
  preliminary?: string
  submittedAt?: number
  /**
   * The validated result, or 'dead' once it counts as dead: its LastLedgerSequence passed with no
   * server showing it, or another transaction used its number. Only with `rival` is that proven.
   */
  final?: string
  /**
   * The hash of the validated transaction that used this attempt's sequence number, signed by the
   * account's key (checked by the engine): proof that it can never apply, so its intent may be signed
   * with another number. Without it, the intent's next attempt reuses this number.
   */
  rival?: string
  /** Validated ledger of the final result. */
  ledgerIndex?: number
}

/** One item of a job (the `jobItems` table): its intent, its status and the attempts signed for it. */
export interface JobItemRow {
  /** `${jobId}:${index}` (index zero-padded so items sort in plan order). */
  id: string
  jobId: string
  index: number
  intent: Intent
  status: ItemStatus
  attempts: Attempt[]
  /** The final result code (tesSUCCESS, tec…, tef…), and a plain-words message. */
  result?: string
  message?: string
  /** The NFTokenOffer created (offer items). */
  offerId?: string
  /** The airdrop recipient's row in the CSV, for reports. */
  recipient?: string
  /**
   * The sequence number an external wallet was asked to sign the intent with, stored before it was
   * asked: the wallet may keep a copy the app dropped (a late approval), so the intent keeps that
   * number until an attempt of it is stored (see db/sequences.ts heldSequence).
   */
  reserved?: number
  /** The validated ledger when the wallet was asked with `reserved`: its copy is in no earlier one. */
  reservedLedger?: number
  /**
   * The name of the item's NFT as its card showed it when the job was planned, if it had one: a
   * burned NFT's metadata leaves this device, and its result still names it.
   */
  nftName?: string
  /**
   * A mint's NFT, worked out by the engine from its validated transaction (the issuer's serial in
   * the metadata and the fields it signed), checked against the id the metadata names.
   */
  mintedNftId?: string
  /** A re-offer's item: the recipient the NFT was offered to before, for reports. */
  previousRecipient?: string
  /** Airdrop offers that succeeded: whether the recipient accepted them (acceptance tracking). */
  acceptance?: ItemAcceptance
}
