/**
 * Bounded fetching with an injected fetch: the size cap enforced on streamed bytes (not on
 * Content-Length), the deadline covering the body, content types, request options, gateway failover
 * rules, and the pool's concurrency.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { GatewayPool } from '../../src/worker/collection/metadata/gatewayPool.ts'
import { fetchDocument } from '../../src/worker/collection/metadata/fetchDocument.ts'
import { fetchText } from '../../src/worker/collection/metadata/fetchText.ts'
import { runPool } from '../../src/worker/ledger/pool.ts'

const LIMITS = { timeoutMs: 200, maxBytes: 1000 }

type Handler = (url: string, init: RequestInit) => Promise<Response>

/** A fetch stand-in that records its calls. */
function fakeFetch(handler: Handler) {
  const calls: { url: string; init: RequestInit }[] = []
  const fn = ((url: string, init: RequestInit) => {
    calls.push({ url, init })
    return handler(url, init)
  }) as typeof fetch
  return { fn, calls }
}

const json = (body: string, headers: Record<string, string> = {}, status = 200) =>
  new Response(body, { status, headers: { 'content-type': 'application/json', ...headers } })

/** A body that never ends, counting how much of it was pulled. */
function endlessStream(pulled: { bytes: number; cancelled: boolean }) {
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      pulled.bytes += 100
      controller.enqueue(new Uint8Array(100).fill(0x20))
    },
    cancel() {
      pulled.cancelled = true
    },
  })
}

/** A promise's outcome once it settles (undefined until then), read without awaiting it. */
function settled<T>(promise: Promise<T>): { outcome?: T } {
  const state: { outcome?: T } = {}
  void promise.then((outcome) => (state.outcome = outcome))
  return state
}

/** A fetch that answers only when aborted (rejecting like the real one). */
const hanging: Handler = (_url, init) =>
  new Promise((_resolve, reject) => {
    init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))
  })

describe('fetchText', () => {
  it('sends no credentials or referrer and follows redirects', async () => {
    const f = fakeFetch(() => Promise.resolve(json('{"name":"x"}')))
    expect(await fetchText('https://a.example/1.json', LIMITS, f.fn)).toEqual({
      ok: true,
      text: '{"name":"x"}',
    })
    expect(f.calls[0]?.init).toMatchObject({
      method: 'GET',
      credentials: 'omit',
      redirect: 'follow',
      referrerPolicy: 'no-referrer',
    })
  })

  it('cuts an endless body at the cap, whatever Content-Length says', async () => {
    const pulled = { bytes: 0, cancelled: false }
    const f = fakeFetch(() =>
      Promise.resolve(
        new Response(endlessStream(pulled), {
          headers: { 'content-type': 'application/json', 'content-length': '10' },
        }),
      ),
    )
    expect(await fetchText('https://a.example/big', LIMITS, f.fn)).toMatchObject({
      ok: false,
      problem: 'too-large',
    })
    expect(pulled.cancelled).toBe(true)
    expect(pulled.bytes).toBeLessThan(LIMITS.maxBytes + 500)
  })

  it('refuses a declared oversize body without reading it', async () => {
    const pulled = { bytes: 0, cancelled: false }
    const f = fakeFetch(() =>
      Promise.resolve(
        new Response(endlessStream(pulled), {
          headers: { 'content-type': 'application/json', 'content-length': '999999' },
        }),
      ),
    )
    const outcome = await fetchText('https://a.example/big', LIMITS, f.fn)
    expect(outcome).toMatchObject({ ok: false, problem: 'too-large' })
    expect(pulled.bytes).toBeLessThanOrEqual(200)
  })

  it('times out while waiting for headers, and while the body trickles', async () => {
    // The deadline is the only clock: fake timers, advanced to it, end each wait (no wall-clock time).
    vi.useFakeTimers()
    try {
      const headers = settled(fetchText('https://slow.example', LIMITS, fakeFetch(hanging).fn))
      await vi.advanceTimersByTimeAsync(LIMITS.timeoutMs - 1)
      expect(headers.outcome).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(headers.outcome).toMatchObject({ ok: false, problem: 'timeout', retryable: true })

      const trickle: Handler = (_url, init) => {
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('{"name":'))
            init.signal?.addEventListener('abort', () =>
              controller.error(new DOMException('aborted', 'AbortError')),
            )
          },
        })
        return Promise.resolve(new Response(body, { headers: { 'content-type': 'text/plain' } }))
      }
      const body = settled(fetchText('https://slow.example', LIMITS, fakeFetch(trickle).fn))
      await vi.advanceTimersByTimeAsync(LIMITS.timeoutMs - 1)
      expect(body.outcome).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(body.outcome).toMatchObject({ ok: false, problem: 'timeout' })
    } finally {
      vi.useRealTimers()
    }
  })

  it.each([
    ['application/json; charset=utf-8', true],
    ['application/ld+json', true],
    ['text/plain', true],
    ['application/octet-stream', true],
    ['', true],
    ['text/html; charset=utf-8', false],
    ['image/svg+xml', false],
    ['application/javascript', false],
  ])('content type %j accepted: %s', async (type, accepted) => {
    const response = new Response('{}', { headers: type ? { 'content-type': type } : {} })
    if (!type) response.headers.delete('content-type')
    const outcome = await fetchText(
      'https://a.example',
      LIMITS,
      fakeFetch(() => Promise.resolve(response)).fn,
    )
    expect(outcome.ok).toBe(accepted)
    if (!outcome.ok) expect(outcome.problem).toBe('not-json')
  })

  it('maps statuses and network errors', async () => {
    const status = (s: number) => fakeFetch(() => Promise.resolve(json('', {}, s))).fn
    expect(await fetchText('u', LIMITS, status(404))).toEqual({
      ok: false,
      problem: 'http-error',
      retryable: false,
      status: 404,
    })
    for (const s of [500, 502, 503, 504, 429, 408]) {
      expect(await fetchText('u', LIMITS, status(s))).toMatchObject({ retryable: true, status: s })
    }
    const refused = fakeFetch(() => Promise.reject(new TypeError('fetch failed'))).fn
    expect(await fetchText('u', LIMITS, refused)).toEqual({
      ok: false,
      problem: 'network',
      retryable: true,
    })
  })
})

