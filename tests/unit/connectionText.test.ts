import { describe, expect, it } from 'vitest'

import { CONNECTION_LABELS, ledgerText, reserveText } from '../../src/app/shell/connectionText.ts'

describe('the connection indicator’s texts', () => {
  it('names every connection state', () => {
    expect(CONNECTION_LABELS).toEqual({
      connecting: 'Connecting…',
      connected: 'Connected',
      reconnecting: 'Reconnecting…',
      offline: 'Offline',
    })
  })

  it('shows the ledger index once known', () => {
    expect(ledgerText({ ledgerIndex: 123 })).toBe('Ledger #123')
    expect(ledgerText({ ledgerIndex: null })).toBeNull()
  })

  it('shows the reserves once known', () => {
    expect(reserveText({ reserveBaseXrp: 1, reserveIncXrp: 0.2 })).toBe(
      'reserve 1 XRP + 0.2 XRP per object',
    )
    expect(reserveText({ reserveBaseXrp: null, reserveIncXrp: 0.2 })).toBeNull()
  })
})
