import { describe, expect, it } from 'vitest'

import type { Intent } from '../../src/db/types/jobItems.ts'
import { INTENT_TYPES } from '../../src/worker/jobKinds.ts'
import { resultMessage } from '../../src/worker/ledger/resultMessages.ts'

/** Every result a bulk NFT job can meet, and the engine's own outcomes. */
const CODES = [
  'tesSUCCESS',
  'tecNO_DST',
  'tecNO_PERMISSION',
  'tecINSUFFICIENT_RESERVE',
  'tecNO_ENTRY',
  'tecEXPIRED',
  'tecOBJECT_NOT_FOUND',
  'tecUNFUNDED_OFFER',
  'tecINSUFF_FEE',
  'tecNO_SUITABLE_NFTOKEN_PAGE',
  'tecMAX_SEQUENCE_REACHED',
  'tefNFTOKEN_IS_NOT_TRANSFERABLE',
  'tefBAD_AUTH',
  'tefMASTER_DISABLED',
  'tefPAST_SEQ',
  'tefMAX_LEDGER',
  'terQUEUED',
  'terPRE_SEQ',
  'terINSUF_FEE_B',
  'telCAN_NOT_QUEUE',
  'telCAN_NOT_QUEUE_BALANCE',
  'telCAN_NOT_QUEUE_BLOCKS',
  'telCAN_NOT_QUEUE_BLOCKED',
  'telCAN_NOT_QUEUE_FEE',
  'telCAN_NOT_QUEUE_FULL',
  'telINSUF_FEE_P',
  'temMALFORMED',
  'temBAD_AMOUNT',
  'temBAD_EXPIRATION',
  'temDISABLED',
  'temBAD_FEE',
  'dead',
  'skipped',
  'cancelled',
]
const TYPES: Intent['type'][] = ['offer', 'burn', 'cancel', 'accept', 'removeRegularKey']
const CONTEXTS: (Intent['type'] | undefined)[] = [undefined, ...TYPES]

/** The sentence for a result, in the words of an intent type's transaction when one is named. */
function sentence(code: string, type?: string): string {
  return type === undefined ? resultMessage(code) : INTENT_TYPES.resultMessage(code, type)
}

/** A sentence for a person: capitalised, ends with a full stop, no result-code jargon. */
function expectPlainSentence(message: string): void {
  expect(message).toMatch(/^[A-Z].*\.$/s)
  expect(message).not.toMatch(/\b(?:tes|tec|tef|ter|tel|tem)[A-Z_]+/)
  expect(message).not.toMatch(/undefined|null/)
}

describe('resultMessage', () => {
  it.each(CODES)('describes %s in plain words, with or without a context', (code) => {
    for (const context of CONTEXTS) expectPlainSentence(sentence(code, context))
  })

  it('gives each code its own sentence', () => {
    const messages = CODES.map((code) => resultMessage(code))
    expect(new Set(messages).size).toBe(CODES.length)
  })

  it.each<[string, Intent['type'] | undefined, string]>([
    ['tecNO_DST', undefined, "The recipient's account does not exist on this network."],
    ['tecNO_DST', 'offer', "The recipient's account does not exist on this network."],
    [
      'tecNO_PERMISSION',
      'offer',
      'The recipient does not accept NFT offers (their account blocks incoming offers).',
    ],
    ['tecNO_PERMISSION', 'burn', 'Your account is not allowed to burn this NFT.'],
    [
      'tecNO_PERMISSION',
      'cancel',
      'At least one of these offers is not yours to cancel (only its owner or its recipient may), so none were cancelled.',
    ],
    ['tecNO_PERMISSION', undefined, 'Your account is not allowed to do this.'],
    ['tesSUCCESS', 'offer', 'The offer was created.'],
    ['tesSUCCESS', 'burn', 'The NFT was burned.'],
    ['tesSUCCESS', 'cancel', 'The offers were cancelled.'],
    ['tesSUCCESS', undefined, 'Done: the network confirmed it.'],
    [
      'tefNFTOKEN_IS_NOT_TRANSFERABLE',
      'offer',
      'This NFT cannot be transferred: its issuer made it non-transferable, so only the issuer may receive it.',
    ],
    [
      'tefMASTER_DISABLED',
      undefined,
      "This account's master key is disabled: connect with its regular key.",
    ],
    [
      'dead',
      'offer',
      'The transaction expired before the network included it; nothing was changed.',
    ],
    ['cancelled', 'burn', 'Not burned: the job was cancelled before this NFT was signed for.'],
    ['skipped', undefined, 'Skipped: this item was left out of the job, so nothing was sent.'],
    ['telCAN_NOT_QUEUE_FULL', undefined, 'The network is busy and its transaction queue is full.'],
  ])('says what %s means (context %s)', (code, context, message) => {
    expect(sentence(code, context)).toBe(message)
  })

  it.each<[string, string]>([
    ['tecNO_PERMISSION', 'offer'],
    ['tecNO_ENTRY', 'burn'],
    ['tecINSUFFICIENT_RESERVE', 'offer'],
    ['temMALFORMED', 'cancel'],
    ['tecEXPIRED', 'accept'],
    ['cancelled', 'removeRegularKey'],
  ])('tailors %s to a %s', (code, context) => {
    expect(sentence(code, context)).not.toBe(sentence(code))
  })

  it.each<[string, string]>([
    [
      'tecNFTOKEN_BUY_SELL_MISMATCH',
      'The network did not carry this out (result tecNFTOKEN_BUY_SELL_MISMATCH); the network fee was charged.',
    ],
    [
      'temBAD_SIGNATURE',
      'The network rejected the transaction as invalid (result temBAD_SIGNATURE); nothing was changed.',
    ],
    [
      'tefALREADY',
      'The network rejected the transaction (result tefALREADY); nothing was changed.',
    ],
    [
      'telWRONG_NETWORK',
      'The server in use did not accept the transaction (result telWRONG_NETWORK).',
    ],
    ['terNO_ACCOUNT', 'The transaction could not apply yet (result terNO_ACCOUNT).'],
    [
      'telCAN_NOT_QUEUE_SOMETHING_NEW',
      'The network is busy and did not accept the transaction into its queue (result telCAN_NOT_QUEUE_SOMETHING_NEW).',
    ],
    ['mystery', 'The network returned result mystery.'],
    ['constructor', 'The network returned result constructor.'],
    ['__proto__', 'The network returned result __proto__.'],
    ['', 'The network returned no result.'],
    ['bad\ncode', 'The network returned result bad?code.'],
    [`x${'Y'.repeat(100)}`, `The network returned result x${'Y'.repeat(39)}….`],
  ])('names an unknown code %j in a generic sentence', (code, message) => {
    expect(resultMessage(code)).toBe(message)
    expect(INTENT_TYPES.resultMessage(code, 'offer')).toBe(message)
  })

  it("words each registered transaction's success in its own words", () => {
    const successes = TYPES.map((type) => sentence('tesSUCCESS', type))
    expect(new Set(successes).size).toBe(TYPES.length)
    expect(successes).not.toContain(sentence('tesSUCCESS'))
  })

  it('gives an intent type nobody registered the sentence every transaction shares', () => {
    expect(sentence('tecNO_PERMISSION', 'teleport')).toBe('Your account is not allowed to do this.')
  })
})
