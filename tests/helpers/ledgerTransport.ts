/**
 * A Ledger transport for Node tests: Ledger's own Transport (status words become its errors, as on
 * a real device) whose exchanges reach the emulated XRP app. An unplug mid-review emits the
 * transport's 'disconnect' and leaves the exchange unanswered, as WebHID does.
 */
import Transport from '@ledgerhq/hw-transport'
import Xrp from '@ledgerhq/hw-app-xrp'

import type { LedgerDevice } from '../../src/app/wallets/adapters/ledger.ts'
import type { LedgerXrpApp } from './ledgerXrpApp.ts'

export class EmulatedTransport extends Transport {
  constructor(private readonly app: LedgerXrpApp) {
    super()
  }

  override exchange(apdu: Buffer): Promise<Buffer> {
    const answer = this.app.exchange(apdu)
    if (answer === null) {
      this.emit('disconnect', new Error('The device was unplugged'))
      return new Promise<Buffer>(() => {})
    }
    return Promise.resolve(answer)
  }
}

/** Opens the emulated device: a fresh transport each time (as a device plugged in again). */
export function emulatedDevice(app: LedgerXrpApp): () => Promise<LedgerDevice> {
  return () => {
    const transport = new EmulatedTransport(app)
    return Promise.resolve({ transport, xrp: new Xrp(transport) })
  }
}
