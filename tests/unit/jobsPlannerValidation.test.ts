/**
 * validateJobRequest: a request from the UI is checked field by field, rejected with a message fit to
 * show, and returned as a clean copy.
 */
import { describe, expect, it } from 'vitest'

import { isEngineError } from '../../src/shared/errors.ts'
import { validateJobRequest } from '../../src/worker/jobKinds.ts'

const ADDRESS_A = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
const ADDRESS_B = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe'
const NFT_1 = '000800006203F49C21D5D6E022CB16DE3538F248662FC73C00000001A1B2C3D4'
const NFT_2 = '000800006203F49C21D5D6E022CB16DE3538F248662FC73C00000002A1B2C3D4'
const OFFER_1 = 'A'.repeat(64)

/** The VALIDATION message validateJobRequest throws for `request`. */
function rejection(request: unknown): string {
  try {
    validateJobRequest(request)
  } catch (error) {
    if (isEngineError(error) && error.code === 'VALIDATION') return error.message
    throw error
  }
  throw new Error('expected a VALIDATION error')
}

function airdrop(patch: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    kind: 'airdrop',
    distribution: [{ address: ADDRESS_A, count: 1 }],
    nftIds: [NFT_1],
    randomize: true,
    ...patch,
  }
}

describe('validateJobRequest: the request as a whole', () => {
  it.each([null, undefined, 'airdrop', 42, [airdrop()]])('rejects %j as malformed', (request) => {
    expect(rejection(request)).toBe('The job request is malformed')
  })

  it('rejects an unknown kind, naming it', () => {
    expect(rejection({ kind: 'teleport' })).toBe('Unknown job kind: "teleport"')
    expect(rejection({})).toBe('Unknown job kind: (missing)')
  })
})

