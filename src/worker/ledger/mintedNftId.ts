/**
 * The NFTokenID a mint gives its NFT, worked out by the engine from what it signed and the issuer's
 * counter (rippled NFTokenMint::createNFTokenID): the NFT's flags, its transfer fee, the issuer's
 * account id, the taxon scrambled by the serial (so one taxon's NFTs spread over many pages) and the
 * serial, the issuer's FirstNFTokenSequence + MintedNFTokens when it applied. A mint that fails with
 * a `tec` takes no serial, so the ids of later mints cannot be known before they apply: the serial
 * is read from the validated transaction's own change to the issuer's account.
 */
import { decodeAccountID } from 'xrpl'

import type { MintEffect } from '../../shared/intents.ts'

/** What an NFTokenID is made of. */
export interface MintedNftFields {
  /** NFToken flags: the low 16 bits of the NFTokenMint's Flags. */
  flags: number
  /** 0–50000, in 1/100000 of a sale. */
  transferFee: number
  /** The issuer's classic address (the minter's own, or its `Issuer`). */
  issuer: string
  taxon: number
  /** The NFT's serial: FirstNFTokenSequence + MintedNFTokens of the issuer before the mint. */
  serial: number
}

/** rippled's scramble of a taxon by a serial: taxon XOR (384160001 × serial + 2459) mod 2^32. */
function scrambled(taxon: number, serial: number): number {
  const mix = (Math.imul(384_160_001, serial) + 2459) >>> 0
  return (taxon ^ mix) >>> 0
}

/** The NFTokenID of an NFT with these fields, as 64 upper-case hexadecimal digits. */
export function mintedNftId(fields: MintedNftFields): string {
  const bytes = new Uint8Array(32)
  const view = new DataView(bytes.buffer)
  view.setUint16(0, fields.flags & 0xffff)
  view.setUint16(2, fields.transferFee)
  bytes.set(decodeAccountID(fields.issuer), 4)
  view.setUint32(24, scrambled(fields.taxon, fields.serial))
  view.setUint32(28, fields.serial)
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .toUpperCase()
}

/** An AccountRoot's fields in a transaction's metadata, as far as minting reads them. */
interface MintCounters {
  Account?: unknown
  MintedNFTokens?: unknown
  FirstNFTokenSequence?: unknown
}

/** A node of a transaction's metadata (ModifiedNode, CreatedNode, DeletedNode), loosely typed. */
interface MetaNode {
  LedgerEntryType?: unknown
  FinalFields?: MintCounters
  PreviousFields?: MintCounters
  NewFields?: MintCounters
}

function counter(value: unknown): number | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? value : null
}

/**
 * The serial a validated mint gave its NFT, from the metadata's change to the issuer's AccountRoot:
 * MintedNFTokens before the mint (its previous value, 0 when the field is new) plus
 * FirstNFTokenSequence. Null when the metadata shows no such change (not a successful mint of
 * `issuer`'s).
 *
 * @param meta - the validated transaction's metadata (untrusted shape).
 * @param issuer - the NFT's issuer.
 */
export function mintSerial(meta: unknown, issuer: string): number | null {
  const nodes = (meta as { AffectedNodes?: unknown } | null)?.AffectedNodes
  if (!Array.isArray(nodes)) return null
  for (const wrapped of nodes as Record<string, MetaNode>[]) {
    const node = wrapped.ModifiedNode
    if (!node || node.LedgerEntryType !== 'AccountRoot') continue
    const final = node.FinalFields
    if (final?.Account !== issuer) continue
    const minted = counter(final.MintedNFTokens)
    if (minted === null || minted === 0) return null
    // The field is absent before an issuer's first mint; it then counts one.
    const before =
      'MintedNFTokens' in (node.PreviousFields ?? {})
        ? counter(node.PreviousFields?.MintedNFTokens)
        : minted === 1
          ? 0
          : null
    if (before === null || before !== minted - 1) return null
    return (counter(final.FirstNFTokenSequence) ?? 0) + before
  }
  return null
}

/**
 * The NFT a validated, successful mint made: its id worked out from what the engine signed and the
 * issuer's serial in the metadata. Null (the item still succeeded; its NFT is on the account's
 * pages) when the metadata shows no serial, or names another NFT in `nftoken_id`: a server's
 * metadata alone does not pick a row's NFT. (A server that forges both alike is not caught here:
 * a second server's word is what can.)
 *
 * @param mint - what the mint signed (its intent's effect).
 * @param account - the minting account (the issuer unless `mint.issuer`).
 * @param meta - the validated transaction's metadata (untrusted shape).
 */
export function mintedNft(mint: MintEffect, account: string, meta: unknown): string | null {
  const issuer = mint.issuer ?? account
  const serial = mintSerial(meta, issuer)
  if (serial === null) return null
  const id = mintedNftId({
    flags: mint.flags,
    transferFee: mint.transferFee,
    issuer,
    taxon: mint.taxon,
    serial,
  })
  const named = (meta as { nftoken_id?: unknown } | null)?.nftoken_id
  return named === undefined || (typeof named === 'string' && named.toUpperCase() === id)
    ? id
    : null
}
