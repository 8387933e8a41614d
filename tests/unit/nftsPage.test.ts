import { describe, expect, it } from 'vitest'

import { buildNFTokenId } from '../../src/sandbox/ledger/nftokenId.ts'
import { isEngineError } from '../../src/shared/errors.ts'
import { readNftPage } from '../../src/worker/ledger/accountNftsPage.ts'

const ACCOUNT = 'rJoxBSzpXhPkNfAnP1TrRTR8VyFo43uSoc'

function nft(serial: number): Record<string, unknown> {
  const fields = { flags: 8, transferFee: 0, issuer: ACCOUNT, taxon: 2, serial }
  return {
    Flags: 8,
    Issuer: ACCOUNT,
    NFTokenID: buildNFTokenId(fields),
    NFTokenTaxon: 2,
    nft_serial: serial,
  }
}

/** A last page as rippled sends it. */
function lastPage(extra: Record<string, unknown> = {}): Record<string, unknown> {
  const hash = 'AB'.repeat(32)
  return {
    account: ACCOUNT,
    account_nfts: [nft(1), nft(2)],
    ledger_hash: hash,
    ledger_index: 17,
    validated: true,
    ...extra,
  }
}

function rejection(run: () => unknown): string {
  try {
    run()
  } catch (error) {
    if (isEngineError(error) && error.code === 'LEDGER_REJECTED') return error.message
    throw error
  }
  throw new Error('expected a rejection')
}

describe('readNftPage', () => {
  it('reads a last page: NFTs, no marker, the ledger index', () => {
    const page = readNftPage(lastPage(), ACCOUNT, null)
    expect(page.nfts.map((n) => n.serial)).toEqual([1, 2])
    expect(page.marker).toBeUndefined()
    expect(page.ledgerIndex).toBe(17)
  })

  it('reads a page that hit the limit: without `account`, with limit and marker', () => {
    const { account: _a, ...rest } = lastPage()
    const marker = buildNFTokenId({
      flags: 8,
      transferFee: 0,
      issuer: ACCOUNT,
      taxon: 2,
      serial: 2,
    })
    const page = readNftPage({ ...rest, limit: 2, marker }, ACCOUNT, 17)
    expect(page.marker).toBe(marker)
    expect(page.nfts).toHaveLength(2)
  })

  it('reads an empty list', () => {
    expect(readNftPage(lastPage({ account_nfts: [] }), ACCOUNT, null).nfts).toEqual([])
  })

  it.each([
    ['no result object', null],
    ['no result object', []],
    ['no account_nfts array', lastPage({ account_nfts: undefined })],
    ['no account_nfts array', lastPage({ account_nfts: { 0: nft(1) } })],
    ['no ledger_index', lastPage({ ledger_index: undefined })],
    ['no ledger_index', lastPage({ ledger_index: '17' })],
    ['no ledger_index', lastPage({ ledger_index: 0 })],
    ['ledger 17 is not validated', lastPage({ validated: false })],
    ['ledger 17 is not validated', lastPage({ validated: undefined })],
    ['the marker is not a string', lastPage({ marker: 5 })],
    ['the marker is not a string', lastPage({ marker: '' })],
    [
      'the list of rrrrrrrrrrrrrrrrrrrrrhoLvTp was sent for ' + ACCOUNT,
      lastPage({ account: 'rrrrrrrrrrrrrrrrrrrrrhoLvTp' }),
    ],
  ])('rejects a reply with %s', (detail, reply) => {
    expect(rejection(() => readNftPage(reply, ACCOUNT, null))).toBe(
      `The ledger server sent a malformed account_nfts reply: ${detail}`,
    )
  })

  it('rejects a page from another ledger than the pinned one', () => {
    expect(rejection(() => readNftPage(lastPage({ ledger_index: 18 }), ACCOUNT, 17))).toMatch(
      /a page of ledger 18 was sent for ledger 17/,
    )
  })

  it('rejects the whole page when one entry contradicts its NFTokenID', () => {
    const bad = { ...nft(2), nft_serial: 3 }
    expect(
      rejection(() => readNftPage(lastPage({ account_nfts: [nft(1), bad] }), ACCOUNT, null)),
    ).toMatch(/contradict its NFTokenID/)
  })
})
