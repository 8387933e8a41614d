/**
 * A Ledger device with its XRP app, over WebHID (Chromium browsers), through Ledger's official
 * clients `@ledgerhq/hw-app-xrp` and `@ledgerhq/hw-transport-webhid` (loaded on first use, with the
 * `Buffer` they expect). The device holds the key: it shows each transaction and signs it once the
 * user approves it there. The app checks first that the XRP app is open and recent enough (NFT
 * transactions need 2.4.2), then reads the account of the first path.
 *
 * The transport never gives up on an exchange the device does not answer (unplugged mid-review): an
 * unplugged device ends a pending approval here as a closed wallet.
 */
import type { ApprovalAnswer, ApprovalPort, ApprovalRequest } from '../../../worker/api.ts'
import type { ExternalSignIn } from './signIn.ts'

/** The first XRP account of a Ledger (Ledger Live's first account). */
export const LEDGER_PATH = "44'/144'/0'/0/0"
/** The XRP app that signs NFT transactions (2.4.1 cannot read an NFTokenCancelOffer). */
export const MIN_XRP_APP = '2.4.2'

/** The transport's part this module uses (the device end of APDUs). */
export interface DeviceTransport {
  send(cla: number, ins: number, p1: number, p2: number, data?: Uint8Array): Promise<Uint8Array>
  on(event: 'disconnect', listener: () => void): void
  off(event: 'disconnect', listener: () => void): void
}

/** The XRP app's part this module uses (`@ledgerhq/hw-app-xrp`'s Xrp). */
export interface XrpApp {
  getAddress(path: string, display?: boolean): Promise<{ publicKey: string; address: string }>
  signTransaction(path: string, rawTxHex: string, ed25519?: boolean): Promise<string>
}

/** Whether this browser can reach a Ledger (WebHID: Chrome, Edge, Opera on a computer). */
export function ledgerSupported(): boolean {
  return typeof navigator !== 'undefined' && 'hid' in navigator
}

/** A device status word, as the transport's error carries it. */
function statusOf(error: unknown): number | undefined {
  const code = (error as { statusCode?: unknown } | null)?.statusCode
  return typeof code === 'number' ? code : undefined
}

/**
 * What a device error means to the user. The library's own classes are not compared (two copies of
 * them ship): its error's name and status word are.
 */
export function ledgerProblem(error: unknown): { reason: 'refused' | 'closed'; message: string } {
  const status = statusOf(error)
  const name = (error as { name?: unknown } | null)?.name
  if (status === 0x6985) return { reason: 'refused', message: 'you rejected it on your Ledger' }
  if (status === 0x5515 || name === 'LockedDeviceError')
    return { reason: 'closed', message: 'your Ledger is locked: unlock it with your PIN' }
  if (status === 0x6e00 || status === 0x6e01 || status === 0x6d00 || status === 0x6511)
    return { reason: 'closed', message: 'open the XRP app on your Ledger' }
  if (status === 0x6808 || status === 0x6800)
    return { reason: 'closed', message: outdatedMessage() }
  if (status === 0x6700)
    return { reason: 'closed', message: 'this transaction is too large for the Ledger' }
  if (typeof name === 'string' && name.startsWith('Disconnected'))
    return { reason: 'closed', message: 'the Ledger was disconnected' }
  const said = error instanceof Error && error.message ? `: ${error.message.slice(0, 160)}` : ''
  return { reason: 'closed', message: `the Ledger failed${said}` }
}

function outdatedMessage(version?: string): string {
  const installed = version ? ` (this one has ${version})` : ''
  return `update the XRP app on your Ledger to ${MIN_XRP_APP} or later in Ledger Live${installed}: older versions cannot sign NFT transactions`
}

/** Whether version a is older than b (dotted numbers). */
function older(a: string, b: string): boolean {
  const x = a.split('.').map(Number)
  const y = b.split('.').map(Number)
  for (let i = 0; i < 3; i++) if ((x[i] ?? 0) !== (y[i] ?? 0)) return (x[i] ?? 0) < (y[i] ?? 0)
  return false
}

/** The open app's name and version, as the device's OS tells them (`B0 01`). */
async function openApp(transport: DeviceTransport): Promise<{ name: string; version: string }> {
  const r = await transport.send(0xb0, 0x01, 0x00, 0x00)
  const nameLength = r[1] ?? 0
  const name = new TextDecoder().decode(r.subarray(2, 2 + nameLength))
  const versionLength = r[2 + nameLength] ?? 0
  const start = 3 + nameLength
  return { name, version: new TextDecoder().decode(r.subarray(start, start + versionLength)) }
}

/** An open device: its transport and its XRP app. */
export interface LedgerDevice {
  transport: DeviceTransport
  xrp: XrpApp
}

