/**
 * When the sandbox writes its state file (SaveChain): automatic saves at most once per interval,
 * never two at once, and a save on demand or on stop waits for the one in progress.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

import { SaveChain } from '../../src/sandbox/ledger/saveChain.ts'

/** A save function that records its calls and finishes only when told to. */
function recorder() {
  const calls: string[] = []
  let running = 0
  let overlapped = false
  const pending: (() => void)[] = []
  const save = (file: string) => {
    calls.push(file)
    running += 1
    if (running > 1) overlapped = true
    return new Promise<void>((resolve) =>
      pending.push(() => {
        running -= 1
        resolve()
      }),
    )
  }
  const finishAll = async () => {
    while (pending.length) {
      pending.shift()!()
      await vi.advanceTimersByTimeAsync(0)
    }
  }
  return { calls, save, finishAll, overlapped: () => overlapped }
}

beforeEach(() => {
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
})

describe('SaveChain', () => {
  it('turns a burst of requests into one save, and the next burst waits for the interval', async () => {
    const r = recorder()
    const chain = new SaveChain(r.save, 'state.json', 2000, () => Date.now())
    for (let i = 0; i < 10; i++) chain.request()
    await vi.advanceTimersByTimeAsync(0)
    expect(r.calls).toEqual(['state.json'])
    await r.finishAll()
    for (let i = 0; i < 10; i++) chain.request()
    await vi.advanceTimersByTimeAsync(1999)
    expect(r.calls).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(r.calls).toHaveLength(2)
    await r.finishAll()
  })

  it('never runs two saves at once: a save on demand waits for the automatic one', async () => {
    const r = recorder()
    const chain = new SaveChain(r.save, 'state.json', 2000, () => Date.now())
    chain.request()
    await vi.advanceTimersByTimeAsync(0)
    const onDemand = chain.saveNow('copy.json')
    await vi.advanceTimersByTimeAsync(0)
    expect(r.calls).toEqual(['state.json'])
    await r.finishAll()
    await onDemand
    expect(r.calls).toEqual(['state.json', 'copy.json'])
    expect(r.overlapped()).toBe(false)
  })

  it('flush replaces a pending automatic save by one now', async () => {
    const r = recorder()
    const chain = new SaveChain(r.save, 'state.json', 2000, () => Date.now())
    chain.request()
    await vi.advanceTimersByTimeAsync(0)
    await r.finishAll()
    chain.request() // scheduled 2 s later
    const flushed = chain.flush()
    await vi.advanceTimersByTimeAsync(0)
    await r.finishAll()
    await flushed
    expect(r.calls).toEqual(['state.json', 'state.json'])
    await vi.advanceTimersByTimeAsync(5000)
    expect(r.calls).toHaveLength(2)
  })

  it('without a state file there are no automatic saves', async () => {
    const r = recorder()
    const chain = new SaveChain(r.save, undefined)
    chain.request()
    await vi.advanceTimersByTimeAsync(10_000)
    await chain.flush()
    expect(r.calls).toEqual([])
  })
})
