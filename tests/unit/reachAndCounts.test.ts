/**
 * What the reach banner says of the metadata gateways, from the fetches of one load, and how the
 * ledger stream moves the footer's offer counts between two readings.
 */
import { describe, expect, it } from 'vitest'

import type { MetadataRow } from '../../src/db/types/metadata.ts'
import { reachText } from '../../src/app/state/blockReasons.ts'
import { GATEWAYS_OUT_AFTER, gatewayMisses } from '../../src/app/state/gatewayReach.ts'
import { countsAfter, countsOfReading } from '../../src/app/state/offerCounts.ts'

const SINCE = 1_000

function row(patch: Partial<MetadataRow>): MetadataRow {
  return { nftId: 'A', status: 'failed', fetchedAt: SINCE, ...patch } as MetadataRow
}

describe('the metadata gateways out of reach', () => {
  const unreached = row({ problem: 'network' })

  it('counts fetches in a row that reached no gateway, and starts over when one answers', () => {
    const misses = gatewayMisses(0, [unreached, row({ problem: 'timeout' }), unreached], SINCE)
    expect(misses).toBe(3)
    // A 404 is an answer: the gateway is there.
    expect(gatewayMisses(misses, [row({ problem: 'http-error' })], SINCE)).toBe(0)
    expect(gatewayMisses(misses, [row({ status: 'loaded' })], SINCE)).toBe(0)
  })

  it('leaves out rows from the cache and NFTs that have nothing to fetch', () => {
    const old = row({ problem: 'network', fetchedAt: SINCE - 1 })
    const nothing = [row({ problem: 'no-uri' }), row({ problem: 'unsupported-uri' })]
    expect(gatewayMisses(2, [old, ...nothing], SINCE)).toBe(2)
  })

  it('names the gateways in the banner while the ledger answers, and the link when it is gone', () => {
    const status = { state: 'connected', network: 'sandbox', error: null } as const
    const misses = gatewayMisses(0, Array<MetadataRow>(GATEWAYS_OUT_AFTER).fill(unreached), SINCE)
    const gatewaysUnreachable = misses >= GATEWAYS_OUT_AFTER
    expect(reachText({ deviceOnline: true, status, gatewaysUnreachable })).toBe(
      'The metadata gateways cannot be reached: NFTs show without their names and pictures until one answers. The ledger works.',
    )
    expect(reachText({ deviceOnline: true, status, gatewaysUnreachable: false })).toBeNull()
    const down = { state: 'offline', network: 'sandbox', error: 'Connection failed' } as const
    expect(reachText({ deviceOnline: false, status: down, gatewaysUnreachable })).toMatch(
      /^This device has no network connection/,
    )
  })
})

describe('the offer counts between two readings', () => {
  const counts = { sell: 10, buy: 1, ledgerIndex: 100 }

  it('moves by the changes of later ledgers only', () => {
    expect(countsAfter(counts, { ledgerIndex: 101, offers: { sell: -2, buy: 1 } })).toEqual({
      sell: 8,
      buy: 2,
      ledgerIndex: 100,
    })
    // The count read at ledger 100 already holds what ledger 100 did.
    expect(countsAfter(counts, { ledgerIndex: 100, offers: { sell: -2, buy: 0 } })).toBeNull()
    expect(countsAfter(counts, { ledgerIndex: 102, offers: { sell: 0, buy: 0 } })).toBeNull()
  })

  it('taken from a saved reading, they say when it was read, and the stream keeps saying so', () => {
    const offer = {} as never
    const saved = countsOfReading({
      sell: [offer, offer, offer],
      bids: [offer],
      ledgerIndex: 90,
      readAt: 1_700_000_000_000,
    })
    expect(saved).toEqual({ sell: 3, buy: 1, ledgerIndex: 90, savedAt: 1_700_000_000_000 })
    expect(countsAfter(saved, { ledgerIndex: 91, offers: { sell: -1, buy: 0 } })).toEqual({
      sell: 2,
      buy: 1,
      ledgerIndex: 90,
      savedAt: 1_700_000_000_000,
    })
  })
})