/**
 * Checks the device (the XRP app open, 2.4.2 or later), reads the account and gives the approval
 * port that asks the device for each transaction.
 *
 * @param open - opens the device (again, after it was unplugged: the port asks for it then).
 * @throws Error with a message fit to show.
 */
export async function ledgerSession(open: () => Promise<LedgerDevice>): Promise<ExternalSignIn> {
  const device = await checkedDevice(open)
  try {
    const { publicKey, address } = await device.xrp.getAddress(LEDGER_PATH)
    const port = ledgerApprovals(publicKey, device, () => checkedDevice(open))
    return { address, publicKey: publicKey.toUpperCase(), port }
  } catch (error) {
    throw new Error(capitalized(ledgerProblem(error).message), { cause: error })
  }
}

/** Opens the device and checks that the XRP app is open and recent enough. */
async function checkedDevice(open: () => Promise<LedgerDevice>): Promise<LedgerDevice> {
  const device = await open()
  let app: { name: string; version: string }
  try {
    app = await openApp(device.transport)
  } catch (error) {
    throw new Error(capitalized(ledgerProblem(error).message), { cause: error })
  }
  if (app.name !== 'XRP') throw new Error('Open the XRP app on your Ledger, then connect again')
  if (older(app.version, MIN_XRP_APP)) throw new Error(capitalized(outdatedMessage(app.version)))
  return device
}

function capitalized(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/**
 * The approval port of a Ledger: each prepared transaction is shown on the device and signed there,
 * one after the other; a rejection, a locked or unplugged device stops the window with what was
 * signed before it. After an unplug, the next window opens the device again.
 */
export function ledgerApprovals(
  publicKey: string,
  first: LedgerDevice,
  reopen: () => Promise<LedgerDevice>,
): ApprovalPort {
  const ed25519 = publicKey.toUpperCase().startsWith('ED')
  let current: LedgerDevice | null = first
  return {
    async approve(request: ApprovalRequest): Promise<ApprovalAnswer> {
      // The binary codec alone: the page does not load the rest of xrpl.js for it.
      const { encode } = await import('ripple-binary-codec')
      const signed: string[] = []
      let device: LedgerDevice
      try {
        if (current) device = current
        else {
          device = await reopen()
          // Plugged in again: it must be the same Ledger (the same key), not another one.
          const again = await device.xrp.getAddress(LEDGER_PATH)
          if (again.publicKey.toUpperCase() !== publicKey.toUpperCase()) {
            const message = `this is another Ledger (account ${again.address}): plug in the one of the connected account`
            return { signed, stopped: { reason: 'closed', message } }
          }
          current = device
        }
      } catch (error) {
        const message = error instanceof Error ? error.message : 'the Ledger could not be opened'
        return { signed, stopped: { reason: 'closed', message } }
      }
      let unplugged: () => void = () => {}
      const gone = new Promise<'gone'>((resolve) => {
        unplugged = () => resolve('gone')
      })
      device.transport.on('disconnect', unplugged)
      try {
        for (const tx of request.transactions) {
          const unsigned = encode(tx)
          const signature = await Promise.race([
            device.xrp.signTransaction(LEDGER_PATH, unsigned, ed25519),
            gone,
          ])
          if (signature === 'gone') {
            current = null
            return { signed, stopped: { reason: 'closed', message: 'the Ledger was disconnected' } }
          }
          const withSignature = { ...tx, TxnSignature: signature.toUpperCase() }
          signed.push(encode(withSignature))
        }
        return { signed }
      } catch (error) {
        const problem = ledgerProblem(error)
        if (problem.message === 'the Ledger was disconnected') current = null
        return { signed, stopped: problem }
      } finally {
        device.transport.off('disconnect', unplugged)
      }
    },
  }
}

/**
 * Connects the Ledger over WebHID: a device allowed before is opened at once, else the browser asks
 * which one (this needs the user's click).
 *
 * @throws Error with a message fit to show.
 */
export async function ledgerSignIn(): Promise<ExternalSignIn> {
  if (!ledgerSupported()) {
    throw new Error('This browser cannot reach a Ledger: use Chrome, Edge or Opera on a computer')
  }
  await import('./bufferGlobal.ts')
  const [{ default: TransportWebHID }, { default: Xrp }] = await Promise.all([
    import('@ledgerhq/hw-transport-webhid'),
    import('@ledgerhq/hw-app-xrp'),
  ])
  return await ledgerSession(async () => {
    let transport
    try {
      transport = (await TransportWebHID.openConnected()) ?? (await TransportWebHID.create())
    } catch (error) {
      throw new Error(
        'No Ledger was chosen: plug it in, unlock it, open the XRP app and try again',
        { cause: error },
      )
    }
    return { transport, xrp: new Xrp(transport) }
  })
}
