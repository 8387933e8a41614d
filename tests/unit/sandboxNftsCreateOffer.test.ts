import { beforeEach, describe, expect, it } from 'vitest'
import type { AccountRoot, NFTokenOffer } from '../../src/sandbox/ledger/entries.ts'
import { lsf } from '../../src/sandbox/ledger/entries.ts'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { dirEntries } from '../../src/sandbox/ledger/directory.ts'
import { SandboxState, XRP, walletFor } from '../helpers/sandboxState.ts'

const alice = walletFor(0)
const bob = walletFor(1)
const carol = walletFor(2)
const A = alice.classicAddress
const B = bob.classicAddress
const C = carol.classicAddress
const tfTransferable = 8
const tfSell = 1
const OFFER = { TransactionType: 'NFTokenCreateOffer' }

let sb: SandboxState
/** A transferable token alice holds. */
let token: string

beforeEach(() => {
  sb = new SandboxState()
  sb.fund(alice, 100n * XRP)
  sb.fund(bob, 100n * XRP, { Sequence: 40 })
  token = sb.mint(alice, { Flags: tfTransferable })
})

function patch(address: string, fields: Partial<AccountRoot>): void {
  const key = keylet.account(address)
  sb.state.set(key, { ...sb.entry<AccountRoot>(key)!, ...fields })
}

const sell = (fields: Record<string, unknown> = {}) =>
  sb.submit(alice, { ...OFFER, NFTokenID: token, Amount: '1000', Flags: tfSell, ...fields })
const buy = (who = bob, fields: Record<string, unknown> = {}) =>
  sb.submit(who, { ...OFFER, NFTokenID: token, Amount: '1000', Owner: A, ...fields })

describe('NFTokenCreateOffer entries', () => {
  it('creates a sell offer keyed by owner and Sequence, in the owner and sell directories', () => {
    const seq = sb.account(A).Sequence
    const out = sell({ Destination: B, Expiration: 900_000_000 })
    expect(out.result).toBe('tesSUCCESS')
    const id = keylet.nftOffer(A, seq)
    expect(out.meta!.offer_id).toBe(id)
    expect(sb.entry<NFTokenOffer>(id)).toMatchObject({
      Amount: '1000',
      Flags: lsf.sellNFToken,
      LedgerEntryType: 'NFTokenOffer',
      NFTokenID: token,
      NFTokenOfferNode: '0',
      Owner: A,
      OwnerNode: '0',
      Destination: B,
      Expiration: 900_000_000,
    })
    expect(dirEntries(sb.view(), keylet.nftSells(token))).toEqual([id])
    expect(dirEntries(sb.view(), keylet.ownerDir(A))).toEqual([id])
    expect(sb.account(A).OwnerCount).toBe(2)
    const created = out.meta!.AffectedNodes.filter((n) => 'CreatedNode' in n)
    expect(created.map((n) => 'CreatedNode' in n && n.CreatedNode.LedgerEntryType).sort()).toEqual([
      'DirectoryNode',
      'DirectoryNode',
      'NFTokenOffer',
    ])
  })

  it('creates a buy offer owned by the buyer, in the buy directory', () => {
    const out = buy()
    const id = keylet.nftOffer(B, 40)
    expect(out.meta!.offer_id).toBe(id)
    expect(sb.entry<NFTokenOffer>(id)).toMatchObject({ Flags: 0, Owner: B, Amount: '1000' })
    expect(dirEntries(sb.view(), keylet.nftBuys(token))).toEqual([id])
    expect(sb.account(B).OwnerCount).toBe(1)
  })

  it('keys an offer made with a ticket by its TicketSequence', () => {
    sb.ok(bob, { TransactionType: 'TicketCreate', TicketCount: 2 })
    const out = buy(bob, { TicketSequence: 42 })
    expect(out.meta!.offer_id).toBe(keylet.nftOffer(B, 42))
  })

  it('allows a sell offer of 0 drops', () => {
    expect(sell({ Amount: '0' }).result).toBe('tesSUCCESS')
  })
})

