/**
 * A stand-in for a Ledger plugged into the computer, at the WebHID surface `@ledgerhq/hw-transport-
 * webhid` uses: `navigator.hid` (requestDevice filtered on Ledger's vendor id, getDevices, the
 * 'disconnect' event) and a HIDDevice (open, close, sendReport of 64-byte reports with report id 0,
 * 'inputreport' events). The page side does Ledger's HID framing (channel, tag 0x05, sequence
 * numbers, the APDU's length in the first report); the APDUs themselves are answered in Node by the
 * emulated XRP app (tests/helpers/ledgerXrpApp.ts), which signs with a real key.
 */
import type { Page } from '@playwright/test'
import type { Wallet } from 'xrpl'

import { LedgerXrpApp } from '../../helpers/ledgerXrpApp.ts'
import type { LedgerXrpAppOptions } from '../../helpers/ledgerXrpApp.ts'

/** The page's side: a fake `navigator.hid` with one Ledger, framing APDUs to and from Node. */
function fakeWebHid(): void {
  const page = window as unknown as { ledgerStandInApdu(hex: string): Promise<string | null> }
  const hex = (bytes: Uint8Array) =>
    Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
  const bytes = (text: string) => Uint8Array.from(text.match(/../g) ?? [], (h) => parseInt(h, 16))
  const hid = new EventTarget() as EventTarget & Record<string, unknown>
  const granted: unknown[] = []

  class FakeLedger extends EventTarget {
    readonly vendorId = 0x2c97
    readonly productId = 0x5011
    readonly productName = 'Nano S Plus'
    readonly collections = [
      {
        usagePage: 0xffa0,
        usage: 1,
        children: [],
        inputReports: [{ reportId: 0 }],
        outputReports: [{ reportId: 0 }],
        featureReports: [],
      },
    ]
    opened = false
    oninputreport: ((event: Event) => void) | null = null
    private incoming: number[] = []
    private expected = 0
    private channel = 0

    open(): Promise<void> {
      if (this.opened) return Promise.reject(new DOMException('Already open', 'InvalidStateError'))
      this.opened = true
      return Promise.resolve()
    }

    close(): Promise<void> {
      this.opened = false
      return Promise.resolve()
    }

    sendReport(reportId: number, data: BufferSource): Promise<void> {
      if (!this.opened || reportId !== 0)
        return Promise.reject(new DOMException('Failed to write the report.', 'NotAllowedError'))
      const frame = new Uint8Array(data instanceof ArrayBuffer ? data : data.buffer)
      const sequence = (frame[3]! << 8) | frame[4]!
      if (sequence === 0) {
        this.channel = (frame[0]! << 8) | frame[1]!
        this.expected = (frame[5]! << 8) | frame[6]!
        this.incoming = Array.from(frame.subarray(7))
      } else this.incoming.push(...frame.subarray(5))
      if (this.incoming.length >= this.expected) {
        const apdu = Uint8Array.from(this.incoming.slice(0, this.expected))
        void page.ledgerStandInApdu(hex(apdu)).then((answer) => {
          if (answer === null) {
            // Unplugged while the user looked at the transaction: no answer, the device is gone.
            granted.length = 0
            const event = Object.assign(new Event('disconnect'), { device: this })
            hid.dispatchEvent(event)
            return
          }
          this.answer(bytes(answer))
        })
      }
      return Promise.resolve()
    }

    /** Sends the answer back in 64-byte reports: the length first, then the data. */
    private answer(response: Uint8Array): void {
      const payload = [response.length >> 8, response.length & 0xff, ...response]
      for (let sequence = 0, offset = 0; offset < payload.length; sequence++) {
        const buffer = new ArrayBuffer(64)
        const frame = new Uint8Array(buffer)
        frame.set([this.channel >> 8, this.channel & 0xff, 0x05, sequence >> 8, sequence & 0xff])
        const chunk = payload.slice(offset, offset + 59)
        frame.set(chunk, 5)
        offset += chunk.length
        setTimeout(() => {
          const event = Object.assign(new Event('inputreport'), {
            data: new DataView(buffer),
            reportId: 0,
            device: this,
          })
          this.dispatchEvent(event)
          this.oninputreport?.(event)
        }, 0)
      }
    }
  }

  hid.getDevices = () => Promise.resolve([...granted])
  hid.requestDevice = (options: { filters?: { vendorId?: number }[] }) => {
    const device = new FakeLedger()
    if (!options.filters?.some((f) => f.vendorId === device.vendorId)) return Promise.resolve([])
    granted.push(device)
    return Promise.resolve([device])
  }
  Object.defineProperty(Navigator.prototype, 'hid', { get: () => hid, configurable: true })
}

/**
 * Installs the stand-in on a page (before its first navigation): a Ledger whose XRP app holds
 * `key`. Returns the emulated app, to read what the user was shown.
 */
export async function installLedgerStandIn(
  page: Page,
  key: Wallet,
  options: LedgerXrpAppOptions = {},
): Promise<LedgerXrpApp> {
  const app = new LedgerXrpApp(key, options)
  await page.exposeFunction('ledgerStandInApdu', (apduHex: string) => {
    const answer = app.exchange(Buffer.from(apduHex, 'hex'))
    return answer === null ? null : answer.toString('hex')
  })
  await page.addInitScript(fakeWebHid)
  return app
}