describe('validateJobRequest: airdrop', () => {
  it('returns a clean copy: ids upper-cased, addresses trimmed, unknown fields dropped', () => {
    const request = airdrop({
      distribution: [
        { address: ` ${ADDRESS_A} `, count: 2, extra: 'x' },
        { address: ADDRESS_B, count: 1 },
      ],
      nftIds: [NFT_1.toLowerCase(), NFT_2],
      randomize: false,
      extra: true,
    })

    expect(validateJobRequest(request)).toEqual({
      kind: 'airdrop',
      distribution: [
        { address: ADDRESS_A, count: 2 },
        { address: ADDRESS_B, count: 1 },
      ],
      nftIds: [NFT_1, NFT_2],
      randomize: false,
    })
  })

  it("asks for a CSV file when there is no distribution (the spec's message)", () => {
    expect(rejection(airdrop({ distribution: [] }))).toBe('Please upload a CSV file first')
    expect(rejection(airdrop({ distribution: undefined }))).toBe('Please upload a CSV file first')
  })

  it("asks for NFTs when none are selected (the spec's message)", () => {
    expect(rejection(airdrop({ nftIds: [] }))).toBe('Please select NFTs to distribute')
    expect(rejection(airdrop({ nftIds: undefined }))).toBe('Please select NFTs to distribute')
  })

  it('rejects lists that are not arrays', () => {
    expect(rejection(airdrop({ distribution: 'a,b' }))).toBe(
      'The job request is malformed: distribution is not a list',
    )
    expect(rejection(airdrop({ nftIds: { 0: NFT_1 } }))).toBe(
      'The job request is malformed: nftIds is not a list',
    )
  })

  it('names the row of an invalid address', () => {
    const distribution = [
      { address: ADDRESS_A, count: 1 },
      { address: 'rNotAnAddress', count: 1 },
    ]
    expect(rejection(airdrop({ distribution }))).toBe(
      'Distribution row 2: "rNotAnAddress" is not a valid XRP Ledger address',
    )
  })

  it('rejects an X-address, a blank address and a missing one', () => {
    const xAddress = 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi'
    expect(rejection(airdrop({ distribution: [{ address: xAddress, count: 1 }] }))).toBe(
      `Distribution row 1: "${xAddress.slice(0, 40)}..." is not a valid XRP Ledger address`,
    )
    expect(rejection(airdrop({ distribution: [{ address: '  ', count: 1 }] }))).toBe(
      'Distribution row 1: (empty) is not a valid XRP Ledger address',
    )
    expect(rejection(airdrop({ distribution: [{ count: 1 }] }))).toBe(
      'Distribution row 1: (missing) is not a valid XRP Ledger address',
    )
  })

  it('rejects a row that is not an object', () => {
    expect(rejection(airdrop({ distribution: [ADDRESS_A] }))).toBe(
      'Distribution row 1 is malformed',
    )
  })

  it('rejects a hole in a sparse list as a missing row', () => {
    const distribution: unknown[] = []
    distribution[1] = { address: ADDRESS_A, count: 1 }
    expect(rejection(airdrop({ distribution }))).toBe('Distribution row 1 is malformed')
  })

  it.each([0, -1, 1.5, '2', Number.NaN, null])('rejects nft_amount %j, naming the row', (count) => {
    expect(rejection(airdrop({ distribution: [{ address: ADDRESS_A, count }] }))).toBe(
      `Distribution row 1 (${ADDRESS_A}): nft_amount must be a whole number of at least 1`,
    )
  })

  it('accepts nft_amount 1000 and rejects 1001', () => {
    const ok = airdrop({ distribution: [{ address: ADDRESS_A, count: 1000 }] })
    expect(validateJobRequest(ok)).toMatchObject({ distribution: [{ count: 1000 }] })
    expect(rejection(airdrop({ distribution: [{ address: ADDRESS_A, count: 1001 }] }))).toBe(
      `Distribution row 1 (${ADDRESS_A}): nft_amount may be at most 1000`,
    )
  })

  it('names the selected NFT whose id is not 64 hex digits', () => {
    expect(rejection(airdrop({ nftIds: [NFT_1, NFT_1.slice(1)] }))).toBe(
      `Selected NFT 2: "${NFT_1.slice(1, 41)}..." is not a valid NFT id (64 hexadecimal characters)`,
    )
    expect(rejection(airdrop({ nftIds: [`${NFT_1.slice(1)}G`] }))).toMatch(/^Selected NFT 1: /)
    expect(rejection(airdrop({ nftIds: [7] }))).toBe(
      'Selected NFT 1: (number) is not a valid NFT id (64 hexadecimal characters)',
    )
  })

  it('requires randomize to be a boolean', () => {
    expect(rejection(airdrop({ randomize: 'yes' }))).toBe(
      'The job request is malformed: randomize must be true or false',
    )
    expect(rejection(airdrop({ randomize: undefined }))).toBe(
      'The job request is malformed: randomize must be true or false',
    )
  })

  it('accepts 100,000 NFTs and rejects 100,001; the same for rows', () => {
    const ids = Array.from({ length: 100_000 }, () => NFT_1)
    expect(validateJobRequest(airdrop({ nftIds: ids }))).toMatchObject({ kind: 'airdrop' })
    expect(rejection(airdrop({ nftIds: [...ids, NFT_2] }))).toBe(
      'Too many NFTs: a job holds at most 100,000 (got 100001)',
    )
    const rows = Array.from({ length: 100_001 }, () => ({ address: ADDRESS_A, count: 1 }))
    expect(rejection(airdrop({ distribution: rows }))).toBe(
      'Too many recipients: a job holds at most 100,000 (got 100001)',
    )
  })
})

