/**
 * Ledger entries as rippled prints them in JSON (PascalCase fields, XRP amounts as drop strings, `index`
 * the entry's key). The sandbox keeps entries in this form so RPC answers and metadata need no mapping.
 */

/** Any ledger entry. */
export interface Entry {
  LedgerEntryType: string
  index: string
  Flags: number
  PreviousTxnID?: string
  PreviousTxnLgrSeq?: number
  [field: string]: unknown
}

export interface AccountRoot extends Entry {
  LedgerEntryType: 'AccountRoot'
  Account: string
  Balance: string
  OwnerCount: number
  Sequence: number
  RegularKey?: string
  MintedNFTokens?: number
  BurnedNFTokens?: number
  FirstNFTokenSequence?: number
  NFTokenMinter?: string
  /** The account's domain, hex of ASCII (XLS-20: where URI-less NFTs' metadata lives). */
  Domain?: string
  TicketCount?: number
}

export interface NFTokenEntry {
  NFToken: { NFTokenID: string; URI?: string }
}

export interface NFTokenPage extends Entry {
  LedgerEntryType: 'NFTokenPage'
  NFTokens: NFTokenEntry[]
  PreviousPageMin?: string
  NextPageMin?: string
}

export interface NFTokenOffer extends Entry {
  LedgerEntryType: 'NFTokenOffer'
  Amount: string
  NFTokenID: string
  NFTokenOfferNode: string
  Owner: string
  OwnerNode: string
  Destination?: string
  Expiration?: number
}

export interface Ticket extends Entry {
  LedgerEntryType: 'Ticket'
  Account: string
  OwnerNode: string
  TicketSequence: number
}

/** One signer of a SignerList: its account and weight. */
export interface SignerEntry {
  SignerEntry: { Account: string; SignerWeight: number; WalletLocator?: string }
}

export interface SignerList extends Entry {
  LedgerEntryType: 'SignerList'
  OwnerNode: string
  SignerQuorum: number
  SignerEntries: SignerEntry[]
  SignerListID: number
}

export interface DirectoryNode extends Entry {
  LedgerEntryType: 'DirectoryNode'
  Indexes: string[]
  RootIndex: string
  /** The next page's number (hex UInt64); absent or '0' on the last page (it links back to the root). */
  IndexNext?: string
  /** The previous page's number; on the root, the last page's. */
  IndexPrevious?: string
  Owner?: string
  NFTokenID?: string
}

/** AccountRoot flags (rippled LedgerFormats.h). */
export const lsf = {
  passwordSpent: 0x00010000,
  requireDestTag: 0x00020000,
  requireAuth: 0x00040000,
  disallowXRP: 0x00080000,
  disableMaster: 0x00100000,
  noFreeze: 0x00200000,
  globalFreeze: 0x00400000,
  defaultRipple: 0x00800000,
  depositAuth: 0x01000000,
  disallowIncomingNFTokenOffer: 0x04000000,
  disallowIncomingCheck: 0x08000000,
  disallowIncomingPayChan: 0x10000000,
  disallowIncomingTrustline: 0x20000000,
  allowTrustLineClawback: 0x80000000,
  /** NFTokenOffer: a sell offer. */
  sellNFToken: 0x00000001,
} as const

/** NFToken flags carried in the NFTokenID. */
export const nftFlag = {
  burnable: 0x0001,
  onlyXRP: 0x0002,
  trustLine: 0x0004,
  transferable: 0x0008,
  mutable: 0x0010,
} as const

export function isAccountRoot(e: Entry | undefined): e is AccountRoot {
  return e?.LedgerEntryType === 'AccountRoot'
}
