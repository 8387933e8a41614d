import { beforeEach, describe, expect, it } from 'vitest'
import type { Wallet } from 'xrpl'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { dirEntries } from '../../src/sandbox/ledger/directory.ts'
import { createOffer } from '../../src/sandbox/ledger/nftokenOffers.ts'
import { ApplyView } from '../../src/sandbox/ledger/view.ts'
import { SandboxState, XRP, walletFor } from '../helpers/sandboxState.ts'

const alice = walletFor(0)
const bob = walletFor(1)
const carol = walletFor(2)
const [A, B, C] = [alice, bob, carol].map((w) => w.classicAddress) as [string, string, string]
const tfBurnable = 1
const tfTransferable = 8
const CANCEL = 'NFTokenCancelOffer'
const BURN = 'NFTokenBurn'

let sb: SandboxState
let token: string

beforeEach(() => {
  sb = new SandboxState()
  for (const w of [alice, bob, carol]) sb.fund(w, 1000n * XRP)
  token = sb.mint(alice, { Flags: tfTransferable | tfBurnable })
})

function offer(who: Wallet, fields: Record<string, unknown>, nft = token): string {
  const base = { TransactionType: 'NFTokenCreateOffer', NFTokenID: nft, Amount: '10' }
  return sb.ok(who, { ...base, ...fields }).meta!.offer_id!
}
const sell = (fields: Record<string, unknown> = {}, nft = token) =>
  offer(alice, { Flags: 1, ...fields }, nft)
const buy = (who: Wallet, fields: Record<string, unknown> = {}) =>
  offer(who, { Owner: A, ...fields })
const cancel = (who: Wallet, ids: string[], fields: Record<string, unknown> = {}) =>
  sb.submit(who, { TransactionType: CANCEL, NFTokenOffers: ids, ...fields })
const hexId = (n: number) => 'F' + n.toString(16).toUpperCase().padStart(63, '0')

describe('NFTokenCancelOffer', () => {
  it('deletes the offers, frees their reserve and lists their NFTokenIDs sorted and unique', () => {
    const other = sb.mint(alice, { Flags: tfTransferable })
    const ids = [sell({}, other), sell(), sell()]
    expect(sb.account(A).OwnerCount).toBe(4)
    const out = cancel(alice, ids)
    expect(out.result).toBe('tesSUCCESS')
    expect(out.meta!.nftoken_ids).toEqual([token, other].sort())
    for (const id of ids) expect(sb.entry(id)).toBeUndefined()
    expect(sb.account(A).OwnerCount).toBe(1)
    expect(sb.entry(keylet.ownerDir(A))).toBeUndefined()
    expect(dirEntries(sb.view(), keylet.nftSells(token))).toEqual([])
  })

  it('skips ids that are no longer in the ledger (tesSUCCESS)', () => {
    const mine = sell()
    const out = cancel(alice, [keylet.nftOffer(A, 999), mine])
    expect(out.result).toBe('tesSUCCESS')
    expect(out.meta!.nftoken_ids).toEqual([token])
    const again = cancel(alice, [mine])
    expect(again.result).toBe('tesSUCCESS')
    expect(again.meta!.nftoken_ids).toEqual([])
  })

  it('refuses an empty list, 501 ids, duplicates and zero ids (temMALFORMED)', () => {
    const many = Array.from({ length: 501 }, (_, i) => hexId(i))
    expect(cancel(alice, []).result).toBe('temMALFORMED')
    expect(cancel(alice, many).result).toBe('temMALFORMED')
    expect(cancel(alice, [hexId(1), hexId(2), hexId(1)]).result).toBe('temMALFORMED')
    expect(cancel(alice, [hexId(1), '0'.repeat(64)]).result).toBe('temMALFORMED')
    expect(cancel(alice, [hexId(1)], { Flags: 1 }).result).toBe('temINVALID_FLAG')
    expect(cancel(alice, many.slice(0, 500)).result).toBe('tesSUCCESS')
  })

  it("refuses the whole list (tecNO_PERMISSION) if one offer is someone else's", () => {
    const mine = sell()
    const bobs = buy(bob)
    const out = cancel(alice, [mine, bobs])
    expect(out.result).toBe('tecNO_PERMISSION')
    expect(out.applied).toBe(true)
    expect(sb.entry(mine)).toBeDefined()
    expect(sb.entry(bobs)).toBeDefined()
  })

  it('lets the Destination cancel, and anyone cancel an expired offer', () => {
    const toCarol = sell({ Destination: C })
    expect(cancel(carol, [toCarol]).result).toBe('tesSUCCESS')
    const expiring = buy(bob, { Expiration: sb.ledger.parentCloseTime + 1 })
    expect(cancel(carol, [expiring]).result).toBe('tecNO_PERMISSION')
    sb.ledger.parentCloseTime += 1
    expect(cancel(carol, [expiring]).result).toBe('tesSUCCESS')
    expect(sb.account(B).OwnerCount).toBe(0)
  })

  it('refuses an id that names another kind of entry, but skips a directory', () => {
    expect(cancel(alice, [keylet.account(B)]).result).toBe('tecNO_PERMISSION')
    sell()
    expect(cancel(alice, [keylet.ownerDir(A)]).result).toBe('tesSUCCESS')
    expect(sb.entry(keylet.ownerDir(A))).toBeDefined()
  })
})

