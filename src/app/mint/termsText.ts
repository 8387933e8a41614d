/**
 * The words the Mint tab says about a collection's terms before anything is signed: each is written
 * into every NFT's id by the ledger and can never change, so each is said in what it means for
 * holders. Pure.
 */
import type { MintTerms } from '../../worker/api.ts'

/** The terms as the form holds them (text fields as typed). */
export interface TermsDraft {
  taxon: string
  /** The transfer fee in percent, as typed (0 to 50). */
  feePercent: string
  burnable: boolean
  onlyXrp: boolean
  transferable: boolean
  mutable: boolean
  /** Mint for this issuer as its authorized minter; empty for the connected account. */
  issuer: string
}

/** A new collection's terms: no fee, transferable, nothing else. */
export function defaultTerms(): TermsDraft {
  return {
    taxon: '0',
    feePercent: '0',
    burnable: false,
    onlyXrp: false,
    transferable: true,
    mutable: false,
    issuer: '',
  }
}

/** The flags of the terms, in the order the form shows them. */
export const FLAGS = ['burnable', 'onlyXrp', 'transferable', 'mutable'] as const

/** One flag of the terms. */
export type FlagName = (typeof FLAGS)[number]

/** Each flag's label and what it means for holders, on and off. */
export const FLAG_TEXT: Readonly<Record<FlagName, { label: string; on: string; off: string }>> = {
  burnable: {
    label: 'Burnable by the issuer',
    on: 'The issuer can burn each NFT wherever it is, even in a holder’s wallet.',
    off: 'Only the holder of an NFT can burn it.',
  },
  onlyXrp: {
    label: 'Sold for XRP only',
    on: 'Holders can sell the NFTs for XRP only, never for a token.',
    off: 'Holders can sell the NFTs for XRP or for any token.',
  },
  transferable: {
    label: 'Transferable',
    on: 'Holders can sell or give the NFTs to anyone.',
    off: 'A holder can only give an NFT back to the issuer: no resale, no gift to others.',
  },
  mutable: {
    label: 'Mutable (URI can change)',
    on: 'The issuer (or its authorized minter) can change each NFT’s URI later: a reveal, a repair. Holders see the metadata change.',
    off: 'Each NFT’s URI is final: what its metadata says now, it says for good.',
  },
}

/** What every flag's line ends with: the ledger writes it into the NFT's id. */
export const PERMANENT = 'It cannot change after minting.'

/** The transfer fee in the ledger's unit (1/100000), or why the typed value is not one. */
export function feeUnits(percent: string): number | string {
  const text = percent.trim() === '' ? '0' : percent.trim()
  if (!/^\d+(\.\d{1,3})?$/.test(text))
    return 'The transfer fee is a percentage from 0 to 50, e.g. 5 or 2.5'
  const [whole, fraction = ''] = text.split('.')
  const units = Number(whole) * 1000 + Number(fraction.padEnd(3, '0'))
  if (units > 50_000) return 'The transfer fee is at most 50 %'
  return units
}

/**
 * What the issuer earns of each resale, said as XRP of each 100 XRP (the fee in percent is that
 * many XRP of 100).
 */
export function feeSentence(units: number): string {
  if (units === 0) return 'No transfer fee: the issuer earns nothing when holders resell.'
  const percent = units / 1000
  return `The issuer earns ${percent} XRP of each 100 XRP resale (${percent} %).`
}

/** The taxon as a number, or why the typed value is not one. */
export function taxonOf(text: string): number | string {
  const trimmed = text.trim()
  if (!/^\d+$/.test(trimmed) || Number(trimmed) > 0xffff_ffff) {
    return 'The taxon is a whole number from 0 to 4294967295'
  }
  return Number(trimmed)
}

/**
 * The terms to mint with, or the first reason the draft is not terms yet. A fee without
 * transferable is left to the engine, which refuses it in its own words.
 */
export function termsOf(draft: TermsDraft): MintTerms | string {
  const taxon = taxonOf(draft.taxon)
  if (typeof taxon === 'string') return taxon
  const transferFee = feeUnits(draft.feePercent)
  if (typeof transferFee === 'string') return transferFee
  const issuer = draft.issuer.trim()
  return {
    taxon,
    transferFee,
    burnable: draft.burnable,
    onlyXrp: draft.onlyXrp,
    transferable: draft.transferable,
    mutable: draft.mutable,
    ...(issuer ? { issuer } : {}),
  }
}

/** The terms as lines for the confirmation: what the user agrees to, for good. */
export function termLines(terms: MintTerms): string[] {
  return [
    `Taxon ${terms.taxon}`,
    feeSentence(terms.transferFee),
    ...FLAGS.map(
      (flag) =>
        `${FLAG_TEXT[flag].label}: ${terms[flag] ? 'yes' : 'no'}. ${terms[flag] ? FLAG_TEXT[flag].on : FLAG_TEXT[flag].off}`,
    ),
    terms.issuer
      ? `Minted for the issuer ${terms.issuer}, as its authorized minter`
      : 'Issued by your account',
  ]
}

/** The words a mint's confirmation asks to be typed. */
export function mintConfirmText(count: number): string {
  return `MINT ${count}`
}
