/**
 * A sandbox ledger state built by hand for transactor tests: AccountRoots for deterministic wallets,
 * and a `submit` that runs an unsigned transaction through `applyTransaction`, the same pipeline the
 * sandbox ledger applies every transaction with (preflight, preclaim, doApply). Signatures are not
 * checked here (that happens when the ledger decodes a submitted blob); checkSign only derives the
 * signer from SigningPubKey, so each transaction carries its wallet's public key.
 */
import { Wallet } from 'xrpl'
import { applyTransaction, mutableTarget } from '../../src/sandbox/ledger/apply.ts'
import type { LedgerSettings, TxJson } from '../../src/sandbox/ledger/context.ts'
import { MAINNET_FEES } from '../../src/sandbox/ledger/context.ts'
import type { AccountRoot, Entry, NFTokenPage } from '../../src/sandbox/ledger/entries.ts'
import { keylet, sha512Half, u32 } from '../../src/sandbox/ledger/keylets.ts'
import type { TxMeta } from '../../src/sandbox/ledger/meta.ts'
import { ownerPages, ownerTokens } from '../../src/sandbox/ledger/nftokenPages.ts'
import type { NFToken } from '../../src/sandbox/ledger/nftokenPages.ts'
import type { Ter } from '../../src/sandbox/ledger/ter.ts'
import { ApplyView } from '../../src/sandbox/ledger/view.ts'

export const XRP = 1_000_000n

/** Mainnet settings: base fee 10 drops, reserve 1 XRP + 0.2 XRP per owned object. */
export function testLedger(over: Partial<LedgerSettings> = {}): LedgerSettings {
  return { seq: 10, parentCloseTime: 800_000_000, ...MAINNET_FEES, ...over }
}

const wallets = new Map<number, Wallet>()

/** The same wallet for the same number in every test (ed25519 from fixed entropy). */
export function walletFor(n: number): Wallet {
  let w = wallets.get(n)
  if (!w) {
    const entropy = new Uint8Array(16)
    new DataView(entropy.buffer).setUint32(0, n + 1)
    w = Wallet.fromEntropy(entropy)
    wallets.set(n, w)
  }
  return w
}

/** What happened to a submitted transaction. */
export interface Outcome {
  result: Ter
  /** Whether it reached the ledger (tes/tec): fee and sequence consumed. */
  applied: boolean
  meta?: TxMeta
  tx: TxJson
}

/** A mutable ledger state plus the pipeline to apply transactions to it. */
export class SandboxState {
  readonly state = new Map<string, Readonly<Entry>>()
  private txCount = 0

  constructor(readonly ledger: LedgerSettings = testLedger()) {}

  /** Adds (or replaces) an AccountRoot holding `drops`, Sequence 5 unless `extra` says otherwise. */
  fund(who: Wallet | string, drops: bigint, extra: Partial<AccountRoot> = {}): string {
    const address = typeof who === 'string' ? who : who.classicAddress
    const root: AccountRoot = {
      Account: address,
      Balance: drops.toString(),
      Flags: 0,
      LedgerEntryType: 'AccountRoot',
      OwnerCount: 0,
      Sequence: 5,
      index: keylet.account(address),
      ...extra,
    }
    this.state.set(root.index, root)
    return address
  }

  account(address: string): Readonly<AccountRoot> {
    const root = this.state.get(keylet.account(address)) as AccountRoot | undefined
    if (!root) throw new Error(`no account ${address}`)
    return root
  }

  balance(address: string): bigint {
    return BigInt(this.account(address).Balance)
  }

  entry<T extends Entry = Entry>(key: string): Readonly<T> | undefined {
    return this.state.get(key) as T | undefined
  }

  /** A fresh read view of the current state. */
  view(): ApplyView {
    return new ApplyView(this.state)
  }

  pages(owner: string): Readonly<NFTokenPage>[] {
    return ownerPages(this.view(), owner)
  }

  tokens(owner: string): NFToken[] {
    return ownerTokens(this.view(), owner)
  }

  /** Completes a transaction (Fee 10, the account's Sequence, the wallet's key) without applying it. */
  build(wallet: Wallet, fields: Record<string, unknown>): TxJson {
    const root = this.state.get(keylet.account(wallet.classicAddress)) as AccountRoot | undefined
    const ticket = fields.TicketSequence !== undefined
    return {
      Account: wallet.classicAddress,
      Fee: '10',
      Sequence: ticket ? 0 : (root?.Sequence ?? 1),
      SigningPubKey: wallet.publicKey,
      ...fields,
    } as TxJson
  }

  /** Runs the pipeline: preflight, preclaim, then doApply when preclaim gave tes or tec. */
  submit(wallet: Wallet, fields: Record<string, unknown>): Outcome {
    const tx = this.build(wallet, fields)
    this.txCount += 1
    const hash = sha512Half(u32(this.txCount), u32(this.ledger.seq))
    return { ...applyTransaction(mutableTarget(this.state), tx, hash, this.ledger), tx }
  }

  /** Submits and fails the test unless the result is tesSUCCESS. */
  ok(wallet: Wallet, fields: Record<string, unknown>): Outcome {
    const out = this.submit(wallet, fields)
    if (out.result !== 'tesSUCCESS') {
      throw new Error(`${String(fields.TransactionType)} gave ${out.result}`)
    }
    return out
  }

  /** Mints a token (taxon 0 unless given) and returns its NFTokenID from the meta extras. */
  mint(wallet: Wallet, fields: Record<string, unknown> = {}): string {
    const out = this.ok(wallet, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0, ...fields })
    return out.meta!.nftoken_id!
  }
}