describe('NFTokenBurn', () => {
  it('burns: token and page gone, BurnedNFTokens +1, the token offers deleted', () => {
    const keep = sb.mint(alice, { Flags: tfTransferable })
    const offers = [sell(), buy(bob), buy(carol)]
    const untouched = sell({}, keep)
    sb.ok(alice, { TransactionType: BURN, NFTokenID: token })
    expect(sb.tokens(A).map((t) => t.NFTokenID)).toEqual([keep])
    expect(sb.account(A)).toMatchObject({ BurnedNFTokens: 1, OwnerCount: 2 })
    for (const id of offers) expect(sb.entry(id)).toBeUndefined()
    expect(sb.entry(untouched)).toBeDefined()
    expect(sb.account(B).OwnerCount).toBe(0)
    expect(sb.account(C).OwnerCount).toBe(0)
    expect(sb.entry(keylet.nftSells(token))).toBeUndefined()
    expect(sb.entry(keylet.nftBuys(token))).toBeUndefined()
  })

  it('gives tecNO_ENTRY when the (named) owner does not hold the token', () => {
    expect(sb.submit(bob, { TransactionType: BURN, NFTokenID: token }).result).toBe('tecNO_ENTRY')
    const r = sb.submit(alice, { TransactionType: BURN, NFTokenID: token, Owner: B })
    expect(r.result).toBe('tecNO_ENTRY')
  })

  it('lets the issuer or its minter burn a burnable token another account holds', () => {
    sb.ok(bob, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: sell({ Amount: '0' }) })
    expect(sb.submit(carol, { TransactionType: BURN, NFTokenID: token, Owner: B }).result).toBe(
      'tecNO_PERMISSION',
    )
    sb.ok(alice, { TransactionType: 'AccountSet', SetFlag: 10, NFTokenMinter: C })
    sb.ok(carol, { TransactionType: BURN, NFTokenID: token, Owner: B })
    expect(sb.account(B).OwnerCount).toBe(0)
    expect(sb.account(A).BurnedNFTokens).toBe(1)
  })

  it('refuses the issuer a token without lsfBurnable (tecNO_PERMISSION); the holder may burn it', () => {
    token = sb.mint(alice, { Flags: tfTransferable })
    sb.ok(bob, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: sell({ Amount: '0' }) })
    expect(sb.submit(alice, { TransactionType: BURN, NFTokenID: token, Owner: B }).result).toBe(
      'tecNO_PERMISSION',
    )
    expect(sb.submit(bob, { TransactionType: BURN, NFTokenID: token }).result).toBe('tesSUCCESS')
  })

  it('deletes at most 500 offers, sell offers first', () => {
    const view = new ApplyView(sb.state)
    const base = { nftId: token, amount: '1', seqProxy: 0 }
    for (let i = 0; i < 3; i++)
      createOffer(view, sb.ledger, 10n ** 12n, { ...base, owner: A, sell: true, seqProxy: 100 + i })
    for (let i = 0; i < 498; i++)
      createOffer(view, sb.ledger, 10n ** 12n, {
        ...base,
        owner: B,
        sell: false,
        seqProxy: 100 + i,
      })
    view.commitTo(sb.state)
    sb.ok(alice, { TransactionType: BURN, NFTokenID: token })
    expect(dirEntries(sb.view(), keylet.nftSells(token))).toEqual([])
    expect(dirEntries(sb.view(), keylet.nftBuys(token))).toHaveLength(1)
    expect(sb.account(B).OwnerCount).toBe(1)
    expect(sb.account(A).OwnerCount).toBe(0)
  })

  it('refuses an Owner that is the Account itself (temMALFORMED)', () => {
    const r = sb.submit(alice, { TransactionType: BURN, NFTokenID: token, Owner: A })
    expect(r).toMatchObject({ result: 'temMALFORMED', applied: false })
    expect(sb.tokens(A).map((t) => t.NFTokenID)).toEqual([token])
  })

  it('refuses a missing NFTokenID (temMALFORMED) and flags (temINVALID_FLAG)', () => {
    expect(sb.submit(alice, { TransactionType: BURN }).result).toBe('temMALFORMED')
    expect(sb.submit(alice, { TransactionType: BURN, NFTokenID: token, Flags: 1 }).result).toBe(
      'temINVALID_FLAG',
    )
  })
})
