import { describe, expect, it } from 'vitest'

import { DIR_PAGE_SIZE, dirEntries } from '../../src/sandbox/ledger/directory.ts'
import type { DirectoryNode, NFTokenOffer } from '../../src/sandbox/ledger/entries.ts'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import { SandboxState, XRP, walletFor } from '../helpers/sandboxState.ts'

const alice = walletFor(0)
const A = alice.classicAddress
const tfTransferable = 8

/** Alice with `n` sell offers, one per NFT; returns the offers' ids in creation order. */
function withOffers(n: number): { sb: SandboxState; offers: string[] } {
  const sb = new SandboxState()
  sb.fund(alice, 100_000n * XRP)
  const offers: string[] = []
  for (let i = 0; i < n; i++) {
    const nft = sb.mint(alice, { Flags: tfTransferable })
    const out = sb.ok(alice, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: nft,
      Amount: '0',
      Flags: 1,
    })
    offers.push(out.meta!.offer_id!)
  }
  return { sb, offers }
}

const root = keylet.ownerDir(A)
const page = (sb: SandboxState, n: bigint) => sb.entry<DirectoryNode>(keylet.dirPage(root, n))
const offer = (sb: SandboxState, id: string) => sb.entry<NFTokenOffer>(id)!

describe('owner directory pages (rippled: 32 entries a page)', () => {
  it('fills the root, then links new pages both ways and records each entry’s page', () => {
    const { sb, offers } = withOffers(2 * DIR_PAGE_SIZE + 1)
    expect(page(sb, 0n)!.Indexes).toEqual(offers.slice(0, 32))
    expect(page(sb, 1n)!.Indexes).toEqual(offers.slice(32, 64))
    expect(page(sb, 2n)!.Indexes).toEqual(offers.slice(64))
    expect(page(sb, 0n)).toMatchObject({ IndexNext: '1', IndexPrevious: '2' })
    expect(page(sb, 1n)).toMatchObject({ IndexNext: '2', RootIndex: root, Owner: A })
    expect(page(sb, 1n)!.IndexPrevious).toBeUndefined()
    expect(page(sb, 2n)).toMatchObject({ IndexPrevious: '1' })
    expect(page(sb, 2n)!.IndexNext).toBeUndefined()
    expect(offer(sb, offers[0]!).OwnerNode).toBe('0')
    expect(offer(sb, offers[40]!).OwnerNode).toBe('1')
    expect(offer(sb, offers[64]!).OwnerNode).toBe('2')
    expect(dirEntries(sb.view(), root)).toEqual(offers)
  })

  it('deletes an emptied middle page, relinks its neighbours and keeps the rest in order', () => {
    const { sb, offers } = withOffers(2 * DIR_PAGE_SIZE + 1)
    const middle = offers.slice(32, 64)
    for (let i = 0; i < middle.length; i += 8) {
      const out = sb.submit(alice, {
        TransactionType: 'NFTokenCancelOffer',
        NFTokenOffers: middle.slice(i, i + 8),
      })
      expect(out.result).toBe('tesSUCCESS')
    }
    expect(page(sb, 1n)).toBeUndefined()
    expect(page(sb, 0n)).toMatchObject({ IndexNext: '2', IndexPrevious: '2' })
    expect(page(sb, 2n)!.IndexPrevious).toBeUndefined()
    expect(dirEntries(sb.view(), root)).toEqual([...offers.slice(0, 32), offers[64]])
    // 33 offers left, and the NFTs' 3 pages.
    expect(sb.account(A).OwnerCount).toBe(33 + sb.pages(A).length)
  })

  it('keeps an emptied root while later pages hold entries, and deletes it with the last entry', () => {
    const { sb, offers } = withOffers(DIR_PAGE_SIZE + 1)
    const cancel = (ids: string[]) =>
      expect(
        sb.submit(alice, { TransactionType: 'NFTokenCancelOffer', NFTokenOffers: ids }).result,
      ).toBe('tesSUCCESS')
    cancel(offers.slice(0, 32))
    expect(page(sb, 0n)).toMatchObject({ Indexes: [], IndexNext: '1', IndexPrevious: '1' })
    expect(dirEntries(sb.view(), root)).toEqual([offers[32]])
    // New entries go to the last page, as in rippled.
    cancel([offers[32]!])
    expect(page(sb, 1n)).toBeUndefined()
    expect(page(sb, 0n)).toBeUndefined()
    expect(sb.account(A).OwnerCount).toBe(sb.pages(A).length)
  })
})
