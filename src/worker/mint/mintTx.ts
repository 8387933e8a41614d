/**
 * NFTokenMint: one NFT minted into the account, for itself or for an issuer that made the account
 * its authorized minter (`Issuer`, the issuer's NFTokenMinter); with XLS-52's offer fields the same
 * transaction puts it on sale — to one recipient at 0 XRP, that is the airdrop. The collection's
 * terms (taxon, flags, transfer fee, issuer) are written into each NFT for good.
 */
import { convertStringToHex, isValidClassicAddress } from 'xrpl'
import type { NFTokenMint } from 'xrpl'

import type { Intent } from '../../db/types/jobItems.ts'
import { checkOfferTerms } from '../ledger/createOffer.ts'
import {
  describeValue,
  invalidIntent,
  requireAccount,
  requireIntentType,
} from '../ledger/intentFields.ts'
import type { IntentSpec } from '../ledger/intentTypes.ts'
import { NOTHING_CHANGED } from '../ledger/resultMessages.ts'

/** An intent to mint an NFT. */
export type MintIntent = Extract<Intent, { type: 'mint' }>

/** NFTokenMint flags (rippled TxFlags.h): the NFT's own flags, written into its id. */
export const MINT_FLAGS = {
  burnable: 0x01,
  onlyXrp: 0x02,
  transferable: 0x08,
  mutable: 0x10,
} as const

const ALL_FLAGS = Object.values(MINT_FLAGS).reduce((all, flag) => all | flag, 0)

/** The most a transfer fee may be: 50 %, in 1/100000 (rippled maxTransferFee). */
export const MAX_TRANSFER_FEE = 50_000

/** A URI field holds at most 256 bytes (rippled maxTokenURILength). */
export const MAX_URI_BYTES = 256

const UINT32_MAX = 0xffff_ffff

function isWhole(value: unknown, max: number): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max
}

/** The bytes a URI takes on the ledger (UTF-8). */
export function uriBytes(uri: string): number {
  return new TextEncoder().encode(uri).length
}

export function checkUri(uri: unknown): void {
  if (typeof uri !== 'string' || uri.trim() === '') {
    throw invalidIntent(`Invalid URI ${describeValue(uri)}: every NFT needs one.`, 'uri', uri)
  }
  if (uriBytes(uri) > MAX_URI_BYTES) {
    throw invalidIntent(
      `The URI ${describeValue(uri)} is ${uriBytes(uri)} bytes: the ledger keeps at most ${MAX_URI_BYTES}.`,
      'uri',
      uri,
    )
  }
}

/**
 * Checks a mint intent before anything is built or signed: a URI of 1–256 bytes; a taxon and flags
 * the ledger accepts (burnable, only XRP, transferable, mutable); a transfer fee of 0–50000 and
 * only on a transferable NFT (rippled refuses it otherwise, temMALFORMED); an issuer other than the
 * account; an offer's amount, recipient (not the account) and expiration as a sell offer's.
 *
 * @throws EngineError `VALIDATION` naming the first field at fault.
 */
export function validateMintIntent(intent: Intent, account: string): asserts intent is MintIntent {
  requireIntentType(intent, 'mint')
  requireAccount(account)
  const mint = intent as MintIntent
  checkUri(mint.uri)
  if (!isWhole(mint.taxon, UINT32_MAX)) {
    throw invalidIntent(
      `Invalid taxon ${describeValue(mint.taxon)}: expected a whole number from 0 to ${UINT32_MAX}.`,
      'taxon',
      mint.taxon,
    )
  }
  if (!isWhole(mint.flags, ALL_FLAGS) || (mint.flags & ~ALL_FLAGS) !== 0) {
    throw invalidIntent(
      `Invalid flags ${describeValue(mint.flags)}: only burnable, only XRP, transferable and mutable exist.`,
      'flags',
      mint.flags,
    )
  }
  if (!isWhole(mint.transferFee, MAX_TRANSFER_FEE)) {
    throw invalidIntent(
      `Invalid transfer fee ${describeValue(mint.transferFee)}: expected 0 to 50 %.`,
      'transferFee',
      mint.transferFee,
    )
  }
  if (mint.transferFee > 0 && (mint.flags & MINT_FLAGS.transferable) === 0) {
    throw invalidIntent(
      'A transfer fee needs a transferable NFT: an NFT that cannot be resold earns its issuer nothing.',
      'transferFee',
      mint.transferFee,
    )
  }
  if (
    mint.issuer !== undefined &&
    (typeof mint.issuer !== 'string' ||
      !isValidClassicAddress(mint.issuer) ||
      mint.issuer === account)
  ) {
    throw invalidIntent(
      `Invalid issuer ${describeValue(mint.issuer)}: expected the classic address of the account you mint for, not your own.`,
      'issuer',
      mint.issuer,
    )
  }
  if (mint.offer !== undefined) checkOfferTerms(mint.offer, account)
}

/**
 * Builds the NFTokenMint of a valid intent (`buildTransaction` validates first): the URI as hex, the
 * offer's fields where it has an offer. Fee, Sequence and LastLedgerSequence are the caller's.
 */
export function buildMint(account: string, intent: MintIntent): NFTokenMint {
  const { offer } = intent
  return {
    TransactionType: 'NFTokenMint',
    Account: account,
    NFTokenTaxon: intent.taxon,
    Flags: intent.flags,
    URI: convertStringToHex(intent.uri),
    ...(intent.transferFee > 0 ? { TransferFee: intent.transferFee } : {}),
    ...(intent.issuer ? { Issuer: intent.issuer } : {}),
    ...(offer ? { Amount: offer.amountDrops } : {}),
    ...(offer?.destination ? { Destination: offer.destination } : {}),
    ...(offer?.expiration !== undefined ? { Expiration: offer.expiration } : {}),
  }
}

/** The mint's transaction, for the registry of intent types. */
export const mintIntent: IntentSpec<MintIntent> = {
  type: 'mint',
  validate: validateMintIntent,
  build: buildMint,
  results: {
    tesSUCCESS:
      'The NFT was minted (and put on offer, where its row names a recipient or a price).',
    tecNO_ISSUER: 'Not minted: the issuer account you mint for does not exist.',
    tecNO_PERMISSION:
      'Not minted: the issuer has not made your account its authorized minter, or the recipient does not accept incoming NFT offers.',
    tecNO_DST: "Not minted: the recipient's account does not exist.",
    tecINSUFFICIENT_RESERVE:
      "Not minted: your account's XRP does not cover the reserve of another NFT page or offer. The network fee was charged.",
    tecEXPIRED: "Not minted: the offer's expiration time had already passed.",
    tecMAX_SEQUENCE_REACHED: 'Not minted: the issuer has minted as many NFTs as the ledger allows.',
    temMALFORMED: `The network rejected the mint as malformed; ${NOTHING_CHANGED}.`,
    temDISABLED: `This network does not mint with an offer in the same transaction (XLS-52 is not enabled); ${NOTHING_CHANGED}.`,
    skipped: 'Skipped: this NFT was left out of the job, so it was not minted.',
    cancelled: 'Not minted: the job was cancelled before this NFT was signed for.',
  },
}
