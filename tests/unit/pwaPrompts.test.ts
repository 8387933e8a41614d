import { describe, expect, it } from 'vitest'

import { updateNotice } from '../../src/app/pwa/updateText.ts'
import { isIosBrowser } from '../../src/app/state/install.ts'
import { ledgerState, reachText, readBlock, signBlock } from '../../src/app/state/blockReasons.ts'

describe('the update prompt', () => {
  it('offers Reload when no job is under way', () => {
    expect(updateNotice(0)).toEqual({
      text: 'Update available. Reload to use the new version.',
      canReload: true,
    })
  })

  it('holds the reload back while a job runs, and says why and until when', () => {
    const notice = updateNotice(2)
    expect(notice.canReload).toBe(false)
    expect(notice.text).toContain('waits for the running job')
    expect(notice.text).toContain('as soon as the job ends or you pause it')
  })
})

describe('the install hint', () => {
  const iphone =
    'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1'
  const ipad =
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 Version/18.0 Safari/605.1.15'
  const pixel =
    'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 Chrome/130.0 Mobile Safari/537.36'

  it("gives Safari's words on iPhone and iPad (which reports a Mac with touch)", () => {
    expect(isIosBrowser(iphone, 5, false)).toBe(true)
    expect(isIosBrowser(ipad, 5, false)).toBe(true)
  })

  it('stays away once installed, on a Mac without touch, and on Android', () => {
    expect(isIosBrowser(iphone, 5, true)).toBe(false)
    expect(isIosBrowser(ipad, 0, false)).toBe(false)
    expect(isIosBrowser(pixel, 5, false)).toBe(false)
  })
})

describe('why a ledger action is disabled', () => {
  const connected = { state: 'connected', network: 'sandbox', error: null } as const
  const failed = 'Connection failed'
  const wallet = { network: 'sandbox', address: 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh' } as const

  it('says the device is offline when the ledger is not connected and the browser reports no link', () => {
    for (const state of ['offline', 'reconnecting', 'connecting'] as const) {
      const input = {
        deviceOnline: false,
        status: { state, network: 'sandbox', error: failed },
        wallet: { ...wallet, viewOnly: true },
      } as const
      expect(ledgerState(input)).toBe('offline')
      expect(readBlock(input)).toBe('Offline: this device has no network connection')
      expect(signBlock(input)).toBe(
        'Offline: this device has no network connection. Signing needs the ledger',
      )
    }
  })

  it('lets the connection decide: a live ledger is reachable whatever the browser says', () => {
    // A machine whose only link is loopback: navigator.onLine is false, the sandbox answers.
    const input = {
      deviceOnline: false,
      status: connected,
      wallet: { ...wallet, viewOnly: true },
    } as const
    expect(ledgerState(input)).toBe('connected')
    expect(readBlock(input)).toBeNull()
    expect(signBlock(input)).toBe(
      'Connect to act: this account is open read-only. Connect its wallet to sign',
    )
    // The browser says online, the ledger does not answer: the ledger's word.
    expect(
      ledgerState({
        deviceOnline: true,
        status: { state: 'reconnecting', network: 'sandbox', error: failed },
      }),
    ).toBe('reconnecting')
  })

  it('names in the reach banner what is out of reach, and shows none while the ledger answers', () => {
    const down = { state: 'offline', network: 'sandbox', error: failed } as const
    expect(reachText({ deviceOnline: true, status: down })).toBe(
      'The Sandbox ledger cannot be reached: none of its servers answers. What was saved on this device is shown; ledger actions wait until it answers.',
    )
    expect(reachText({ deviceOnline: false, status: down })).toMatch(
      /^This device has no network connection: the Sandbox ledger cannot be reached\./,
    )
    expect(reachText({ deviceOnline: false, status: connected })).toBeNull()
    expect(
      reachText({
        deviceOnline: true,
        status: { state: 'reconnecting', network: 'sandbox', error: failed },
      }),
    ).toBeNull()
  })

  it('shows the time before the first attempt as connecting, with no banner to flash at start', () => {
    // The engine's status before the app's connect reaches it: offline, nothing tried.
    const untried = { state: 'offline', network: 'sandbox', error: null } as const
    expect(ledgerState({ deviceOnline: true, status: untried })).toBe('connecting')
    expect(reachText({ deviceOnline: true, status: untried })).toBeNull()
    expect(readBlock({ deviceOnline: true, status: untried })).toBeNull()
    // The browser reporting no link is still said at once.
    expect(reachText({ deviceOnline: false, status: untried })).toMatch(
      /^This device has no network connection/,
    )
  })

  it('names the network that cannot be reached', () => {
    const input = {
      deviceOnline: true,
      status: { state: 'offline', network: 'sandbox', error: failed },
    } as const
    expect(readBlock(input)).toBe('Offline: the Sandbox network cannot be reached')
  })

  it('asks to connect for an account open read-only, and lets reads through', () => {
    const input = {
      deviceOnline: true,
      status: connected,
      wallet: { ...wallet, viewOnly: true },
    } as const
    expect(readBlock(input)).toBeNull()
    expect(signBlock(input)).toBe(
      'Connect to act: this account is open read-only. Connect its wallet to sign',
    )
  })

  it('blocks nothing for a connected wallet online', () => {
    const signing = {
      ...wallet,
      signing: 'master',
      algorithm: 'ed25519',
      keyAddress: wallet.address,
      restored: false,
    } as const
    expect(signBlock({ deviceOnline: true, status: connected, wallet: signing })).toBeNull()
  })
})
