import { getNFTokenID } from 'xrpl'
import type { TransactionMetadata } from 'xrpl'
import { describe, expect, it } from 'vitest'
import { mulberry32 as rng } from '../../src/sandbox/demo/catalogRandom.ts'
import type { NFTokenPage } from '../../src/sandbox/ledger/entries.ts'
import { accountIdHex, keylet, nftPageMask } from '../../src/sandbox/ledger/keylets.ts'
import type { TxMeta } from '../../src/sandbox/ledger/meta.ts'
import {
  compareTokenIds,
  findToken,
  insertToken,
  locatePage,
  removeToken,
} from '../../src/sandbox/ledger/nftokenPages.ts'
import { ApplyView } from '../../src/sandbox/ledger/view.ts'
import { SandboxState, XRP, walletFor } from '../helpers/sandboxState.ts'

function shuffle<T>(items: T[], next: () => number): T[] {
  const a = [...items]
  for (let i = a.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1))
    ;[a[i], a[j]] = [a[j]!, a[i]!]
  }
  return a
}

const hex = (n: number, bytes: number) =>
  n
    .toString(16)
    .toUpperCase()
    .padStart(bytes * 2, '0')
/** A token id with chosen high bits and low 96 bits (the page-ordering part). */
const tokenId = (high: number, low: number) => hex(high, 4) + 'AB'.repeat(16) + hex(low, 12)

/** Every structural rule of an owner's pages; returns the pages in order. */
function checkPages(sb: SandboxState, owner: string): Readonly<NFTokenPage>[] {
  const pages = sb.pages(owner)
  const prefix = accountIdHex(owner)
  const stored = [...sb.state.values()].filter(
    (e) => e.LedgerEntryType === 'NFTokenPage' && e.index.startsWith(prefix),
  )
  // Every page of the owner is reachable through the links, and OwnerCount counts pages.
  expect(stored.length).toBe(pages.length)
  expect(sb.account(owner).OwnerCount).toBe(pages.length)
  if (pages.length === 0) return pages
  expect(pages.at(-1)!.index).toBe(keylet.nftPageMax(owner))
  expect(pages[0]!.PreviousPageMin).toBeUndefined()
  expect(pages.at(-1)!.NextPageMin).toBeUndefined()
  const all: string[] = []
  pages.forEach((page, i) => {
    expect(page.NFTokens.length).toBeGreaterThan(0)
    expect(page.NFTokens.length).toBeLessThanOrEqual(32)
    if (i > 0) {
      expect(page.PreviousPageMin).toBe(pages[i - 1]!.index)
      expect(pages[i - 1]!.NextPageMin).toBe(page.index)
      expect(pages[i - 1]!.index < page.index).toBe(true)
    }
    for (const { NFToken } of page.NFTokens) {
      const floor = prefix + nftPageMask(NFToken.NFTokenID)
      // A token lives in the first page keyed above owner ‖ its low 96 bits.
      expect(floor < page.index).toBe(true)
      if (i > 0) expect(pages[i - 1]!.index <= floor).toBe(true)
      all.push(NFToken.NFTokenID)
    }
  })
  expect(all).toEqual([...all].sort(compareTokenIds))
  return pages
}

function apply(sb: SandboxState, change: (view: ApplyView) => void): void {
  const view = new ApplyView(sb.state)
  change(view)
  view.commitTo(sb.state)
}

const metaOf = (m: TxMeta | undefined) => m as unknown as TransactionMetadata

