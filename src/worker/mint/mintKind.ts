/**
 * The mint job kind: each row of a manifest minted once, with the collection's terms, straight into
 * its recipient's offer where it names one (XLS-52). Pre-flight reads what the mint needs besides
 * the checks every kind's items share (a recipient that exists and accepts offers, an expiration not
 * yet past): the issuer's authorization of the account when it mints for another issuer, and the
 * NFT pages the new NFTs may take (their reserve).
 */
import type { MintRequest, MintRow, MintTerms } from '../contract/mint.ts'
import type { Client } from 'xrpl'

import { mintKey } from '../../db/jobNfts.ts'
import type { JobKindSpec, PlannedIntent } from '../jobs/jobKind.ts'
import { unservedUris } from './mintMetadata.ts'
import { itemProblem } from '../jobs/plan/itemFacts.ts'
import { marketplaceProblem } from '../jobs/plan/marketplaceProblem.ts'
import { readNftPages } from '../ledger/nftPages.ts'
import {
  MAX_EXPIRATION,
  checkedAddress,
  checkedDrops,
  invalid,
  itemsOf,
  shown,
} from '../jobs/plan/requestFields.ts'
import type { Fields } from '../jobs/plan/requestFields.ts'
import { isRecord } from '../../shared/isRecord.ts'
import { readAccount } from '../ledger/ledgerRequests.ts'
import { MAX_TRANSFER_FEE, MAX_URI_BYTES, MINT_FLAGS, uriBytes } from './mintTx.ts'

/** NFTs a half-page takes in before it splits again (a split leaves about 16 of 32 on each side). */
const SPLIT_ROOM = 15

const UINT32_MAX = 0xffff_ffff

function wholeIn(value: unknown, max: number, label: string): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw invalid(
      `${label}: ${shown(typeof value === 'number' ? String(value) : value)} is not a whole number from 0 to ${max}`,
    )
  }
  return value
}

function flag(value: unknown, label: string): boolean {
  if (typeof value !== 'boolean') throw invalid(`The collection's terms: say whether ${label}`)
  return value
}

function checkedTerms(value: unknown): MintTerms {
  if (!isRecord(value))
    throw invalid("The collection's terms are missing: taxon, transfer fee and flags")
  const transferable = flag(value.transferable, 'holders may transfer the NFTs')
  const transferFee = wholeIn(value.transferFee, MAX_TRANSFER_FEE, 'The transfer fee')
  if (transferFee > 0 && !transferable) {
    throw invalid(
      'A transfer fee needs transferable NFTs: an NFT that cannot be resold earns its issuer nothing',
    )
  }
  return {
    taxon: wholeIn(value.taxon, UINT32_MAX, 'The taxon'),
    transferFee,
    burnable: flag(value.burnable, 'the issuer may burn the NFTs'),
    onlyXrp: flag(value.onlyXrp, 'the NFTs sell for XRP only'),
    transferable,
    mutable: flag(value.mutable, 'the URI may be changed later'),
    ...(value.issuer === undefined || value.issuer === ''
      ? {}
      : { issuer: checkedAddress(value.issuer, 'The issuer you mint for') }),
  }
}

function checkedRow(value: unknown, index: number): MintRow {
  const label = `Row ${index + 1}`
  if (!isRecord(value)) throw invalid(`${label} is malformed`)
  const uri = typeof value.uri === 'string' ? value.uri.trim() : ''
  if (!uri) throw invalid(`${label}: the NFT has no URI`)
  if (uriBytes(uri) > MAX_URI_BYTES) {
    throw invalid(
      `${label}: the URI is ${uriBytes(uri)} bytes; the ledger keeps at most ${MAX_URI_BYTES}`,
    )
  }
  const recipient =
    value.recipient === undefined || value.recipient === ''
      ? undefined
      : checkedAddress(value.recipient, `${label}: the recipient`)
  const amountDrops =
    value.amountDrops === undefined || value.amountDrops === ''
      ? undefined
      : checkedDrops(value.amountDrops, label)
  const expiration =
    value.expiration === undefined
      ? undefined
      : wholeIn(value.expiration, MAX_EXPIRATION, `${label}: the expiration`)
  if (expiration === 0) throw invalid(`${label}: the expiration must be a time, not 0`)
  if (expiration !== undefined && recipient === undefined && amountDrops === undefined) {
    throw invalid(`${label}: an expiration needs an offer: name a recipient or a price`)
  }
  return {
    uri,
    ...(recipient ? { recipient } : {}),
    ...(amountDrops !== undefined ? { amountDrops } : {}),
    ...(expiration !== undefined ? { expiration } : {}),
  }
}

/** The NFTokenMint flags of the terms. */
export function mintFlags(terms: MintTerms): number {
  return (
    (terms.burnable ? MINT_FLAGS.burnable : 0) |
    (terms.onlyXrp ? MINT_FLAGS.onlyXrp : 0) |
    (terms.transferable ? MINT_FLAGS.transferable : 0) |
    (terms.mutable ? MINT_FLAGS.mutable : 0)
  )
}

