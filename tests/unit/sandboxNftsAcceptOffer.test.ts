import { beforeEach, describe, expect, it } from 'vitest'
import type { Wallet } from 'xrpl'
import type { AccountRoot } from '../../src/sandbox/ledger/entries.ts'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { dirEntries } from '../../src/sandbox/ledger/directory.ts'
import { findToken } from '../../src/sandbox/ledger/nftokenPages.ts'
import { SandboxState, XRP, walletFor } from '../helpers/sandboxState.ts'

const alice = walletFor(0)
const bob = walletFor(1)
const carol = walletFor(2)
const dave = walletFor(3)
const [A, B, C, D] = [alice, bob, carol, dave].map((w) => w.classicAddress) as [
  string,
  string,
  string,
  string,
]
const tfTransferable = 8
const ACCEPT = 'NFTokenAcceptOffer'

let sb: SandboxState
let token: string

beforeEach(() => {
  sb = new SandboxState()
  for (const w of [alice, bob, carol, dave]) sb.fund(w, 100n * XRP)
  token = sb.mint(alice, { Flags: tfTransferable })
})

function patch(address: string, fields: Partial<AccountRoot>): void {
  const key = keylet.account(address)
  sb.state.set(key, { ...sb.entry<AccountRoot>(key)!, ...fields })
}

function sellOffer(who: Wallet, amount: string, fields: Record<string, unknown> = {}): string {
  const f = { TransactionType: 'NFTokenCreateOffer', NFTokenID: token, Amount: amount, Flags: 1 }
  return sb.ok(who, { ...f, ...fields }).meta!.offer_id!
}

function buyOffer(
  who: Wallet,
  owner: string,
  amount: string,
  fields: Record<string, unknown> = {},
) {
  const f = {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: token,
    Amount: amount,
    Owner: owner,
  }
  return sb.ok(who, { ...f, ...fields }).meta!.offer_id!
}

const holds = (owner: string, id = token) => findToken(sb.view(), owner, id) !== undefined

describe('NFTokenAcceptOffer direct', () => {
  it('accepts a sell offer: buyer pays, token moves, offer deleted, other offers stay', () => {
    const offer = sellOffer(alice, (5n * XRP).toString())
    const other = sellOffer(alice, (9n * XRP).toString())
    const [a0, b0] = [sb.balance(A), sb.balance(B)]
    const out = sb.ok(bob, { TransactionType: ACCEPT, NFTokenSellOffer: offer })
    expect(out.meta!.nftoken_id).toBe(token)
    expect(sb.balance(A)).toBe(a0 + 5n * XRP)
    expect(sb.balance(B)).toBe(b0 - 5n * XRP - 10n)
    expect(holds(B)).toBe(true)
    expect(holds(A)).toBe(false)
    expect(sb.entry(offer)).toBeUndefined()
    expect(sb.entry(other)).toBeDefined()
    // alice: the page went with her only token; the remaining offer still counts.
    expect(sb.account(A).OwnerCount).toBe(1)
    expect(sb.account(B).OwnerCount).toBe(1)
    // The stale offer now fails: its owner no longer holds the token.
    expect(sb.submit(carol, { TransactionType: ACCEPT, NFTokenSellOffer: other }).result).toBe(
      'tecNO_PERMISSION',
    )
  })

  it('accepts a buy offer: the holder sells', () => {
    const offer = buyOffer(bob, A, (3n * XRP).toString())
    const [a0, b0] = [sb.balance(A), sb.balance(B)]
    sb.ok(alice, { TransactionType: ACCEPT, NFTokenBuyOffer: offer })
    expect(sb.balance(A)).toBe(a0 + 3n * XRP - 10n)
    expect(sb.balance(B)).toBe(b0 - 3n * XRP)
    expect(holds(B)).toBe(true)
    expect(sb.account(B).OwnerCount).toBe(1)
  })

  it("pays the issuer's transfer-fee cut unless the issuer is a party", () => {
    token = sb.mint(alice, { Flags: tfTransferable, TransferFee: 10000 })
    sb.ok(bob, { TransactionType: ACCEPT, NFTokenSellOffer: sellOffer(alice, '1000') })
    const offer = sellOffer(bob, '1001')
    const [a0, b0] = [sb.balance(A), sb.balance(B)]
    sb.ok(carol, { TransactionType: ACCEPT, NFTokenSellOffer: offer })
    // 10% of 1001 drops, rounded down.
    expect(sb.balance(A)).toBe(a0 + 100n)
    expect(sb.balance(B)).toBe(b0 + 901n)
  })
})