describe('NFTokenCreateOffer preflight', () => {
  it('refuses a buy offer of 0 (temBAD_AMOUNT)', () => {
    expect(buy(bob, { Amount: '0' }).result).toBe('temBAD_AMOUNT')
  })
  it('refuses a negative amount (temBAD_AMOUNT)', () => {
    expect(sell({ Amount: '-5' }).result).toBe('temBAD_AMOUNT')
  })
  it('refuses an issued amount for an lsfOnlyXRP token (temBAD_AMOUNT)', () => {
    const onlyXrp = sb.mint(alice, { Flags: tfTransferable | 0x2 })
    const usd = { currency: 'USD', issuer: B, value: '1' }
    expect(sell({ NFTokenID: onlyXrp, Amount: usd }).result).toBe('temBAD_AMOUNT')
  })
  it('refuses Expiration 0 (temBAD_EXPIRATION)', () => {
    expect(sell({ Expiration: 0 }).result).toBe('temBAD_EXPIRATION')
  })
  it('refuses Owner on a sell offer, no Owner on a buy offer, Owner or Destination = Account', () => {
    expect(sell({ Owner: B }).result).toBe('temMALFORMED')
    expect(buy(bob, { Owner: undefined }).result).toBe('temMALFORMED')
    expect(buy(bob, { Owner: B }).result).toBe('temMALFORMED')
    expect(sell({ Destination: A }).result).toBe('temMALFORMED')
  })
  it('refuses flags other than tfSellNFToken (temINVALID_FLAG)', () => {
    expect(sell({ Flags: 3 }).result).toBe('temINVALID_FLAG')
  })
})

describe('NFTokenCreateOffer preclaim and apply', () => {
  it('gives tecEXPIRED for an Expiration at or before the parent close time', () => {
    expect(sell({ Expiration: sb.ledger.parentCloseTime }).result).toBe('tecEXPIRED')
    expect(sell({ Expiration: sb.ledger.parentCloseTime + 1 }).result).toBe('tesSUCCESS')
  })

  it('gives tecNO_ENTRY when the seller (or the named Owner) does not hold the token', () => {
    expect(sb.submit(bob, { ...OFFER, NFTokenID: token, Amount: '1', Flags: tfSell }).result).toBe(
      'tecNO_ENTRY',
    )
    sb.fund(carol, 10n * XRP)
    expect(buy(bob, { Owner: C }).result).toBe('tecNO_ENTRY')
  })

  it('gives tefNFTOKEN_IS_NOT_TRANSFERABLE unless the issuer or its minter is involved', () => {
    sb.fund(carol, 10n * XRP)
    const fixed = sb.mint(alice)
    // The issuer may sell it; the buyer then holds a token only the issuer can take back.
    const offer = sb.ok(alice, { ...OFFER, NFTokenID: fixed, Amount: '0', Flags: tfSell }).meta!
      .offer_id
    sb.ok(bob, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offer })
    const resell = sb.submit(bob, { ...OFFER, NFTokenID: fixed, Amount: '1', Flags: tfSell })
    expect(resell.result).toBe('tefNFTOKEN_IS_NOT_TRANSFERABLE')
    expect(resell.applied).toBe(false)
    const fromCarol = { ...OFFER, NFTokenID: fixed, Amount: '1', Owner: B }
    expect(sb.submit(carol, fromCarol).result).toBe('tefNFTOKEN_IS_NOT_TRANSFERABLE')
    expect(sb.submit(alice, fromCarol).result).toBe('tesSUCCESS')
    sb.ok(alice, { TransactionType: 'AccountSet', SetFlag: 10, NFTokenMinter: C })
    expect(sb.submit(carol, fromCarol).result).toBe('tesSUCCESS')
  })

  it('gives tecUNFUNDED_OFFER for a buy offer with no XRP above the reserve', () => {
    sb.fund(carol, 1_000_000n)
    expect(buy(carol).result).toBe('tecUNFUNDED_OFFER')
  })

  it('gives tecNO_DST for a Destination that does not exist', () => {
    expect(sell({ Destination: C }).result).toBe('tecNO_DST')
  })

  it('gives tecNO_PERMISSION when the Destination or the Owner disallows incoming offers', () => {
    patch(B, { Flags: lsf.disallowIncomingNFTokenOffer })
    expect(sell({ Destination: B }).result).toBe('tecNO_PERMISSION')
    patch(A, { Flags: lsf.disallowIncomingNFTokenOffer })
    sb.fund(carol, 10n * XRP)
    expect(buy(carol).result).toBe('tecNO_PERMISSION')
  })

  it('gives tecINSUFFICIENT_RESERVE when priorBalance cannot cover one more object', () => {
    sb.fund(carol, 1_100_000n)
    const out = buy(carol, { Amount: '1' })
    expect(out.result).toBe('tecINSUFFICIENT_RESERVE')
    expect(sb.account(C)).toMatchObject({ Balance: '1099990', OwnerCount: 0, Sequence: 6 })
    expect(sb.entry(keylet.nftOffer(C, 5))).toBeUndefined()
  })
})
