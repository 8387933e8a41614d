import { describe, expect, it } from 'vitest'

import {
  regularKeyOutcome,
  SET_REGULAR_KEY_FAILED,
} from '../../src/app/wallets/regularKey/regularKeyResult.ts'

const HASH = 'A'.repeat(64)

describe("reading GEM Wallet's answer to setRegularKey", () => {
  it('takes the hash of a result', () => {
    expect(regularKeyOutcome({ result: { hash: HASH } })).toEqual({ ok: true, hash: HASH })
  })

  it('takes a txID when there is no hash', () => {
    expect(regularKeyOutcome({ result: { txID: HASH } })).toEqual({ ok: true, hash: HASH })
  })

  it('reports the unknown error when the user rejected (no result) or the result is empty', () => {
    expect(regularKeyOutcome({ result: undefined })).toEqual({
      ok: false,
      error: 'Failed to set regular key - unknown error',
    })
    expect(regularKeyOutcome({ result: { hash: '  ' } })).toEqual({
      ok: false,
      error: SET_REGULAR_KEY_FAILED,
    })
  })

  it('counts an error mentioning txID or hash as a success, the message standing in for the hash', () => {
    const message = `Transaction submitted, txID: ${HASH}`
    expect(regularKeyOutcome({ error: new Error(message) })).toEqual({ ok: true, hash: message })
    expect(regularKeyOutcome({ error: 'see hash 1234' })).toEqual({
      ok: true,
      hash: 'see hash 1234',
    })
  })

  it("shows any other error's message, and the unknown error when there is none", () => {
    expect(regularKeyOutcome({ error: new Error('User rejected the request') })).toEqual({
      ok: false,
      error: 'User rejected the request',
    })
    expect(regularKeyOutcome({ result: { error: 'Network down' } })).toEqual({
      ok: false,
      error: 'Network down',
    })
    expect(regularKeyOutcome({ error: new Error('') })).toEqual({
      ok: false,
      error: SET_REGULAR_KEY_FAILED,
    })
    expect(regularKeyOutcome({ error: 42 })).toEqual({ ok: false, error: SET_REGULAR_KEY_FAILED })
  })
})
