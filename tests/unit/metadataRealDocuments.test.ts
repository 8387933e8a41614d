/**
 * The normaliser on documents as real collections publish them (tests/fixtures/realMetadata.ts):
 * each shows the name, collection, picture, video or sound and traits a person would expect.
 */
import { describe, expect, it } from 'vitest'

import { normalizeDocument } from '../../src/worker/collection/metadata/normalize.ts'
import { resolveMediaUrls } from '../../src/worker/collection/metadata/resolveUri.ts'
import { REAL_DOCUMENTS } from '../fixtures/realMetadata.ts'

const GATEWAYS = {
  ipfs: ['https://gw.example', 'https://gw2.example'],
  arweave: ['https://ar.example'],
}

/** A fixture's expected path as the URL the first gateway gives. */
function onGateway(path: string): string {
  if (path.startsWith('ar:/')) return `https://ar.example/${path.slice(4)}`
  return /^https?:/.test(path) ? path : `https://gw.example${path}`
}

describe('real metadata documents', () => {
  it.each(REAL_DOCUMENTS.map((d) => [d.source, d] as const))('%s', (_, { doc, seen }) => {
    const shown = normalizeDocument(doc, (ref) => resolveMediaUrls(ref, GATEWAYS))
    expect(shown.name).toBe(seen.name)
    expect(shown.collection).toBe(seen.collection)
    expect(shown.image).toBe(seen.picture === null ? null : onGateway(seen.picture))
    expect(shown.animation).toEqual(
      seen.animation === null
        ? null
        : {
            kind: seen.animation.kind,
            urls: expect.arrayContaining([onGateway(seen.animation.path)]) as unknown,
          },
    )
    expect(shown.attributes).toHaveLength(seen.traits)
  })

  it('keeps every gateway of a picture for the card to fail over', () => {
    const shown = normalizeDocument(REAL_DOCUMENTS[1]!.doc, (ref) =>
      resolveMediaUrls(ref, GATEWAYS),
    )
    expect(shown.imageUrls).toEqual([
      'https://gw.example/ipfs/bafybeid5gaqiyien2ao2nzlta5p4fdxptty5t7hpbsma4joxzv4s5hvmii/fuzzybear-%23168.png',
      'https://gw2.example/ipfs/bafybeid5gaqiyien2ao2nzlta5p4fdxptty5t7hpbsma4joxzv4s5hvmii/fuzzybear-%23168.png',
    ])
  })

  it('reads a video in `image` as a video, and skips formats a card cannot show', () => {
    const shown = normalizeDocument(
      {
        name: 'x',
        image: 'https://cdn.example/clip.mp4',
        animation_url: 'https://cdn.example/3d.glb',
      },
      (ref) => resolveMediaUrls(ref, GATEWAYS),
    )
    expect(shown.image).toBeNull()
    expect(shown.animation).toEqual({ kind: 'video', urls: ['https://cdn.example/clip.mp4'] })
  })
})