describe('NFTokenPage model', () => {
  it('splits at the 33rd token and merges again on the next burn, with OwnerCount = pages', () => {
    const sb = new SandboxState()
    const alice = walletFor(0)
    sb.fund(alice, 100n * XRP)
    const ids = Array.from({ length: 32 }, () => sb.mint(alice))
    expect(checkPages(sb, alice.classicAddress)).toHaveLength(1)
    ids.push(sb.mint(alice))
    const pages = checkPages(sb, alice.classicAddress)
    expect(pages).toHaveLength(2)
    expect(pages.map((p) => p.NFTokens.length).sort()).toEqual([16, 17])
    sb.ok(alice, { TransactionType: 'NFTokenBurn', NFTokenID: ids[0] })
    expect(checkPages(sb, alice.classicAddress)).toHaveLength(1)
    expect(sb.tokens(alice.classicAddress)).toHaveLength(32)
  })

  it('keeps pages sorted, linked and ≤ 32 through burns of 80 minted tokens', () => {
    const sb = new SandboxState()
    const alice = walletFor(0)
    sb.fund(alice, 100n * XRP)
    const ids = Array.from({ length: 80 }, (_, i) => sb.mint(alice, { NFTokenTaxon: i % 3 }))
    expect(checkPages(sb, alice.classicAddress).length).toBeGreaterThanOrEqual(3)
    for (const id of shuffle(ids, rng(7))) {
      sb.ok(alice, { TransactionType: 'NFTokenBurn', NFTokenID: id })
      checkPages(sb, alice.classicAddress)
    }
    expect(sb.account(alice.classicAddress).OwnerCount).toBe(0)
  })

  it('holds 500 tokens inserted and removed in random order', () => {
    const sb = new SandboxState()
    const owner = sb.fund(walletFor(1), 10n * XRP)
    const next = rng(500)
    // Low 96 bits drawn from a small pool, so some tokens are equivalent (must share a page).
    const pool = Array.from({ length: 350 }, () => Math.floor(next() * 2 ** 40))
    const ids = new Set<string>()
    while (ids.size < 500) {
      ids.add(tokenId(Math.floor(next() * 2 ** 32), pool[Math.floor(next() * pool.length)]!))
    }
    const order = shuffle([...ids], next)
    order.forEach((id, i) => {
      apply(sb, (v) => expect(insertToken(v, owner, { NFTokenID: id })).toBe('tesSUCCESS'))
      if (i % 50 === 49) checkPages(sb, owner)
    })
    expect(checkPages(sb, owner).length).toBeGreaterThanOrEqual(16)
    expect(sb.tokens(owner).map((t) => t.NFTokenID)).toEqual([...ids].sort(compareTokenIds))
    for (const id of order) expect(findToken(sb.view(), owner, id)?.NFTokenID).toBe(id)
    shuffle(order, next).forEach((id, i) => {
      apply(sb, (v) => expect(removeToken(v, owner, id)?.NFTokenID).toBe(id))
      if (i % 25 === 24) checkPages(sb, owner)
    })
    expect(checkPages(sb, owner)).toHaveLength(0)
  })

  it('survives a random mix of inserts and removes', () => {
    const sb = new SandboxState()
    const owner = sb.fund(walletFor(1), 10n * XRP)
    const next = rng(99)
    const held: string[] = []
    for (let step = 0; step < 1500; step++) {
      if (held.length > 0 && next() < 0.45) {
        const [id] = held.splice(Math.floor(next() * held.length), 1)
        apply(sb, (v) => expect(removeToken(v, owner, id!)).toBeDefined())
      } else {
        const id = tokenId(step, Math.floor(next() * 2 ** 20))
        apply(sb, (v) => expect(insertToken(v, owner, { NFTokenID: id })).toBe('tesSUCCESS'))
        held.push(id)
      }
      if (step % 100 === 99) checkPages(sb, owner)
    }
    expect(sb.tokens(owner)).toHaveLength(held.length)
  })

  it('keeps tokens with equal low 96 bits on one page when splitting', () => {
    const sb = new SandboxState()
    const owner = sb.fund(walletFor(1), 10n * XRP)
    // 10 distinct tokens, then 10 equivalent ones (low bits 500), then 12 distinct above them.
    const ids = [
      ...Array.from({ length: 10 }, (_, i) => tokenId(i, 100 + i)),
      ...Array.from({ length: 10 }, (_, i) => tokenId(i, 500)),
      ...Array.from({ length: 12 }, (_, i) => tokenId(i, 900 + i)),
    ]
    for (const id of ids) apply(sb, (v) => insertToken(v, owner, { NFTokenID: id }))
    apply(sb, (v) => insertToken(v, owner, { NFTokenID: tokenId(0, 50) }))
    const pages = checkPages(sb, owner)
    expect(pages).toHaveLength(2)
    const holding = pages.filter((p) =>
      p.NFTokens.some((t) => nftPageMask(t.NFToken.NFTokenID) === hex(500, 12)),
    )
    expect(holding).toHaveLength(1)
  })

  it('refuses a 33rd equivalent token (tecNO_SUITABLE_NFTOKEN_PAGE) and changes nothing', () => {
    const sb = new SandboxState()
    const owner = sb.fund(walletFor(1), 10n * XRP)
    for (let i = 0; i < 32; i++)
      apply(sb, (v) => insertToken(v, owner, { NFTokenID: tokenId(i, 7) }))
    const view = new ApplyView(sb.state)
    expect(insertToken(view, owner, { NFTokenID: tokenId(99, 7) })).toBe(
      'tecNO_SUITABLE_NFTOKEN_PAGE',
    )
    // A token below or above the equivalent group gets a page of its own.
    apply(sb, (v) => expect(insertToken(v, owner, { NFTokenID: tokenId(1, 6) })).toBe('tesSUCCESS'))
    apply(sb, (v) => expect(insertToken(v, owner, { NFTokenID: tokenId(1, 8) })).toBe('tesSUCCESS'))
    expect(checkPages(sb, owner).map((p) => p.NFTokens.length)).toEqual([1, 32, 1])
  })

  it('moves the previous page into an emptied last page (fixNFTokenPageLinks)', () => {
    const sb = new SandboxState()
    const owner = sb.fund(walletFor(1), 10n * XRP)
    const put = (low: number) =>
      apply(sb, (v) => insertToken(v, owner, { NFTokenID: tokenId(1, low) }))
    const take = (low: number) => apply(sb, (v) => removeToken(v, owner, tokenId(1, low)))
    for (let k = 100; k <= 132; k++) put(k) // split: [100..115] | [116..132]
    for (let k = 0; k < 16; k++) put(k) // first page full: 32 | 17
    for (let k = 117; k <= 132; k++) take(k) // 32 | 1: no merge possible
    expect(checkPages(sb, owner).map((p) => p.NFTokens.length)).toEqual([32, 1])
    take(116)
    const pages = checkPages(sb, owner)
    expect(pages.map((p) => p.NFTokens.length)).toEqual([32])
    expect(pages[0]!.index).toBe(keylet.nftPageMax(owner))
  })

  it('locates a token page by walking links from the last page', () => {
    const sb = new SandboxState()
    const owner = sb.fund(walletFor(1), 10n * XRP)
    for (let k = 0; k < 100; k++)
      apply(sb, (v) => insertToken(v, owner, { NFTokenID: tokenId(k, k * 3) }))
    const view = sb.view()
    for (const page of checkPages(sb, owner)) {
      for (const t of page.NFTokens)
        expect(locatePage(view, owner, t.NFToken.NFTokenID)?.index).toBe(page.index)
    }
    expect(findToken(view, owner, tokenId(5, 1))).toBeUndefined()
    expect(findToken(view, walletFor(2).classicAddress, tokenId(0, 0))).toBeUndefined()
  })
})

