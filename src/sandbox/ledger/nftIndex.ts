/**
 * Every NFToken ever seen in a validated ledger, with its current owner, URI and burn state: what a
 * Clio server answers nft_info and nfts_by_issuer from. Kept up to date from transaction metadata.
 */
import { parseNFTokenID } from 'xrpl'
import { addressFromIdHex } from './keylets.ts'
import type { TxRecord } from './history.ts'
import type { NFTokenEntry } from './entries.ts'

export interface NftRecord {
  nft_id: string
  owner: string
  issuer: string
  nft_taxon: number
  nft_serial: number
  flags: number
  transfer_fee: number
  uri: string
  is_burned: boolean
  ledger_index: number
}

type PageNode = {
  LedgerEntryType: string
  LedgerIndex: string
  NewFields?: Fields
  FinalFields?: Fields
  PreviousFields?: Fields
}
type Fields = { NFTokens?: NFTokenEntry[] }

export class NftIndex {
  private readonly byId = new Map<string, NftRecord>()
  /**
   * Every record each NFT had, oldest first (each a new `ledger_index`): Clio answers nfts_by_issuer
   * at a past ledger, and a reader that pins its pages to one ledger expects that ledger's owners.
   */
  private readonly versions = new Map<string, NftRecord[]>()

  get(id: string): NftRecord | undefined {
    return this.byId.get(id.toUpperCase())
  }

  /**
   * An issuer's NFTs (burned ones too), ordered by taxon then id, as Clio orders them.
   *
   * @param atLedger - as they stood in this validated ledger (NFTs minted after it left out); now by
   *   default.
   */
  byIssuer(issuer: string, taxon?: number, atLedger?: number): NftRecord[] {
    const out: NftRecord[] = []
    for (const r of this.byId.values()) {
      if (r.issuer !== issuer || (taxon !== undefined && r.nft_taxon !== taxon)) continue
      const then = atLedger === undefined ? r : this.at(r, atLedger)
      if (then) out.push(then)
    }
    return out.sort((a, b) => a.nft_taxon - b.nft_taxon || (a.nft_id < b.nft_id ? -1 : 1))
  }

  /** The record `current` had in ledger `index`; undefined when the NFT did not exist yet. */
  private at(current: NftRecord, index: number): NftRecord | undefined {
    if (current.ledger_index <= index) return current
    const versions = this.versions.get(current.nft_id) ?? []
    for (let i = versions.length - 1; i >= 0; i--) {
      if (versions[i]!.ledger_index <= index) return versions[i]
    }
    return undefined
  }

  /** Sets an NFT's record, keeping the one it replaces for reads at past ledgers. */
  private put(record: NftRecord): void {
    const list = this.versions.get(record.nft_id)
    // Several changes in one ledger: the last one is that ledger's.
    if (list && list.at(-1)!.ledger_index === record.ledger_index) list[list.length - 1] = record
    else if (list) list.push(record)
    else this.versions.set(record.nft_id, [record])
    this.byId.set(record.nft_id, record)
  }

  /** Folds one validated transaction's NFTokenPage changes into the index. */
  apply(rec: TxRecord): void {
    const added = new Map<string, { owner: string; uri?: string }>()
    const removed = new Set<string>()
    for (const node of rec.meta.AffectedNodes) {
      const [kind, body] = Object.entries(node)[0] as [string, PageNode]
      if (body.LedgerEntryType !== 'NFTokenPage') continue
      const owner = addressFromIdHex(body.LedgerIndex.slice(0, 40))
      const after =
        kind === 'DeletedNode' ? [] : ((body.NewFields ?? body.FinalFields)?.NFTokens ?? [])
      const before =
        kind === 'CreatedNode'
          ? []
          : kind === 'DeletedNode'
            ? (body.FinalFields?.NFTokens ?? [])
            : (body.PreviousFields?.NFTokens ?? after)
      const beforeUris = new Map(before.map((t) => [t.NFToken.NFTokenID, t.NFToken.URI]))
      const afterIds = new Set(after.map((t) => t.NFToken.NFTokenID))
      // New on this page, or still here with a new URI (NFTokenModify).
      for (const t of after) {
        const id = t.NFToken.NFTokenID
        if (!beforeUris.has(id) || beforeUris.get(id) !== t.NFToken.URI)
          added.set(id, { owner, uri: t.NFToken.URI })
      }
      const beforeIds = beforeUris.keys()
      for (const id of beforeIds) if (!afterIds.has(id)) removed.add(id)
    }
    // A token that only moved between pages of one owner, or to a new owner, appears in both sets.
    for (const [id, { owner, uri }] of added) this.upsert(id, owner, uri, rec.ledgerIndex)
    for (const id of removed) {
      const r = this.byId.get(id)
      if (r && !added.has(id)) this.put({ ...r, is_burned: true, ledger_index: rec.ledgerIndex })
    }
  }

  private upsert(id: string, owner: string, uri: string | undefined, ledgerIndex: number): void {
    const prev = this.byId.get(id)
    if (prev) {
      this.put({
        ...prev,
        owner,
        uri: uri ?? '',
        is_burned: false,
        ledger_index: ledgerIndex,
      })
      return
    }
    const p = parseNFTokenID(id)
    this.put({
      nft_id: id,
      owner,
      issuer: p.Issuer,
      nft_taxon: p.Taxon,
      nft_serial: p.Sequence,
      flags: p.Flags,
      transfer_fee: p.TransferFee,
      uri: uri ?? '',
      is_burned: false,
      ledger_index: ledgerIndex,
    })
  }
}
