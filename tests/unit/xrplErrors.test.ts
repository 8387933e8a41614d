import { describe, expect, it } from 'vitest'
import { DisconnectedError, NotConnectedError, RippledError, TimeoutError } from 'xrpl'

import { isConnectionError } from '../../src/worker/ledger/ledgerFollower.ts'
import { refusalOf } from '../../src/worker/ledger/serverAnswers.ts'
import { toEngineError } from '../../src/worker/ledger/toEngineError.ts'

/** An xrpl.js error as the production build makes it: the minifier renamed its class. */
function minified<E extends Error>(error: E): E {
  Object.defineProperty(error, 'name', { value: 'n' })
  return error
}

describe('xrpl.js errors in a minified build', () => {
  it('a closed websocket in flight is a connection loss, which jobs wait out', () => {
    const closed = minified(new DisconnectedError('websocket was closed'))
    expect(isConnectionError(closed)).toBe(true)
    expect(toEngineError(closed).code).toBe('NETWORK')
    expect(isConnectionError(minified(new NotConnectedError('not connected')))).toBe(true)
    expect(toEngineError(minified(new TimeoutError('timed out'))).code).toBe('TIMEOUT')
  })

  it("a server's slowDown is still a refusal to wait out, not a rejection", () => {
    const reply = { error: 'slowDown', status: 'error', type: 'response' }
    const slowDown = minified(new RippledError('You are placing too much load', reply))
    expect(refusalOf(slowDown)).toBe('load')
    expect(toEngineError(slowDown).code).toBe('LEDGER_REJECTED')
  })

  it('an error of another copy of xrpl.js is known by its name; anything else is internal', () => {
    const foreign = Object.assign(new Error('websocket was closed'), { name: 'DisconnectedError' })
    expect(isConnectionError(foreign)).toBe(true)
    const plain = minified(new Error('boom'))
    expect(isConnectionError(plain)).toBe(false)
    expect(toEngineError(plain).code).toBe('INTERNAL')
  })
})