describe('NFTokenAcceptOffer brokered', () => {
  it('pays broker, then issuer cut of the rest, then seller', () => {
    token = sb.mint(alice, { Flags: tfTransferable, TransferFee: 10000 })
    sb.ok(bob, { TransactionType: ACCEPT, NFTokenSellOffer: sellOffer(alice, '0') })
    const so = sellOffer(bob, (5n * XRP).toString())
    const bo = buyOffer(carol, B, (8n * XRP).toString())
    const before = [A, B, C, D].map((x) => sb.balance(x))
    const out = sb.ok(dave, {
      TransactionType: ACCEPT,
      NFTokenSellOffer: so,
      NFTokenBuyOffer: bo,
      NFTokenBrokerFee: XRP.toString(),
    })
    expect(out.meta!.nftoken_id).toBe(token)
    const delta = [A, B, C, D].map((x, i) => sb.balance(x) - before[i]!)
    expect(delta).toEqual([700_000n, 6_300_000n, -8n * XRP, XRP - 10n])
    expect(holds(C)).toBe(true)
    expect(sb.entry(so)).toBeUndefined()
    expect(sb.entry(bo)).toBeUndefined()
    expect(sb.account(B).OwnerCount).toBe(0)
    expect(sb.account(C).OwnerCount).toBe(1)
  })

  it('gives tecNFTOKEN_BUY_SELL_MISMATCH for offers on different tokens', () => {
    const so = sellOffer(alice, '10')
    const other = sb.mint(alice, { Flags: tfTransferable })
    const bo = buyOffer(bob, A, '10', { NFTokenID: other })
    const r = sb.submit(carol, {
      TransactionType: ACCEPT,
      NFTokenSellOffer: so,
      NFTokenBuyOffer: bo,
    })
    expect(r.result).toBe('tecNFTOKEN_BUY_SELL_MISMATCH')
  })

  it('gives tecINSUFFICIENT_PAYMENT when the buy does not cover the sell (and broker fee)', () => {
    const so = sellOffer(alice, '500')
    const low = buyOffer(bob, A, '400')
    const ok = buyOffer(carol, A, '600')
    const broker = (bo: string, fee?: string) =>
      sb.submit(dave, {
        TransactionType: ACCEPT,
        NFTokenSellOffer: so,
        NFTokenBuyOffer: bo,
        ...(fee ? { NFTokenBrokerFee: fee } : {}),
      }).result
    expect(broker(low)).toBe('tecINSUFFICIENT_PAYMENT')
    expect(broker(ok, '600')).toBe('tecINSUFFICIENT_PAYMENT')
    expect(broker(ok, '101')).toBe('tecINSUFFICIENT_PAYMENT')
    expect(broker(ok, '100')).toBe('tesSUCCESS')
  })

  it('gives tecCANT_ACCEPT_OWN_NFTOKEN_OFFER when buy and sell offers have one owner', () => {
    const stale = sellOffer(alice, '10')
    sb.ok(bob, { TransactionType: ACCEPT, NFTokenSellOffer: sellOffer(alice, '0') })
    const bo = buyOffer(alice, B, '20')
    const r = sb.submit(carol, {
      TransactionType: ACCEPT,
      NFTokenSellOffer: stale,
      NFTokenBuyOffer: bo,
    })
    expect(r.result).toBe('tecCANT_ACCEPT_OWN_NFTOKEN_OFFER')
  })

  it('gives tecNO_PERMISSION when an offer names another Destination than the broker', () => {
    const so = sellOffer(alice, '10', { Destination: bob.classicAddress })
    const bo = buyOffer(bob, A, '20')
    const r = sb.submit(carol, {
      TransactionType: ACCEPT,
      NFTokenSellOffer: so,
      NFTokenBuyOffer: bo,
    })
    expect(r.result).toBe('tecNO_PERMISSION')
  })
})

