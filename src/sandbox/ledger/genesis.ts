/**
 * The first ledger and ledger headers. The genesis account is rippled's standalone master account
 * (seed "masterpassphrase"), holding all 100 billion XRP, so tooling written for rippled standalone works.
 */
import { RIPPLE_EPOCH } from '../../shared/constants.ts'
import type { AccountRoot, Entry } from './entries.ts'
import { keylet, sha512Half, u32 } from './keylets.ts'
import type { ClosedLedger, LedgerHeader } from './history.ts'

export const GENESIS_ADDRESS = 'rHb9CJAWyB4rj91VRWn96DkukG4bwdtyTh'
export const GENESIS_SEED = 'snoPBrXtMeMyMHUVTgbuqAfg1SUTb'
export const TOTAL_DROPS = 100_000_000_000_000_000n
export { RIPPLE_EPOCH }
const CLOSE_RESOLUTION = 10

export function toRippleTime(unixMs: number): number {
  return Math.floor(unixMs / 1000) - RIPPLE_EPOCH
}

export function genesisLedger(now: () => number = Date.now): ClosedLedger {
  const account: AccountRoot = {
    Account: GENESIS_ADDRESS,
    Balance: TOTAL_DROPS.toString(),
    Flags: 0,
    LedgerEntryType: 'AccountRoot',
    OwnerCount: 0,
    Sequence: 1,
    index: keylet.account(GENESIS_ADDRESS),
  }
  const state = new Map<string, Readonly<Entry>>([[account.index, Object.freeze(account)]])
  const header = makeHeader({
    ledger_index: 1,
    parent_hash: '0'.repeat(64),
    close_time: toRippleTime(now()),
    parent_close_time: 0,
    total_coins: TOTAL_DROPS.toString(),
    txHashes: [],
  })
  return { header, txs: [], state }
}

interface HeaderInput {
  ledger_index: number
  parent_hash: string
  close_time: number
  parent_close_time: number
  total_coins: string
  txHashes: string[]
}

function makeHeader(h: HeaderInput): LedgerHeader {
  const enc = (s: string) => Buffer.from(s)
  const transaction_hash = h.txHashes.length
    ? sha512Half(enc('SND\0'), ...h.txHashes.map(enc))
    : '0'.repeat(64)
  const account_hash = sha512Half(
    enc('MIN\0'),
    u32(h.ledger_index),
    enc(transaction_hash),
    enc(h.parent_hash),
  )
  const ledger_hash = sha512Half(
    enc('LWR\0'),
    u32(h.ledger_index),
    enc(h.parent_hash),
    enc(transaction_hash),
    enc(account_hash),
    u32(h.close_time),
  )
  return {
    ledger_index: h.ledger_index,
    ledger_hash,
    parent_hash: h.parent_hash,
    account_hash,
    transaction_hash,
    close_time: h.close_time,
    parent_close_time: h.parent_close_time,
    close_time_resolution: CLOSE_RESOLUTION,
    close_flags: 0,
    total_coins: h.total_coins,
  }
}

/** The header of the ledger that closes now: close times strictly increase; fees are destroyed. */
export function closeHeader(
  parent: LedgerHeader,
  seq: number,
  txs: readonly { hash: string; tx: { Fee: string } }[],
  nowMs: number,
): LedgerHeader {
  const burnt = txs.reduce((sum, t) => sum + BigInt(t.tx.Fee), 0n)
  return makeHeader({
    ledger_index: seq,
    parent_hash: parent.ledger_hash,
    close_time: Math.max(parent.close_time + 1, toRippleTime(nowMs)),
    parent_close_time: parent.close_time,
    total_coins: (BigInt(parent.total_coins) - burnt).toString(),
    txHashes: txs.map((t) => t.hash),
  })
}
