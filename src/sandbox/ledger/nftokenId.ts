/**
 * NFTokenID layout (rippled NFTokenMint::createNFTokenID, nft.h): 32 bytes, big-endian,
 * `Flags(2) ‖ TransferFee(2) ‖ Issuer(20) ‖ cipheredTaxon(4) ‖ serial(4)`, printed as upper-case hex.
 */
import { accountIdHex, addressFromIdHex } from './keylets.ts'

/** The fields an NFTokenID is made of. */
export interface NFTokenIdFields {
  /** NFToken flags (the low 16 bits of the minting transaction's Flags). */
  flags: number
  /** Transfer fee in 1/100000 units (0..50000). */
  transferFee: number
  /** Classic address of the issuer. */
  issuer: string
  /** The taxon as the issuer chose it (not ciphered). */
  taxon: number
  /** The token's serial: the issuer's FirstNFTokenSequence + MintedNFTokens at mint time. */
  serial: number
}

/**
 * rippled's cipheredTaxon: the taxon XOR a linear congruential value of the serial, so that tokens of
 * one taxon spread over many pages. The 32-bit wrap-around multiply needs Math.imul (a plain JS
 * multiply loses bits beyond 2^53). Applying it twice gives back the taxon.
 */
export function cipheredTaxon(serial: number, taxon: number): number {
  const mix = (Math.imul(384160001, serial >>> 0) + 2459) >>> 0
  return (taxon ^ mix) >>> 0
}

function hex(n: number, bytes: number): string {
  return (n >>> 0)
    .toString(16)
    .toUpperCase()
    .padStart(bytes * 2, '0')
}

/** Builds the NFTokenID rippled would assign to a token with these fields. */
export function buildNFTokenId(f: NFTokenIdFields): string {
  return (
    hex(f.flags & 0xffff, 2) +
    hex(f.transferFee & 0xffff, 2) +
    accountIdHex(f.issuer) +
    hex(cipheredTaxon(f.serial, f.taxon), 4) +
    hex(f.serial, 4)
  )
}

/** NFToken flags encoded in an NFTokenID. */
export function nftFlagsOf(id: string): number {
  return parseInt(id.slice(0, 4), 16)
}

/** Transfer fee (1/100000 units) encoded in an NFTokenID. */
export function nftTransferFeeOf(id: string): number {
  return parseInt(id.slice(4, 8), 16)
}

/** Classic address of the issuer encoded in an NFTokenID. */
export function nftIssuerOf(id: string): string {
  return addressFromIdHex(id.slice(8, 48))
}

/** Serial (token sequence) encoded in an NFTokenID. */
export function nftSerialOf(id: string): number {
  return parseInt(id.slice(56, 64), 16)
}

/** The issuer's taxon (un-ciphered) encoded in an NFTokenID. */
export function nftTaxonOf(id: string): number {
  return cipheredTaxon(nftSerialOf(id), parseInt(id.slice(48, 56), 16))
}

/** Decodes every field of an NFTokenID (the inverse of {@link buildNFTokenId}). */
export function parseNFTokenId(id: string): NFTokenIdFields {
  return {
    flags: nftFlagsOf(id),
    transferFee: nftTransferFeeOf(id),
    issuer: nftIssuerOf(id),
    taxon: nftTaxonOf(id),
    serial: nftSerialOf(id),
  }
}
