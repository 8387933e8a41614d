/**
 * Ledger object keys ("keylets") as rippled computes them: sha512Half of a 16-bit space prefix and the
 * object's identifying fields. Hex strings are upper case, as rippled prints them.
 */
import { createHash } from 'node:crypto'
import { decodeAccountID, encodeAccountID } from 'xrpl'

/** The first 32 bytes of SHA-512, rippled's hash for keys, transaction ids and ledger hashes. */
export function sha512Half(...parts: Uint8Array[]): string {
  const h = createHash('sha512')
  for (const p of parts) h.update(p)
  return h.digest().subarray(0, 32).toString('hex').toUpperCase()
}

function space(char: string): Uint8Array {
  return Uint8Array.of(0, char.charCodeAt(0))
}

export function u32(n: number): Uint8Array {
  const b = Buffer.alloc(4)
  b.writeUInt32BE(n >>> 0)
  return b
}

export function u64(n: bigint): Uint8Array {
  const b = Buffer.alloc(8)
  b.writeBigUInt64BE(n)
  return b
}

export function hexBytes(hex: string): Uint8Array {
  return Buffer.from(hex, 'hex')
}

/** Decoded AccountIDs by address: decoding checks a double SHA-256, and keylets need it all the time. */
const accountIds = new Map<string, Uint8Array>()
const MAX_CACHED = 200_000

/** 20-byte AccountID of a classic address (do not modify the array: it is shared). */
export function accountId(address: string): Uint8Array {
  let id = accountIds.get(address)
  if (!id) {
    id = decodeAccountID(address)
    if (accountIds.size >= MAX_CACHED) accountIds.clear()
    accountIds.set(address, id)
  }
  return id
}

export function accountIdHex(address: string): string {
  return Buffer.from(accountId(address)).toString('hex').toUpperCase()
}

/** Orders two addresses by their 160-bit AccountIDs, as rippled sorts signers and signer lists. */
export function compareAccountIds(a: string, b: string): number {
  const x = accountIdHex(a)
  const y = accountIdHex(b)
  return x < y ? -1 : x > y ? 1 : 0
}

const addresses = new Map<string, string>()

export function addressFromIdHex(idHex: string): string {
  let address = addresses.get(idHex)
  if (address === undefined) {
    address = encodeAccountID(Buffer.from(idHex, 'hex'))
    if (addresses.size >= MAX_CACHED) addresses.clear()
    addresses.set(idHex, address)
  }
  return address
}

export const keylet = {
  account: (address: string) => sha512Half(space('a'), accountId(address)),
  ownerDir: (address: string) => sha512Half(space('O'), accountId(address)),
  /** NFTokenOffer id: 'q' ‖ owner ‖ the creating transaction's Sequence or TicketSequence. */
  nftOffer: (owner: string, seq: number) => sha512Half(space('q'), accountId(owner), u32(seq)),
  nftBuys: (nftId: string) => sha512Half(space('h'), hexBytes(nftId)),
  nftSells: (nftId: string) => sha512Half(space('i'), hexBytes(nftId)),
  /** Page `page` of the directory rooted at `root` (page 0 is the root itself). */
  dirPage: (root: string, page: bigint) =>
    page === 0n ? root : sha512Half(space('d'), hexBytes(root), u64(page)),
  ticket: (address: string, seq: number) => sha512Half(space('T'), accountId(address), u32(seq)),
  /** The account's SignerList: 'S' ‖ account ‖ the list's id, always 0. */
  signers: (address: string) => sha512Half(space('S'), accountId(address), u32(0)),
  /** The last NFTokenPage of an owner: owner ‖ 0xFF…FF (12 bytes). */
  nftPageMax: (address: string) => accountIdHex(address) + 'F'.repeat(24),
  /** The lowest possible NFTokenPage key of an owner: owner ‖ 0x00…00. */
  nftPageMin: (address: string) => accountIdHex(address) + '0'.repeat(24),
}

/** The low 96 bits of an NFTokenID: what orders tokens across an owner's pages. */
export function nftPageMask(nftId: string): string {
  return nftId.slice(40).toUpperCase()
}