describe('NFTokenPage metadata', () => {
  it("lets xrpl's getNFTokenID find the minted id: created page, modified page, split", () => {
    const sb = new SandboxState()
    const alice = walletFor(0)
    sb.fund(alice, 100n * XRP)
    const first = sb.ok(alice, { TransactionType: 'NFTokenMint', NFTokenTaxon: 1 })
    const created = first.meta!.AffectedNodes.filter((n) => 'CreatedNode' in n)
    expect(created).toHaveLength(1)
    expect(getNFTokenID(metaOf(first.meta))).toBe(first.meta!.nftoken_id)

    const second = sb.ok(alice, { TransactionType: 'NFTokenMint', NFTokenTaxon: 1, URI: 'ABCD' })
    const modified = second.meta!.AffectedNodes.find(
      (n) => 'ModifiedNode' in n && n.ModifiedNode.LedgerEntryType === 'NFTokenPage',
    )
    expect(modified).toBeDefined()
    expect(getNFTokenID(metaOf(second.meta))).toBe(second.meta!.nftoken_id)
    expect(findToken(sb.view(), alice.classicAddress, second.meta!.nftoken_id!)?.URI).toBe('ABCD')

    for (let i = 2; i < 32; i++) sb.mint(alice)
    const split = sb.ok(alice, { TransactionType: 'NFTokenMint', NFTokenTaxon: 1 })
    const kinds = split.meta!.AffectedNodes.flatMap((n) =>
      'CreatedNode' in n && n.CreatedNode.LedgerEntryType === 'NFTokenPage'
        ? ['created']
        : 'ModifiedNode' in n && n.ModifiedNode.LedgerEntryType === 'NFTokenPage'
          ? ['modified']
          : [],
    )
    expect(kinds.sort()).toEqual(['created', 'modified'])
    expect(getNFTokenID(metaOf(split.meta))).toBe(split.meta!.nftoken_id)
  })
})