describe('fetchDocument: failover', () => {
  const urls = ['https://one.example/d', 'https://two.example/d', 'https://three.example/d']

  it.each([
    ['network error', () => Promise.reject(new TypeError('fetch failed'))],
    ['503', () => Promise.resolve(json('busy', {}, 503))],
    ['429', () => Promise.resolve(json('slow down', {}, 429))],
    ['timeout', hanging],
  ] as [string, Handler][])('moves to the next gateway on %s', async (_, first) => {
    const f = fakeFetch((url, init) =>
      url.startsWith('https://one') ? first(url, init) : Promise.resolve(json('{"name":"n"}')),
    )
    expect(await fetchDocument(urls, LIMITS, new GatewayPool(), f.fn)).toEqual({
      doc: { name: 'n' },
    })
    expect(f.calls.map((c) => c.url)).toEqual(urls.slice(0, 2))
  })

  it.each([
    ['404', () => json('missing', {}, 404), 'http-error'],
    [
      'an image where a document was expected',
      () => json('x', { 'content-type': 'application/pdf' }),
      'not-json',
    ],
    ['not an object', () => json('[1,2]'), 'not-json'],
  ] as [string, () => Response, string][])(
    'stops at a definite answer: %s',
    async (_, answer, problem) => {
      const f = fakeFetch(() => Promise.resolve(answer()))
      expect(await fetchDocument(urls, LIMITS, new GatewayPool(), f.fn)).toEqual({ problem })
      expect(f.calls).toHaveLength(1)
    },
  )

  it('asks the next gateway when one answers with an HTML page (a landing page, a bot check)', async () => {
    const f = fakeFetch(() => Promise.resolve(json('<html>', { 'content-type': 'text/html' })))
    expect(await fetchDocument(urls, LIMITS, new GatewayPool(), f.fn)).toEqual({
      problem: 'not-json',
    })
    expect(f.calls).toHaveLength(3)
  })

  it('reports the last problem when every gateway fails', async () => {
    const f = fakeFetch(() => Promise.resolve(json('', {}, 502)))
    expect(await fetchDocument(urls, LIMITS, new GatewayPool(), f.fn)).toEqual({
      problem: 'http-error',
    })
    expect(f.calls).toHaveLength(3)
  })
})

describe('runPool', () => {
  // Task durations on a fake clock: the order tasks start and end in is exact, not a race.
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const tick = (ms: number) => new Promise((r) => setTimeout(r, ms))

  it('keeps at most N tasks in flight and starts the next as soon as one ends', async () => {
    let running = 0
    let peak = 0
    const started: number[] = []
    const startedAt: number[] = []
    const t0 = Date.now()
    const durations = [50, 5, 5, 5, 5, 5]
    const run = runPool(durations, 2, async (ms, i) => {
      started.push(i)
      startedAt.push(Date.now() - t0)
      running++
      peak = Math.max(peak, running)
      await tick(ms)
      running--
    })
    await vi.runAllTimersAsync()
    await run
    expect(peak).toBe(2)
    expect(started).toEqual([0, 1, 2, 3, 4, 5])
    // On the fake clock: each 5 ms task starts the moment the one before it in its slot ends.
    expect(startedAt).toEqual([0, 0, 5, 10, 15, 20])
  })

  it('does not wait for a slow task before starting others (unlike batches)', async () => {
    const finished: number[] = []
    const run = runPool([60, 1, 1, 1, 1], 2, async (ms, i) => {
      await tick(ms)
      finished.push(i)
    })
    await vi.runAllTimersAsync()
    await run
    // Items 1..4 all finish in the second slot while item 0 is still running.
    expect(finished.at(-1)).toBe(0)
  })

  it('stops starting tasks after an error and rethrows it', async () => {
    const ran: number[] = []
    const run = runPool([1, 2, 3, 4, 5, 6], 2, async (n) => {
      ran.push(n)
      await tick(1)
      if (n === 2) throw new Error('boom')
    })
    const rejected = expect(run).rejects.toThrow('boom')
    await vi.runAllTimersAsync()
    await rejected
    expect(ran.length).toBeLessThan(6)
  })

  it('handles empty input and odd concurrency values', async () => {
    await runPool([], 15, () => Promise.reject(new Error('never')))
    const seen: number[] = []
    await runPool([1, 2, 3], 0, (n) => {
      seen.push(n)
      return Promise.resolve()
    })
    expect(seen).toEqual([1, 2, 3])
  })
})
