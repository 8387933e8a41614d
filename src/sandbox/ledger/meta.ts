/**
 * Transaction metadata (AffectedNodes) from an ApplyView's changes, in rippled's JSON form: CreatedNode
 * with NewFields, ModifiedNode with FinalFields and PreviousFields, DeletedNode with FinalFields.
 */
import type { Entry } from './entries.ts'
import type { Change } from './view.ts'

export type AffectedNode =
  | {
      CreatedNode: {
        LedgerEntryType: string
        LedgerIndex: string
        NewFields: Record<string, unknown>
      }
    }
  | {
      ModifiedNode: {
        LedgerEntryType: string
        LedgerIndex: string
        FinalFields: Record<string, unknown>
        PreviousFields?: Record<string, unknown>
        PreviousTxnID?: string
        PreviousTxnLgrSeq?: number
      }
    }
  | {
      DeletedNode: {
        LedgerEntryType: string
        LedgerIndex: string
        FinalFields: Record<string, unknown>
        PreviousFields?: Record<string, unknown>
      }
    }

export interface TxMeta {
  AffectedNodes: AffectedNode[]
  TransactionIndex: number
  TransactionResult: string
  DeliveredAmount?: string
  delivered_amount?: string
  nftoken_id?: string
  nftoken_ids?: string[]
  offer_id?: string
}

/** Fields never shown in metadata: the key and type are node-level; Indexes is sMD_Never in rippled. */
const HIDDEN = new Set([
  'index',
  'LedgerEntryType',
  'PreviousTxnID',
  'PreviousTxnLgrSeq',
  'Indexes',
])
/** Fields rippled leaves out of NewFields while they hold their default value. */
const DEFAULT_ZERO = new Set([
  'Flags',
  'OwnerCount',
  'OwnerNode',
  'NFTokenOfferNode',
  'TransferFee',
])

function visible(e: Readonly<Entry>, dropDefaults: boolean): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(e)) {
    if (HIDDEN.has(k) || v === undefined) continue
    if (dropDefaults && DEFAULT_ZERO.has(k) && (v === 0 || v === '0')) continue
    out[k] = v
  }
  return out
}

function differs(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) !== JSON.stringify(b)
}

function modifiedNode(
  key: string,
  before: Readonly<Entry>,
  after: Entry,
): AffectedNode | undefined {
  const prev: Record<string, unknown> = {}
  const keys = new Set([...Object.keys(before), ...Object.keys(after)])
  for (const k of keys) {
    // rippled lists changed fields that existed before; a field this transaction added is only in
    // FinalFields.
    if (HIDDEN.has(k) || before[k] === undefined) continue
    if (differs(before[k], after[k])) prev[k] = before[k]
  }
  const indexesChanged = differs(before.Indexes, after.Indexes)
  // A field the transaction added (an issuer's first MintedNFTokens, set by an authorized minter's
  // mint) changes the entry too: rippled's ApplyStateTable lists every modified entry.
  const added = [...keys].some(
    (k) => !HIDDEN.has(k) && before[k] === undefined && after[k] !== undefined,
  )
  if (Object.keys(prev).length === 0 && !indexesChanged && !added) return undefined
  const node: AffectedNode = {
    ModifiedNode: {
      LedgerEntryType: after.LedgerEntryType,
      LedgerIndex: key,
      FinalFields: visible(after, false),
      ...(Object.keys(prev).length ? { PreviousFields: prev } : {}),
      ...(before.PreviousTxnID
        ? { PreviousTxnID: before.PreviousTxnID, PreviousTxnLgrSeq: before.PreviousTxnLgrSeq }
        : {}),
    },
  }
  return node
}

/** FinalFields: the entry as it was when erased; PreviousFields: what this transaction changed first. */
function deletedNode(key: string, before: Readonly<Entry>, last: Readonly<Entry>): AffectedNode {
  const prev: Record<string, unknown> = {}
  for (const k of Object.keys(before)) {
    if (!HIDDEN.has(k) && differs(before[k], last[k])) prev[k] = before[k]
  }
  return {
    DeletedNode: {
      LedgerEntryType: before.LedgerEntryType,
      LedgerIndex: key,
      FinalFields: visible(last, false),
      ...(Object.keys(prev).length ? { PreviousFields: prev } : {}),
    },
  }
}

/**
 * Builds AffectedNodes for committed changes, and threads every changed entry that rippled threads
 * (all but DirectoryNode) to this transaction by setting PreviousTxnID / PreviousTxnLgrSeq.
 */
export function affectedNodes(
  changes: [string, Change][],
  txHash: string,
  ledgerSeq: number,
): AffectedNode[] {
  const nodes: AffectedNode[] = []
  for (const [key, { before, after, erased }] of changes) {
    if (!before && after) {
      nodes.push({
        CreatedNode: {
          LedgerEntryType: after.LedgerEntryType,
          LedgerIndex: key,
          NewFields: visible(after, true),
        },
      })
    } else if (before && !after) {
      nodes.push(deletedNode(key, before, erased ?? before))
    } else if (before && after) {
      const node = modifiedNode(key, before, after)
      if (!node) continue
      nodes.push(node)
    }
    if (after && after.LedgerEntryType !== 'DirectoryNode') {
      after.PreviousTxnID = txHash
      after.PreviousTxnLgrSeq = ledgerSeq
    }
  }
  return nodes
}