describe('validateJobRequest: list', () => {
  it('returns clean offers: price normalised, optional fields only when given', () => {
    const request = {
      kind: 'list',
      offers: [
        { nftId: NFT_1.toLowerCase(), amountDrops: ' 1500000 ' },
        { nftId: NFT_2, amountDrops: '0', destination: ADDRESS_B, expiration: 800_000_000 },
        { nftId: NFT_2, amountDrops: '007' },
      ],
    }
    expect(validateJobRequest(request)).toEqual({
      kind: 'list',
      offers: [
        { nftId: NFT_1, amountDrops: '1500000' },
        { nftId: NFT_2, amountDrops: '0', destination: ADDRESS_B, expiration: 800_000_000 },
        { nftId: NFT_2, amountDrops: '7' },
      ],
    })
  })

  it("asks for NFTs when there are no offers (the spec's message)", () => {
    expect(rejection({ kind: 'list', offers: [] })).toBe('Please select NFTs to create offers for')
  })

  it.each(['1.5', '-1', '', '1e6', 'abc', 1_000_000, '100000000000000001'])(
    'rejects the price %j, naming the offer',
    (amountDrops) => {
      const request = { kind: 'list', offers: [{ nftId: NFT_1, amountDrops }] }
      expect(rejection(request)).toMatch(/^Offer 1: the price .* is not a whole number of drops$/)
    },
  )

  it('accepts all the XRP there is (10^17 drops) as a price', () => {
    const request = { kind: 'list', offers: [{ nftId: NFT_1, amountDrops: '100000000000000000' }] }
    expect(validateJobRequest(request)).toMatchObject({
      offers: [{ amountDrops: '1' + '0'.repeat(17) }],
    })
  })

  it('rejects a bad destination and a bad expiration, naming the offer', () => {
    const offer = { nftId: NFT_1, amountDrops: '1' }
    expect(rejection({ kind: 'list', offers: [offer, { ...offer, destination: 'r1' }] })).toBe(
      'Offer 2 destination: "r1" is not a valid XRP Ledger address',
    )
    for (const expiration of [0, -5, 1.5, '100', 2 ** 32]) {
      expect(rejection({ kind: 'list', offers: [{ ...offer, expiration }] })).toBe(
        'Offer 1: the expiration must be a time in whole seconds',
      )
    }
  })

  it('rejects a bad NFT id and a malformed offer', () => {
    expect(rejection({ kind: 'list', offers: [{ nftId: 'x', amountDrops: '1' }] })).toBe(
      'Offer 1: "x" is not a valid NFT id (64 hexadecimal characters)',
    )
    expect(rejection({ kind: 'list', offers: [null] })).toBe('Offer 1 is malformed')
  })
})

describe("validateJobRequest: a listing's 'List again', strategy and seed", () => {
  const offer = { nftId: NFT_1, amountDrops: '1' }

  it('keeps the offers an NFT replaces (ids upper-cased) and the strategy and seed', () => {
    const request = {
      kind: 'list',
      offers: [
        { ...offer, replaces: [OFFER_1.toLowerCase()] },
        { ...offer, replaces: [] },
      ],
      strategy: 'random',
      seed: 'ABCDEF0123456789ABCDEF0123456789',
    }
    expect(validateJobRequest(request)).toEqual({
      kind: 'list',
      offers: [{ ...offer, replaces: [OFFER_1] }, offer],
      strategy: 'random',
      seed: 'abcdef0123456789abcdef0123456789',
    })
  })

  it('rejects a replaced offer that is not an offer id, an unknown strategy and a bad seed', () => {
    expect(rejection({ kind: 'list', offers: [{ ...offer, replaces: ['x'] }] })).toBe(
      'Offer 1 replaces an offer that: "x" is not a valid offer id (64 hexadecimal characters)',
    )
    expect(rejection({ kind: 'list', offers: [{ ...offer, replaces: OFFER_1 }] })).toBe(
      'Offer 1: the offers it replaces are not a list',
    )
    expect(rejection({ kind: 'list', offers: [offer], strategy: 'rarity' })).toBe(
      'Unknown pricing strategy: "rarity"',
    )
    expect(rejection({ kind: 'list', offers: [offer], seed: 'nope' })).toBe(
      'The price seed must be 32 hexadecimal digits (0-9, a-f), got "nope"',
    )
  })
})

