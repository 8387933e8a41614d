import { expose, wrap } from 'comlink'
import { afterEach, describe, expect, it } from 'vitest'

import { throwHandler } from '../../src/shared/comlink.ts'
import { EngineError, errorMessage, isEngineError } from '../../src/shared/errors.ts'

/** What a caller catches after the handler serialised a thrown value and the copy crossed a port. */
function roundTrip(thrown: unknown): unknown {
  const [wire] = throwHandler.serialize({ value: thrown })
  const copied = structuredClone(wire)
  try {
    throwHandler.deserialize(copied)
  } catch (caught) {
    return caught
  }
  throw new Error('deserialize did not throw')
}

describe('the Comlink throw handler', () => {
  it('keeps an EngineError’s name, message, code and data', () => {
    const caught = roundTrip(new EngineError('TIMEOUT', 'server_info: no answer', { attempts: 3 }))
    expect(isEngineError(caught)).toBe(true)
    expect(caught).toMatchObject({
      name: 'EngineError',
      message: 'server_info: no answer',
      code: 'TIMEOUT',
      data: { attempts: 3 },
    })
  })

  it('rebuilds other errors as Errors with their name and message', () => {
    const caught = roundTrip(new TypeError('bad input'))
    expect(caught).toBeInstanceOf(Error)
    expect(caught).toMatchObject({ name: 'TypeError', message: 'bad input' })
    expect(isEngineError(caught)).toBe(false)
  })

  it('passes thrown non-errors through unchanged', () => {
    expect(roundTrip('plain text')).toBe('plain text')
    expect(roundTrip({ reason: 42 })).toEqual({ reason: 42 })
  })

  it('reduces data that cannot be cloned to text instead of failing the call', () => {
    const caught = roundTrip(new EngineError('INTERNAL', 'oops', { callback: () => 1 }))
    expect(caught).toMatchObject({ code: 'INTERNAL', message: 'oops', data: '[object Object]' })
  })
})

describe('an EngineError thrown behind a real Comlink channel', () => {
  const channels: MessageChannel[] = []
  afterEach(() => {
    for (const channel of channels.splice(0)) {
      channel.port1.close()
      channel.port2.close()
    }
  })

  it('rejects the caller with the same code and data', async () => {
    const channel = new MessageChannel()
    channels.push(channel)
    const service = {
      fail(): void {
        throw new EngineError('NOT_CONNECTED', 'Not connected to the ledger', {
          network: 'sandbox',
        })
      },
    }
    expose(service, channel.port1)
    const remote = wrap<typeof service>(channel.port2)
    const caught: unknown = await remote.fail().then(
      () => null,
      (error: unknown) => error,
    )
    expect(isEngineError(caught)).toBe(true)
    expect(caught).toMatchObject({
      code: 'NOT_CONNECTED',
      message: 'Not connected to the ledger',
      data: { network: 'sandbox' },
    })
  })
})

describe('errorMessage', () => {
  it('uses the error’s message, a thrown string, or the fallback', () => {
    expect(errorMessage(new Error('boom'))).toBe('boom')
    expect(errorMessage('text')).toBe('text')
    expect(errorMessage(undefined, 'Connection failed')).toBe('Connection failed')
  })
})
