import { describe, expect, it } from 'vitest'

import { MemoryLocks, accountLockName } from '../../src/worker/jobs/run/accountLocks.ts'

const NAME = accountLockName('sandbox', 'rAccount')

/** Whether a promise has settled after the pending microtasks ran. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false
  void promise.then(
    () => (done = true),
    () => (done = true),
  )
  await new Promise((r) => setTimeout(r, 0))
  return done
}

describe('in-process account locks (Web Locks semantics)', () => {
  it('names a lock by network and account', () => {
    expect(accountLockName('mainnet', 'rA')).not.toBe(accountLockName('testnet', 'rA'))
    expect(accountLockName('mainnet', 'rA')).not.toBe(accountLockName('mainnet', 'rB'))
  })

  it('holds one holder at a time and grants waiters in request order', async () => {
    const locks = new MemoryLocks()
    const signal = new AbortController().signal
    const first = await locks.acquire(NAME, signal)
    const second = locks.acquire(NAME, signal)
    const third = locks.acquire(NAME, signal)
    expect(await settled(second)).toBe(false)
    expect(locks.waiters(NAME)).toBe(2)
    first.release()
    const held = await second
    expect(await settled(third)).toBe(false)
    held.release()
    ;(await third).release()
    expect(locks.isHeld(NAME)).toBe(false)
  })

  it('gives up a wait when aborted, and a release twice does nothing more', async () => {
    const locks = new MemoryLocks()
    const first = await locks.acquire(NAME, new AbortController().signal)
    const aborter = new AbortController()
    const waiting = locks.acquire(NAME, aborter.signal)
    aborter.abort()
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' })
    expect(locks.waiters(NAME)).toBe(0)
    first.release()
    first.release()
    expect(locks.isHeld(NAME)).toBe(false)
    await expect(locks.acquire(NAME, aborter.signal)).rejects.toMatchObject({ name: 'AbortError' })
  })

  it('a stolen lock goes to the next waiter; the old holder releases nothing of it', async () => {
    const locks = new MemoryLocks()
    const signal = new AbortController().signal
    const stale = await locks.acquire(NAME, signal)
    const next = locks.acquire(NAME, signal)
    locks.steal(NAME)
    const successor = await next
    stale.release()
    expect(locks.isHeld(NAME)).toBe(true)
    const after = locks.acquire(NAME, signal)
    expect(await settled(after)).toBe(false)
    successor.release()
    ;(await after).release()
  })
})
