/**
 * The modify job kind (XLS-46): new URIs for NFTs minted mutable — a reveal, a repair — one
 * NFTokenModify each, signed by the issuer or its authorized minter. Planning reads each NFT's
 * holder from the network's Clio server where the row does not name it (the transaction's Owner);
 * pre-flight refuses what the ledger would: an NFT minted without tfMutable (its id says so), an
 * issuer that has not made the account its minter, an NFT its named holder no longer holds.
 */
import { isValidClassicAddress, parseNFTokenID } from 'xrpl'
import type { Client } from 'xrpl'

import type { ModifyRequest, ModifyRow } from '../contract/mint.ts'
import { EngineError } from '../../shared/errors.ts'
import type { JobKindSpec } from '../jobs/jobKind.ts'
import { itemProblem } from '../jobs/plan/itemFacts.ts'
import { checkedAddress, checkedId, invalid, itemsOf, shown } from '../jobs/plan/requestFields.ts'
import { isRecord } from '../../shared/isRecord.ts'
import { readAccount } from '../ledger/ledgerRequests.ts'
import { runPool } from '../ledger/pool.ts'
import { MAX_URI_BYTES, MINT_FLAGS, uriBytes } from './mintTx.ts'
import { unservedUris } from './mintMetadata.ts'
import { urisHeldBy } from './heldNfts.ts'

/** Clio look-ups at once while planning. */
const HOLDER_LOOKUPS = 8

function checkedRow(value: unknown, index: number): ModifyRow {
  const label = `Row ${index + 1}`
  if (!isRecord(value)) throw invalid(`${label} is not an NFT and a URI`)
  const nftId = checkedId(value.nftId, label, 'NFT id')
  const uri = typeof value.uri === 'string' ? value.uri.trim() : ''
  if (uri === '') throw invalid(`${label}: ${shown(value.uri)} is not a URI (every NFT needs one)`)
  if (uriBytes(uri) > MAX_URI_BYTES) {
    throw invalid(
      `${label}: the URI is ${uriBytes(uri)} bytes; the ledger keeps at most ${MAX_URI_BYTES}`,
    )
  }
  const owner =
    value.owner === undefined ? undefined : checkedAddress(value.owner, `${label}'s holder`)
  const fromUri = value.fromUri
  if (fromUri !== undefined && (typeof fromUri !== 'string' || uriBytes(fromUri) > MAX_URI_BYTES)) {
    throw invalid(
      `${label}: the URI it changes from is not a URI of at most ${MAX_URI_BYTES} bytes`,
    )
  }
  return { nftId, uri, ...(owner ? { owner } : {}), ...(fromUri !== undefined ? { fromUri } : {}) }
}

/** Whether an NFT was minted mutable: its id carries its flags. */
export function isMutable(nftId: string): boolean {
  return (parseNFTokenID(nftId).Flags & MINT_FLAGS.mutable) !== 0
}

/**
 * Who holds an NFT, as the network's Clio server says (`nft_info`); null when it is burned or
 * unknown.
 */
async function holderOf(clio: Client, nftId: string): Promise<string | null> {
  try {
    const r = await clio.request({ command: 'nft_info', nft_id: nftId } as never)
    const result = (r as { result?: { owner?: unknown; is_burned?: unknown } }).result
    if (result?.is_burned === true) return null
    const owner = result?.owner
    return typeof owner === 'string' && isValidClassicAddress(owner) ? owner : null
  } catch (e) {
    const code = (e as { data?: { error?: string } }).data?.error
    if (code === 'objectNotFound') return null
    throw e
  }
}

