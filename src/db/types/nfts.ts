/**
 * NFTs as the ledger lists them, and the last loaded list of an account (the collection offline).
 *
 * Rows and values of the app's IndexedDB (see schema.ts): plain, structured-cloneable data. The
 * worker writes them; the UI reads them with useLiveQuery through `src/db/queries/`.
 */
import type { NetworkId } from '../../shared/networks.ts'

/** One NFT as the ledger describes it (account_nfts plus the fields parsed from its NFTokenID). */
export interface NftItem {
  nftId: string
  issuer: string
  taxon: number
  serial: number
  /** Transfer fee in units of 1/100000 (0–50000); the UI shows it as fee / 1000 %. */
  transferFee: number
  /** NFToken flags (lsfBurnable 1, lsfOnlyXRP 2, lsfTrustLine 4, lsfTransferable 8, lsfMutable 16). */
  flags: number
  transferable: boolean
  burnable: boolean
  /** The URI decoded to text; null when the NFT has none or it is not valid UTF-8. */
  uri: string | null
}

/** The last loaded NFT list of an account on a network: what the collection shows offline. */
export interface NftSnapshotRow {
  network: NetworkId
  account: string
  nfts: NftItem[]
  /** Unix ms when the list finished loading. */
  loadedAt: number
  /** The validated ledger the list was read from. */
  ledgerIndex: number
}
