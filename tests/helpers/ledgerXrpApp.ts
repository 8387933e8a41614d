/**
 * The Ledger device's XRP app, emulated for tests: its APDUs as the app's source has them, answered
 * with a software key (the sandbox verifies every signature). It is the device end of a transport:
 * `exchange` takes one APDU (`CLA INS P1 P2 Lc data`) and returns the response data and its status
 * word, as the device sends them back.
 *
 * What it follows: `B0 01` (the OS's app name and version: "XRP", or "BOLOS" on the dashboard);
 * `E0 06` (the app's version); `E0 02` (the public key and address of a BIP32 path, curve in P2); `E0
 * 04` (sign: chunks of at most 150 bytes, P1 0x00 alone, 0x80 first of many, 0x81 middle, 0x01 last;
 * the device signs "STX\0" + the transaction: secp256k1 over the first half of its SHA-512, DER,
 * low-S; ed25519 over the message itself). Status words: 9000 ok, 6985 refused by the user, 5515
 * locked, 6E01 no app open, 6700 more than 10,000 bytes, 6808 a field the app cannot parse (an
 * NFTokenCancelOffer's list before 2.4.2), 6A80 chunks out of order.
 */
import { createHash } from 'node:crypto'

import { ed25519 } from '@noble/curves/ed25519.js'
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { decode } from 'xrpl'
import type { Wallet } from 'xrpl'

/** What the user does with a transaction shown on the device ('unplug': pulls the cable instead). */
export type DeviceAnswer = 'approve' | 'refuse' | 'unplug'

export interface LedgerXrpAppOptions {
  /** The XRP app's version (NFT transactions need 2.4.2). */
  version?: string
  /** The device is locked (every APDU answers 5515). */
  locked?: boolean
  /** No app is open: the dashboard answers. */
  dashboard?: boolean
  /** What the user does with each transaction to sign, in order; past its end, approve. */
  answers?: readonly DeviceAnswer[]
}

const SW = {
  OK: 0x9000,
  REFUSED: 0x6985,
  LOCKED: 0x5515,
  NO_APP: 0x6e01,
  TOO_LONG: 0x6700,
  NOT_SUPPORTED: 0x6808,
  BAD_ORDER: 0x6a80,
  BAD_PARAMS: 0x6b00,
  UNKNOWN_INS: 0x6d00,
} as const

/** The most the app takes: "STX\0" and the transaction together. */
const MAX_RAW_TX = 10_000

export class LedgerXrpApp {
  /** Transactions the user was shown, in order, with what they did. */
  readonly shown: { tx: Record<string, unknown>; answer: DeviceAnswer }[] = []
  locked: boolean
  dashboard: boolean
  private readonly version: string
  private pending: Buffer | null = null

  constructor(
    private readonly key: Wallet,
    private readonly options: LedgerXrpAppOptions = {},
  ) {
    this.version = options.version ?? '2.4.2'
    this.locked = options.locked ?? false
    this.dashboard = options.dashboard ?? false
  }

  /**
   * Answers one APDU: the response data followed by the 2-byte status word; null when the device was
   * unplugged while it showed the transaction (no answer ever comes).
   */
  exchange(apdu: Uint8Array): Buffer | null {
    const [cla, ins, p1, p2, lc] = apdu
    const data = Buffer.from(apdu.subarray(5, 5 + (lc ?? 0)))
    if (this.locked) return status(SW.LOCKED)
    if (cla === 0xb0 && ins === 0x01) return this.appAndVersion()
    if (this.dashboard) return status(SW.NO_APP)
    if (cla !== 0xe0) return status(0x6e00)
    if (ins !== 0x04) this.pending = null
    switch (ins) {
      case 0x06: {
        const [major, minor, patch] = this.version.split('.').map(Number)
        return reply(Buffer.from([0, major!, minor!, patch!]))
      }
      case 0x02:
        return this.publicKey(p2!, data)
      case 0x04:
        return this.sign(p1!, p2!, data)
      default:
        return status(SW.UNKNOWN_INS)
    }
  }

  private get curve(): number {
    return this.key.publicKey.startsWith('ED') ? 0x80 : 0x40
  }

  private appAndVersion(): Buffer {
    const name = Buffer.from(this.dashboard ? 'BOLOS' : 'XRP', 'ascii')
    const version = Buffer.from(this.dashboard ? '2.1.0' : this.version, 'ascii')
    return reply(
      Buffer.concat([
        Buffer.from([1, name.length]),
        name,
        Buffer.from([version.length]),
        version,
        Buffer.from([1, 0]),
      ]),
    )
  }

  private publicKey(p2: number, data: Buffer): Buffer {
    if ((p2 & 0xc0) !== this.curve) return status(SW.BAD_PARAMS)
    if (pathLength(data) === null) return status(SW.BAD_ORDER)
    const pub = Buffer.from(this.key.publicKey, 'hex')
    const address = Buffer.from(this.key.classicAddress, 'ascii')
    return reply(
      Buffer.concat([Buffer.from([pub.length]), pub, Buffer.from([address.length]), address]),
    )
  }

  private sign(p1: number, p2: number, data: Buffer): Buffer | null {
    const first = (p1 & 0x01) === 0
    const more = (p1 & 0x80) !== 0
    if (first) {
      if ((p2 & 0xc0) !== this.curve) return status(SW.BAD_PARAMS)
      const path = pathLength(data)
      if (path === null) return status(SW.BAD_ORDER)
      this.pending = data.subarray(1 + path * 4)
    } else {
      if (!this.pending) return status(SW.BAD_ORDER)
      this.pending = Buffer.concat([this.pending, data])
    }
    if (4 + this.pending.length > MAX_RAW_TX) {
      this.pending = null
      return status(SW.TOO_LONG)
    }
    if (more) return status(SW.OK)
    const txBytes = this.pending
    this.pending = null
    let tx: Record<string, unknown>
    try {
      tx = decode(txBytes.toString('hex').toUpperCase())
    } catch {
      return status(0x6803)
    }
    // Before 2.4.2 the app cannot read a list of hashes (an NFTokenCancelOffer's offers).
    if (older(this.version, '2.4.2') && tx.NFTokenOffers !== undefined)
      return status(SW.NOT_SUPPORTED)
    const answer = this.options.answers?.[this.shown.length] ?? 'approve'
    this.shown.push({ tx, answer })
    if (answer === 'refuse') return status(SW.REFUSED)
    if (answer === 'unplug') return null
    const message = Buffer.concat([Buffer.from('53545800', 'hex'), txBytes])
    return reply(Buffer.from(this.signature(message)))
  }

  private signature(message: Buffer): Uint8Array {
    const raw = Buffer.from(this.key.privateKey.slice(2), 'hex')
    if (this.curve === 0x80) return ed25519.sign(message, raw)
    const digest = createHash('sha512').update(message).digest().subarray(0, 32)
    return secp256k1.sign(digest, raw, { lowS: true, prehash: false, format: 'der' })
  }
}

/** The number of BIP32 path elements a signing or key request starts with, or null if malformed. */
function pathLength(data: Buffer): number | null {
  const n = data[0] ?? 0
  return n >= 1 && n <= 10 && data.length >= 1 + n * 4 ? n : null
}

function status(sw: number): Buffer {
  return Buffer.from([sw >> 8, sw & 0xff])
}

function reply(data: Buffer): Buffer {
  return Buffer.concat([data, status(SW.OK)])
}

function older(version: string, than: string): boolean {
  const a = version.split('.').map(Number)
  const b = than.split('.').map(Number)
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) < (b[i] ?? 0)
  return false
}
