import { parseNFTokenID } from 'xrpl'
import { beforeEach, describe, expect, it } from 'vitest'
import type { AccountRoot, NFTokenOffer } from '../../src/sandbox/ledger/entries.ts'
import { lsf } from '../../src/sandbox/ledger/entries.ts'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { dirEntries } from '../../src/sandbox/ledger/directory.ts'
import { findToken } from '../../src/sandbox/ledger/nftokenPages.ts'
import { SandboxState, XRP, walletFor } from '../helpers/sandboxState.ts'

const alice = walletFor(0)
const bob = walletFor(1)
const carol = walletFor(2)
const A = alice.classicAddress
const B = bob.classicAddress
const C = carol.classicAddress
const MINT = { TransactionType: 'NFTokenMint', NFTokenTaxon: 7 }
const tfTransferable = 8

let sb: SandboxState
beforeEach(() => {
  sb = new SandboxState()
  sb.fund(alice, 100n * XRP)
  sb.fund(bob, 100n * XRP, { Sequence: 40 })
})

/** Overwrites fields of an AccountRoot in place of a ledger history that set them. */
function patch(address: string, fields: Partial<AccountRoot>): void {
  const key = keylet.account(address)
  sb.state.set(key, { ...sb.entry<AccountRoot>(key)!, ...fields })
}

describe('NFTokenMint serials and counters', () => {
  it('sets FirstNFTokenSequence to the first mint Sequence; serial = First + MintedNFTokens', () => {
    const first = sb.ok(alice, {
      ...MINT,
      Flags: tfTransferable,
      TransferFee: 500,
      URI: '68747470',
    })
    const id = first.meta!.nftoken_id!
    expect(parseNFTokenID(id)).toMatchObject({
      Issuer: A,
      Taxon: 7,
      Sequence: 5,
      Flags: 8,
      TransferFee: 500,
    })
    expect(findToken(sb.view(), A, id)).toEqual({ NFTokenID: id, URI: '68747470' })
    expect(sb.account(A)).toMatchObject({
      FirstNFTokenSequence: 5,
      MintedNFTokens: 1,
      Sequence: 6,
      OwnerCount: 1,
    })
    const second = sb.mint(alice)
    expect(parseNFTokenID(second).Sequence).toBe(6)
    sb.ok(alice, { TransactionType: 'NFTokenBurn', NFTokenID: second })
    expect(sb.account(A)).toMatchObject({ MintedNFTokens: 2, BurnedNFTokens: 1 })
    // fixNFTokenRemint: serials never repeat, even after burns.
    expect(parseNFTokenID(sb.mint(alice)).Sequence).toBe(7)
  })

  it('uses the account Sequence as FirstNFTokenSequence when minting with a ticket', () => {
    sb.ok(alice, { TransactionType: 'TicketCreate', TicketCount: 1 })
    expect(sb.account(A).Sequence).toBe(7)
    const id = sb.mint(alice, { TicketSequence: 6 })
    expect(sb.account(A).FirstNFTokenSequence).toBe(7)
    expect(parseNFTokenID(id).Sequence).toBe(7)
  })

  it('lets an authorized minter mint for the issuer (Issuer + NFTokenMinter)', () => {
    sb.ok(bob, { TransactionType: 'AccountSet', SetFlag: 10, NFTokenMinter: A })
    const id = sb.mint(alice, { Issuer: B })
    expect(parseNFTokenID(id)).toMatchObject({ Issuer: B, Sequence: 41 })
    expect(sb.account(B)).toMatchObject({
      FirstNFTokenSequence: 41,
      MintedNFTokens: 1,
      OwnerCount: 0,
    })
    expect(sb.account(A)).toMatchObject({ OwnerCount: 1 })
    expect(sb.account(A).MintedNFTokens).toBeUndefined()
    expect(sb.tokens(A).map((t) => t.NFTokenID)).toEqual([id])
  })

  it("shows the issuer's counters in the metadata of an authorized minter's mint, fields first set included", () => {
    sb.ok(bob, { TransactionType: 'AccountSet', SetFlag: 10, NFTokenMinter: A })
    const out = sb.ok(alice, { ...MINT, Issuer: B })
    // rippled's metadata lists every entry the transaction modified: the issuer's AccountRoot got
    // FirstNFTokenSequence and MintedNFTokens, fields it did not have (so no PreviousFields).
    const root = out
      .meta!.AffectedNodes.flatMap((n) => ('ModifiedNode' in n ? [n.ModifiedNode] : []))
      .find((n) => n.LedgerEntryType === 'AccountRoot' && n.FinalFields.Account === B)
    expect(root?.FinalFields).toMatchObject({ MintedNFTokens: 1, FirstNFTokenSequence: 41 })
    expect(root?.PreviousFields).toBeUndefined()
  })

  it('gives tecNO_ISSUER for a missing Issuer and tecNO_PERMISSION for an unauthorized minter', () => {
    expect(sb.submit(alice, { ...MINT, Issuer: C }).result).toBe('tecNO_ISSUER')
    const out = sb.submit(alice, { ...MINT, Issuer: B })
    expect(out.result).toBe('tecNO_PERMISSION')
    expect(out.applied).toBe(true)
    expect(sb.account(A)).toMatchObject({
      Sequence: 7,
      OwnerCount: 0,
      Balance: (100n * XRP - 20n).toString(),
    })
  })

  it('gives tecMAX_SEQUENCE_REACHED when the serial would overflow', () => {
    patch(A, { FirstNFTokenSequence: 0xffffffff, MintedNFTokens: 0 })
    expect(sb.submit(alice, MINT).result).toBe('tecMAX_SEQUENCE_REACHED')
    expect(sb.account(A).MintedNFTokens).toBe(0)
  })
})

