import { describe, expect, it } from 'vitest'

import { tabAfterKey } from '../../src/app/ui/tabKeys.ts'

const TABS = ['airdrop', 'orders', 'list', 'burn'] as const

describe('tabAfterKey', () => {
  it('moves to the next and previous tab with the arrow keys, wrapping at the ends', () => {
    expect(tabAfterKey('ArrowRight', TABS, 'airdrop')).toBe('orders')
    expect(tabAfterKey('ArrowDown', TABS, 'list')).toBe('burn')
    expect(tabAfterKey('ArrowRight', TABS, 'burn')).toBe('airdrop')
    expect(tabAfterKey('ArrowLeft', TABS, 'orders')).toBe('airdrop')
    expect(tabAfterKey('ArrowUp', TABS, 'airdrop')).toBe('burn')
  })

  it('jumps to the first and last tab with Home and End', () => {
    expect(tabAfterKey('Home', TABS, 'list')).toBe('airdrop')
    expect(tabAfterKey('End', TABS, 'orders')).toBe('burn')
  })

  it('ignores every other key, and an empty tablist', () => {
    expect(tabAfterKey('Enter', TABS, 'orders')).toBeNull()
    expect(tabAfterKey('a', TABS, 'orders')).toBeNull()
    expect(tabAfterKey('ArrowRight', [], 'orders')).toBeNull()
  })
})