describe('validateJobRequest: burn and cancel', () => {
  it("asks for NFTs to burn (the spec's message) and checks their ids", () => {
    expect(rejection({ kind: 'burn', nftIds: [] })).toBe('Please select NFTs to burn')
    expect(rejection({ kind: 'burn' })).toBe('Please select NFTs to burn')
    expect(rejection({ kind: 'burn', nftIds: [NFT_1, 'zz'] })).toBe(
      'Selected NFT 2: "zz" is not a valid NFT id (64 hexadecimal characters)',
    )
    expect(validateJobRequest({ kind: 'burn', nftIds: [NFT_2.toLowerCase()] })).toEqual({
      kind: 'burn',
      nftIds: [NFT_2],
    })
  })

  it('asks for offers to cancel and checks their ids', () => {
    expect(rejection({ kind: 'cancel', offerIds: [] })).toBe('Please select offers to cancel')
    expect(rejection({ kind: 'cancel', offerIds: [OFFER_1, 'B'.repeat(63)] })).toBe(
      `Offer 2: "${'B'.repeat(40)}..." is not a valid offer id (64 hexadecimal characters)`,
    )
    expect(validateJobRequest({ kind: 'cancel', offerIds: ['a'.repeat(64)] })).toEqual({
      kind: 'cancel',
      offerIds: [OFFER_1],
    })
    const many = Array.from({ length: 100_001 }, () => OFFER_1)
    expect(rejection({ kind: 'cancel', offerIds: many })).toBe(
      'Too many offers: a job holds at most 100,000 (got 100001)',
    )
  })
})

describe('validateJobRequest: a cancellation’s purpose and an acceptance', () => {
  it('keeps a known cancellation purpose and refuses an unknown one', () => {
    expect(
      validateJobRequest({ kind: 'cancel', offerIds: [OFFER_1], purpose: 'duplicates' }),
    ).toEqual({ kind: 'cancel', offerIds: [OFFER_1], purpose: 'duplicates' })
    expect(rejection({ kind: 'cancel', offerIds: [OFFER_1], purpose: 'everything' })).toBe(
      'Unknown cancellation: "everything"',
    )
  })

  const BIDDER = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
  const confirmed = {
    amount: { kind: 'xrp', drops: '4000000' },
    bidder: BIDDER,
    destination: null,
    expiresAt: null,
  }

  it('checks the bid and the NFT of an acceptance, upper-casing both', () => {
    expect(
      validateJobRequest({
        kind: 'accept',
        offerId: 'a'.repeat(64),
        nftId: NFT_1.toLowerCase(),
        confirmed,
      }),
    ).toEqual({ kind: 'accept', offerId: OFFER_1, nftId: NFT_1, confirmed })
    expect(rejection({ kind: 'accept', offerId: 'xyz', nftId: NFT_1, confirmed })).toBe(
      'The bid: "xyz" is not a valid offer id (64 hexadecimal characters)',
    )
    expect(rejection({ kind: 'accept', offerId: OFFER_1, confirmed })).toBe(
      'The NFT: (missing) is not a valid NFT id (64 hexadecimal characters)',
    )
  })

  it('requires the terms the user confirmed, each checked', () => {
    const base = { kind: 'accept', offerId: OFFER_1, nftId: NFT_1 }
    expect(rejection(base)).toBe('The bid you confirmed is missing: read the bids again')
    expect(rejection({ ...base, confirmed: { ...confirmed, bidder: 'rNope' } })).toBe(
      'The bid you confirmed: the bidder: "rNope" is not a valid XRP Ledger address',
    )
    expect(
      rejection({ ...base, confirmed: { ...confirmed, amount: { kind: 'xrp', drops: '1.5' } } }),
    ).toBe('The bid you confirmed: the price "1.5" is not a whole number of drops')
    expect(rejection({ ...base, confirmed: { ...confirmed, expiresAt: 1_700_000_000_500 } })).toBe(
      'The bid you confirmed: the expiration is malformed',
    )
    const token = {
      kind: 'issued',
      currency: '5852500000000000000000000000000000000000',
      issuer: BIDDER,
      value: '1000',
    }
    // A token amount is kept with its code as people read it; acceptToken only when true.
    expect(
      validateJobRequest({
        ...base,
        confirmed: { ...confirmed, amount: token },
        acceptToken: true,
      }),
    ).toEqual({
      ...base,
      confirmed: { ...confirmed, amount: { ...token, code: 'XRP' } },
      acceptToken: true,
    })
    expect(
      rejection({ ...base, confirmed: { ...confirmed, amount: { ...token, issuer: 'x' } } }),
    ).toBe('The bid you confirmed: the token\'s issuer: "x" is not a valid XRP Ledger address')
  })
})
