/**
 * One account_nfts entry → an NftItem. The NFTokenID is the source of truth (it encodes issuer,
 * taxon, serial, transfer fee and flags); the entry's own fields must agree with it, or the reply is
 * rejected: a server that contradicts itself is not trusted with the rest of the list either.
 */
import { isValidClassicAddress, parseNFTokenID } from 'xrpl'

import type { NftItem } from '../../db/types/nfts.ts'
import { EngineError } from '../../shared/errors.ts'
import { decodeNftUri } from './nftUri.ts'

/** NFToken flag: the issuer may burn the token. */
export const LSF_BURNABLE = 0x0001
/** NFToken flag: the token may be transferred to accounts other than the issuer. */
export const LSF_TRANSFERABLE = 0x0008

const NFTOKEN_ID = /^[0-9A-F]{64}$/

/**
 * The error for a reply that breaks the API's shape or contradicts itself.
 *
 * @param detail - what is wrong, for the message.
 * @param data - optional structured-cloneable detail (an NFTokenID, a field).
 */
export function malformedReply(detail: string, data?: unknown): EngineError {
  return new EngineError(
    'LEDGER_REJECTED',
    `The ledger server sent a malformed account_nfts reply: ${detail}`,
    data,
  )
}

/**
 * An NFTokenID from a reply, upper-cased.
 *
 * @throws EngineError `LEDGER_REJECTED` unless it is 64 hex digits.
 */
export function readNftId(value: unknown): string {
  const id = typeof value === 'string' ? value.toUpperCase() : ''
  if (!NFTOKEN_ID.test(id)) throw malformedReply('an NFTokenID is not 64 hex digits', { value })
  return id
}

/** Whether a numeric field of the entry equals `expected`, or is absent where absence is allowed. */
function agrees(actual: unknown, expected: number, mayBeAbsent: boolean): boolean {
  return actual === undefined ? mayBeAbsent : actual === expected
}

/**
 * Converts one entry of `account_nfts`.
 *
 * @param entry - an element of the reply's `account_nfts` array, untrusted.
 * @throws EngineError `LEDGER_REJECTED` when the entry is not an object, its NFTokenID is malformed,
 *   or its Issuer, NFTokenTaxon, nft_serial, Flags or TransferFee contradict the NFTokenID.
 */
export function toNftItem(entry: unknown): NftItem {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
    throw malformedReply('an entry is not an object')
  }
  const e = entry as Record<string, unknown>
  const nftId = readNftId(e.NFTokenID)
  const parsed = parseNFTokenID(nftId)
  const consistent =
    isValidClassicAddress(parsed.Issuer) &&
    e.Issuer === parsed.Issuer &&
    agrees(e.NFTokenTaxon, parsed.Taxon, false) &&
    agrees(e.nft_serial, parsed.Sequence, false) &&
    // rippled always sends Flags, and TransferFee only when it is not zero.
    agrees(e.Flags, parsed.Flags, true) &&
    agrees(e.TransferFee, parsed.TransferFee, parsed.TransferFee === 0)
  if (!consistent) {
    throw malformedReply(`the fields of NFT ${nftId} contradict its NFTokenID`, { nftId })
  }
  return {
    nftId,
    issuer: parsed.Issuer,
    taxon: parsed.Taxon,
    serial: parsed.Sequence,
    transferFee: parsed.TransferFee,
    flags: parsed.Flags,
    transferable: (parsed.Flags & LSF_TRANSFERABLE) !== 0,
    burnable: (parsed.Flags & LSF_BURNABLE) !== 0,
    uri: decodeNftUri(e.URI),
  }
}