describe('NFTokenMint preflight', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['tfTrustLine', { Flags: 0x4 }, 'temINVALID_FLAG'],
    ['an unknown flag', { Flags: 0x20 }, 'temINVALID_FLAG'],
    [
      'TransferFee > 50000',
      { Flags: tfTransferable, TransferFee: 50001 },
      'temBAD_NFTOKEN_TRANSFER_FEE',
    ],
    ['TransferFee without tfTransferable', { TransferFee: 10 }, 'temMALFORMED'],
    ['Issuer = Account', { Issuer: 'SELF' }, 'temMALFORMED'],
    ['an empty URI', { URI: '' }, 'temMALFORMED'],
    ['a 257-byte URI', { URI: 'AB'.repeat(257) }, 'temMALFORMED'],
    ['Destination without Amount', { Destination: 'BOB' }, 'temMALFORMED'],
    ['Expiration without Amount', { Expiration: 900_000_000 }, 'temMALFORMED'],
    ['a negative Amount', { Amount: '-1' }, 'temBAD_AMOUNT'],
    ['Expiration 0', { Amount: '1', Expiration: 0 }, 'temBAD_EXPIRATION'],
    ['Destination = Account', { Amount: '1', Destination: 'SELF' }, 'temMALFORMED'],
  ]
  it.each(cases)('refuses %s', (_name, fields, ter) => {
    const resolved = Object.fromEntries(
      Object.entries(fields).map(([k, v]) => [k, v === 'SELF' ? A : v === 'BOB' ? B : v]),
    )
    const out = sb.submit(alice, { ...MINT, ...resolved })
    expect(out.result).toBe(ter)
    expect(out.applied).toBe(false)
    expect(sb.account(A).Sequence).toBe(5)
  })

  it('accepts the limits: TransferFee 50000, a 256-byte URI, tfMutable', () => {
    sb.mint(alice, { Flags: tfTransferable | 0x10, TransferFee: 50000, URI: 'AB'.repeat(256) })
  })
})

describe('NFTokenMint reserve', () => {
  it('gives tecINSUFFICIENT_RESERVE when a new page exceeds priorBalance, and keeps only fee and sequence', () => {
    sb.fund(carol, 1_100_000n)
    const out = sb.submit(carol, MINT)
    expect(out.result).toBe('tecINSUFFICIENT_RESERVE')
    expect(sb.account(C)).toMatchObject({ Balance: '1099990', Sequence: 6, OwnerCount: 0 })
    expect(sb.account(C).MintedNFTokens).toBeUndefined()
    expect(sb.pages(C)).toHaveLength(0)
  })

  it('checks the reserve only when OwnerCount rises', () => {
    sb.fund(carol, 1_200_000n)
    sb.mint(carol)
    patch(C, { Balance: '1000000' })
    // The next token fits the existing page: no new reserve is needed.
    sb.mint(carol)
    expect(sb.account(C).OwnerCount).toBe(1)
  })
})

describe('NFTokenMint with Amount (NFTokenMintOffer)', () => {
  it('creates a sell offer keyed by the mint Sequence', () => {
    const out = sb.ok(alice, { ...MINT, Flags: tfTransferable, Amount: '2500000', Destination: B })
    const offerId = keylet.nftOffer(A, 5)
    expect(out.meta!.offer_id).toBe(offerId)
    const offer = sb.entry<NFTokenOffer>(offerId)!
    expect(offer).toMatchObject({
      Amount: '2500000',
      Flags: lsf.sellNFToken,
      Owner: A,
      Destination: B,
      NFTokenID: out.meta!.nftoken_id,
    })
    expect(dirEntries(sb.view(), keylet.nftSells(offer.NFTokenID))).toEqual([offerId])
    expect(dirEntries(sb.view(), keylet.ownerDir(A))).toEqual([offerId])
    expect(sb.account(A).OwnerCount).toBe(2)
  })

  it('allows an offer of 0 drops', () => {
    expect(sb.ok(alice, { ...MINT, Amount: '0' }).meta!.offer_id).toBe(keylet.nftOffer(A, 5))
  })

  it('gives tecEXPIRED when Expiration is at or before the parent close time', () => {
    const out = sb.submit(alice, { ...MINT, Amount: '1', Expiration: sb.ledger.parentCloseTime })
    expect(out.result).toBe('tecEXPIRED')
    expect(sb.pages(A)).toHaveLength(0)
  })

  it('gives tecNO_DST for a missing Destination', () => {
    expect(sb.submit(alice, { ...MINT, Amount: '1', Destination: C }).result).toBe('tecNO_DST')
  })

  it('gives tecNO_PERMISSION when the Destination disallows incoming offers', () => {
    patch(B, { Flags: lsf.disallowIncomingNFTokenOffer })
    expect(sb.submit(alice, { ...MINT, Amount: '1', Destination: B }).result).toBe(
      'tecNO_PERMISSION',
    )
  })

  it('gives tecINSUFFICIENT_RESERVE when the page fits the reserve but the offer does not', () => {
    sb.fund(carol, 1_300_000n)
    expect(sb.submit(carol, { ...MINT, Amount: '1' }).result).toBe('tecINSUFFICIENT_RESERVE')
    expect(sb.account(C).OwnerCount).toBe(0)
    expect(sb.mint(carol)).toMatch(/^[0-9A-F]{64}$/)
  })
})