export const modifyKind: JobKindSpec<ModifyRequest> = {
  kind: 'modify',
  intentTypes: ['modify'],
  // Its NFTs are mostly holders', and a new URI takes nothing from any other job.
  touchesNfts: false,
  validate: (fields) => {
    const rows = itemsOf(fields, 'rows', 'Add at least one NFT to change', 'NFTs').map(checkedRow)
    const seen = new Set<string>()
    for (const [i, row] of rows.entries()) {
      if (seen.has(row.nftId)) throw invalid(`Row ${i + 1}: NFT ${row.nftId} is listed twice`)
      seen.add(row.nftId)
    }
    return {
      kind: 'modify',
      rows,
      ...(fields.skipMetadataCheck === true ? { skipMetadataCheck: true } : {}),
    }
  },
  // Rows without a holder get the one the network's Clio server names (the account's own: none).
  prepare: async (raw, { wallet, clio }) => {
    // The account as a row's holder is no Owner: the transaction names another holder only.
    const named: ModifyRow[] = raw.rows.map(({ owner, ...row }) =>
      owner === undefined || owner === wallet.address ? row : { ...row, owner },
    )
    const request: ModifyRequest = { ...raw, rows: named }
    const unnamed = request.rows.filter((r) => r.owner === undefined)
    if (unnamed.length === 0) return request
    if (!clio) {
      throw new EngineError(
        'VALIDATION',
        'This network has no Clio server to say who holds each NFT: name each holder in an owner column, or add a Clio server',
      )
    }
    const client = await clio()
    const holders = new Map<string, string | null>()
    await runPool(unnamed, HOLDER_LOOKUPS, async (row) => {
      holders.set(row.nftId, await holderOf(client, row.nftId))
    })
    const rows = request.rows.map((row) => {
      if (row.owner !== undefined) return row
      const holder = holders.get(row.nftId)
      return holder && holder !== wallet.address ? { ...row, owner: holder } : row
    })
    return { ...request, rows }
  },
  intents: ({ rows }) =>
    rows.map((row) => ({
      intent: {
        type: 'modify' as const,
        nftId: row.nftId,
        uri: row.uri,
        ...(row.owner ? { owner: row.owner } : {}),
        ...(row.fromUri !== undefined ? { fromUri: row.fromUri } : {}),
      },
      ...(row.owner ? { recipient: row.owner } : {}),
    })),
  itemChecks: async ({ client, account, planned, request, readUris }) => {
    const skip = request?.kind === 'modify' && request.skipMetadataCheck === true
    const uris = planned.flatMap(({ intent }) => (intent.type === 'modify' ? [intent.uri] : []))
    const unserved =
      readUris && !skip ? await unservedUris(readUris, uris) : new Map<string, string>()
    const issuers = new Map<string, boolean>()
    const holdings = new Map<string, Map<string, string | null>>()
    for (const { intent } of planned) {
      if (intent.type !== 'modify') continue
      const issuer = parseNFTokenID(intent.nftId).Issuer
      if (issuer !== account && !issuers.has(issuer)) {
        issuers.set(issuer, (await readAccount(client, issuer))?.nftokenMinter === account)
      }
      const holder = intent.owner ?? account
      if (!holdings.has(holder)) holdings.set(holder, await urisHeldBy(client, holder))
    }
    return (intent, index) => {
      if (intent.type !== 'modify') return null
      const row = `Row ${index + 1}`
      if (!isMutable(intent.nftId)) {
        return {
          code: 'NOT_MUTABLE',
          message: `${row}: NFT ${intent.nftId} was not minted mutable: its URI can never change. It is left out`,
          itemIndex: index,
          blocking: false,
        }
      }
      const issuer = parseNFTokenID(intent.nftId).Issuer
      if (issuer !== account && issuers.get(issuer) !== true) {
        return itemProblem(
          'NOT_AUTHORIZED',
          index,
          `${row}: NFT ${intent.nftId} was issued by ${issuer}, which has not made your account its authorized minter: only its issuer or that minter can change it`,
        )
      }
      const why = unserved.get(intent.uri)
      if (why) {
        return itemProblem(
          'METADATA_UNSERVED',
          index,
          `${row} (${intent.uri}): ${why}. It is left out: its NFT would show nothing`,
        )
      }
      const holder = intent.owner ?? account
      if (!holdings.get(holder)?.has(intent.nftId)) {
        return itemProblem(
          'NOT_OWNED',
          index,
          `${row}: NFT ${intent.nftId} is not held by ${holder === account ? 'your account' : holder} (moved or burned): it is left out`,
        )
      }
      const now = holdings.get(holder)!.get(intent.nftId) ?? ''
      if (intent.fromUri !== undefined && now !== intent.fromUri) {
        return itemProblem(
          'CHANGED',
          index,
          `${row}: NFT ${intent.nftId}'s URI on the ledger is ${now || 'none'}, not the ${intent.fromUri} this change was made for: it is left out`,
        )
      }
      return null
    }
  },
}