describe('NFTokenAcceptOffer checks', () => {
  it('refuses no offer, a lone broker fee and a zero broker fee (temMALFORMED)', () => {
    const so = sellOffer(alice, '10')
    const bo = buyOffer(bob, A, '20')
    expect(sb.submit(carol, { TransactionType: ACCEPT }).result).toBe('temMALFORMED')
    const lone = { TransactionType: ACCEPT, NFTokenSellOffer: so, NFTokenBrokerFee: '1' }
    expect(sb.submit(carol, lone).result).toBe('temMALFORMED')
    const zero = { ...lone, NFTokenBuyOffer: bo, NFTokenBrokerFee: '0' }
    expect(sb.submit(carol, zero).result).toBe('temMALFORMED')
    expect(
      sb.submit(carol, { TransactionType: ACCEPT, NFTokenSellOffer: so, Flags: 1 }).result,
    ).toBe('temINVALID_FLAG')
  })

  it('gives tecOBJECT_NOT_FOUND for a zero or unknown offer id', () => {
    const accept = (id: string) =>
      sb.submit(bob, { TransactionType: ACCEPT, NFTokenSellOffer: id }).result
    expect(accept('0'.repeat(64))).toBe('tecOBJECT_NOT_FOUND')
    expect(accept(keylet.nftOffer(A, 999))).toBe('tecOBJECT_NOT_FOUND')
    // An id of an entry that is not an offer is not found either.
    expect(accept(keylet.account(A))).toBe('tecOBJECT_NOT_FOUND')
  })

  it('gives tecEXPIRED and deletes the expired offer (the deletion survives the tec)', () => {
    const offer = sellOffer(alice, '10', { Expiration: sb.ledger.parentCloseTime + 5 })
    expect(sb.account(A).OwnerCount).toBe(2)
    sb.ledger.parentCloseTime += 5
    const b0 = sb.balance(B)
    const out = sb.submit(bob, { TransactionType: ACCEPT, NFTokenSellOffer: offer })
    expect(out.result).toBe('tecEXPIRED')
    expect(sb.entry(offer)).toBeUndefined()
    expect(dirEntries(sb.view(), keylet.nftSells(token))).toEqual([])
    expect(sb.account(A).OwnerCount).toBe(1)
    expect(sb.balance(B)).toBe(b0 - 10n)
    expect(holds(A)).toBe(true)
    const deleted = out.meta!.AffectedNodes.filter((n) => 'DeletedNode' in n)
    expect(deleted.some((n) => 'DeletedNode' in n && n.DeletedNode.LedgerIndex === offer)).toBe(
      true,
    )
  })

  it('gives tecNFTOKEN_OFFER_TYPE_MISMATCH for a sell offer passed as buy offer and vice versa', () => {
    const so = sellOffer(alice, '10')
    const bo = buyOffer(bob, A, '10')
    expect(sb.submit(carol, { TransactionType: ACCEPT, NFTokenBuyOffer: so }).result).toBe(
      'tecNFTOKEN_OFFER_TYPE_MISMATCH',
    )
    expect(sb.submit(alice, { TransactionType: ACCEPT, NFTokenSellOffer: bo }).result).toBe(
      'tecNFTOKEN_OFFER_TYPE_MISMATCH',
    )
  })

  it('gives tecCANT_ACCEPT_OWN_NFTOKEN_OFFER for accepting one own offer', () => {
    const so = sellOffer(alice, '10')
    expect(sb.submit(alice, { TransactionType: ACCEPT, NFTokenSellOffer: so }).result).toBe(
      'tecCANT_ACCEPT_OWN_NFTOKEN_OFFER',
    )
  })

  it('gives tecNO_PERMISSION for a Destination mismatch or a buy offer the acceptor cannot fill', () => {
    const so = sellOffer(alice, '10', { Destination: C })
    expect(sb.submit(bob, { TransactionType: ACCEPT, NFTokenSellOffer: so }).result).toBe(
      'tecNO_PERMISSION',
    )
    const bo = buyOffer(bob, A, '10')
    expect(sb.submit(carol, { TransactionType: ACCEPT, NFTokenBuyOffer: bo }).result).toBe(
      'tecNO_PERMISSION',
    )
    const toDave = buyOffer(bob, A, '10', { Destination: D })
    expect(sb.submit(alice, { TransactionType: ACCEPT, NFTokenBuyOffer: toDave }).result).toBe(
      'tecNO_PERMISSION',
    )
    expect(sb.submit(carol, { TransactionType: ACCEPT, NFTokenSellOffer: so }).result).toBe(
      'tesSUCCESS',
    )
  })

  it('gives tecINSUFFICIENT_FUNDS when the buyer cannot pay above its reserve', () => {
    const bo = buyOffer(bob, A, (50n * XRP).toString())
    patch(B, { Balance: (10n * XRP).toString() })
    expect(sb.submit(alice, { TransactionType: ACCEPT, NFTokenBuyOffer: bo }).result).toBe(
      'tecINSUFFICIENT_FUNDS',
    )
    const so = sellOffer(alice, (2n * XRP).toString())
    patch(C, { Balance: (2n * XRP).toString() })
    expect(sb.submit(carol, { TransactionType: ACCEPT, NFTokenSellOffer: so }).result).toBe(
      'tecINSUFFICIENT_FUNDS',
    )
  })

  it('gives tecINSUFFICIENT_RESERVE when the buyer cannot hold a new page after paying', () => {
    const so = sellOffer(alice, '100000')
    patch(C, { Balance: '1300000' })
    const out = sb.submit(carol, { TransactionType: ACCEPT, NFTokenSellOffer: so })
    expect(out.result).toBe('tecINSUFFICIENT_RESERVE')
    expect(sb.entry(so)).toBeDefined()
    expect(holds(A)).toBe(true)
    expect(sb.balance(C)).toBe(1_299_990n)
  })
})