export const mintKind: JobKindSpec<MintRequest> = {
  kind: 'mint',
  intentTypes: ['mint'],
  // Its NFTs do not exist yet: no other job can hold them.
  touchesNfts: false,
  // A mint shown failed that applied is minted again by a user who trusts the report: a second NFT.
  confirmsResults: true,
  confirmedElsewhere: () => ['each mint’s result and the NFT it made'],
  validate: (fields: Fields) => ({
    kind: 'mint',
    terms: checkedTerms(fields.terms),
    rows: itemsOf(fields, 'rows', 'Add at least one NFT to mint', 'NFTs').map(checkedRow),
    ...(fields.skipMetadataCheck === true ? { skipMetadataCheck: true } : {}),
  }),
  intents: ({ terms, rows }) => {
    const flags = mintFlags(terms)
    return rows.map((row) => {
      // A recipient without a price gets the NFT as a gift; a price alone lists it for anyone.
      const offered = row.recipient !== undefined || row.amountDrops !== undefined
      const offer = offered
        ? {
            amountDrops: row.amountDrops ?? '0',
            ...(row.recipient ? { destination: row.recipient } : {}),
            ...(row.expiration !== undefined ? { expiration: row.expiration } : {}),
          }
        : undefined
      return {
        intent: {
          type: 'mint' as const,
          uri: row.uri,
          taxon: terms.taxon,
          flags,
          transferFee: terms.transferFee,
          ...(terms.issuer ? { issuer: terms.issuer } : {}),
          ...(offer ? { offer } : {}),
        },
        ...(row.recipient ? { recipient: row.recipient } : {}),
      }
    })
  },
  params: ({ terms, skipMetadataCheck }) => ({
    terms,
    ...(skipMetadataCheck ? { skipMetadataCheck } : {}),
  }),
  itemChecks: async ({ client, account, networkName, planned, mintedUris, request, readUris }) => {
    const issuer = issuerOf(planned)
    const refusal = issuer ? await issuerRefusal(client, account, issuer, networkName) : null
    const skip = request?.kind === 'mint' && request.skipMetadataCheck === true
    const served =
      readUris && !skip ? await unservedUris(readUris, urisOf(planned)) : new Map<string, string>()
    return (intent, index) => {
      if (refusal && index === 0)
        return { code: 'NOT_AUTHORIZED', message: refusal, blocking: true }
      if (intent.type !== 'mint') return null
      const unserved = served.get(intent.uri)
      if (unserved) {
        return itemProblem(
          'METADATA_UNSERVED',
          index,
          `Row ${index + 1} (${intent.uri}): ${unserved}. It is left out: its NFT would show nothing`,
        )
      }
      const held = mintedUris?.get(mintKey(intent, account))
      if (held) {
        const job = held.job.id.slice(0, 8)
        const message = held.minted
          ? `The NFT of row ${index + 1} (${intent.uri}) was minted already by job ${job}: it will be skipped, not minted twice`
          : `The NFT of row ${index + 1} (${intent.uri}) is still to be minted by job ${job}, not finished: it will be skipped, not minted twice`
        return itemProblem('DUPLICATE', index, message)
      }
      return marketplaceProblem(intent, index)
    }
  },
  // Each NFT goes into one of the account's pages. A page holds 32; a full one splits in two halves
  // of about 16, each split adding a page: every page there is now may split once, and each new
  // half again only after 15 more NFTs land in it. So at most (pages now) + N/15 + 1 new pages,
  // and never more than one per NFT (the reserve of the offers is counted with them).
  effects: async ({ client, account, clear }) => {
    const pages = clear.length === 0 ? 0 : (await readNftPages(client, account)).length
    const bound = pages + Math.ceil(clear.length / SPLIT_ROOM) + 1
    return { freedObjects: 0, newObjects: Math.min(clear.length, bound) }
  },
}

function urisOf(planned: readonly PlannedIntent[]): string[] {
  return planned.flatMap(({ intent }) => (intent.type === 'mint' ? [intent.uri] : []))
}

/** The issuer the rows mint for (the same for all: the terms'), if not the account itself. */
function issuerOf(planned: readonly PlannedIntent[]): string | undefined {
  const first = planned[0]?.intent
  return first?.type === 'mint' ? first.issuer : undefined
}

/**
 * Why nothing can be minted for `issuer`, or null: minting for another account takes that account's
 * word, on the ledger — its NFTokenMinter must be the minting account.
 */
async function issuerRefusal(
  client: Client,
  account: string,
  issuer: string,
  networkName: string,
): Promise<string | null> {
  const facts = await readAccount(client, issuer)
  if (facts === null) {
    return `The issuer ${issuer} does not exist on ${networkName}: nothing can be minted for it`
  }
  if (facts.nftokenMinter === account) return null
  return `The issuer ${issuer} has not made ${account} its authorized minter (its NFTokenMinter is ${facts.nftokenMinter ?? 'not set'}): nothing can be minted for it`
}
