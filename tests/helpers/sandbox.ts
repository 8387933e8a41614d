/**
 * Tiny helpers for conformance tests against the in-process sandbox ledger with the real xrpl.js Client.
 * Ledgers close only when a test says so (closeMs 0), so every step is deterministic.
 */
import { afterEach, expect } from 'vitest'
import { Client, Wallet, encode, encodeForSigning, hashes, xrpToDrops } from 'xrpl'
import type { Payment, SubmitResponse, SubmittableTransaction, Transaction } from 'xrpl'
import { sign } from 'ripple-keypairs'

import { GENESIS_SEED, startSandbox } from '../../src/sandbox/index.ts'
import type { Sandbox, SandboxLedger, SandboxOptions } from '../../src/sandbox/index.ts'
import type { AccountRoot } from '../../src/sandbox/ledger/entries.ts'
import { keylet } from '../../src/sandbox/ledger/keylets.ts'
import type { SubmitResult } from '../../src/sandbox/ledger/submitResult.ts'

export interface Harness {
  sb: Sandbox
  client: Client
  genesis: Wallet
  stop(): Promise<void>
}

/** A sandbox that closes ledgers only on ledgerAccept, and a connected Client. */
export async function startHarness(opts: SandboxOptions = {}): Promise<Harness> {
  const sb = await startSandbox({ port: 0, closeMs: 0, ...opts })
  const client = new Client(sb.url)
  await client.connect()
  return {
    sb,
    client,
    genesis: Wallet.fromSeed(sb.genesis.seed),
    stop: async () => {
      await client.disconnect()
      await sb.stop()
    },
  }
}

/** Submits a signed blob and returns rippled's raw submit result. */
export async function submitBlob(client: Client, blob: string): Promise<SubmitResponse['result']> {
  const res = await client.request({ command: 'submit', tx_blob: blob })
  return res.result
}

/** Autofills and signs with xrpl.js (which validates the transaction first). */
export async function signTx(client: Client, wallet: Wallet, tx: SubmittableTransaction) {
  return wallet.sign(await client.autofill(tx))
}

/**
 * Signs without xrpl.js's client-side validation, so malformed transactions reach the server. The
 * transaction must be complete (Fee, Sequence, ...).
 */
export function signRaw(wallet: Wallet, tx: Record<string, unknown>): string {
  const unsigned = { ...tx, SigningPubKey: wallet.publicKey } as unknown as Transaction
  return encode({ ...unsigned, TxnSignature: sign(encodeForSigning(unsigned), wallet.privateKey) })
}

/** Pays `xrp` from the genesis account to each wallet, then closes the ledger. */
export async function fund(h: Harness, xrp: number, ...wallets: Wallet[]): Promise<void> {
  for (const w of wallets) {
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: h.genesis.address,
      Destination: w.address,
      Amount: xrpToDrops(xrp),
    }
    const signed = await signTx(h.client, h.genesis, payment)
    const res = await submitBlob(h.client, signed.tx_blob)
    if (res.engine_result !== 'tesSUCCESS') throw new Error(`fund: ${res.engine_result}`)
  }
  await h.sb.ledgerAccept()
}

/** Submits a 10 XRP payment from genesis to a fresh account and expects tesSUCCESS (no close). */
export async function payFromGenesis(h: Harness): Promise<void> {
  const payment: Payment = {
    TransactionType: 'Payment',
    Account: h.genesis.address,
    Destination: Wallet.generate().address,
    Amount: xrpToDrops(10),
  }
  const signed = await signTx(h.client, h.genesis, payment)
  expect((await submitBlob(h.client, signed.tx_blob)).engine_result).toBe('tesSUCCESS')
}

/** Genesis payments until the open ledger holds one over its expected size: the next escalates. */
export async function fillOpenLedger(h: Harness): Promise<void> {
  while (h.sb.ledger.openTxCount <= h.sb.ledger.expectedLedgerSize) await payFromGenesis(h)
}

/** A signed AccountSet (fee 12) of `wallet` with this Sequence, `fields` added, and its hash. */
export function signedAccountSet(
  wallet: Wallet,
  sequence: number,
  fields: Record<string, unknown> = {},
): { blob: string; hash: string } {
  const blob = signRaw(wallet, {
    TransactionType: 'AccountSet',
    Account: wallet.address,
    Fee: '12',
    Sequence: sequence,
    ...fields,
  })
  return { blob, hash: hashes.hashSignedTx(blob) }
}

/**
 * Closes a ledger every `everyMs` until the returned function is called (for submitAndWait, which polls
 * once a second and gives up once the validated index passes LastLedgerSequence = validated + 20: keep
 * well under 20 closes a second).
 */
export function closeLedgers(sb: Sandbox, everyMs = 250): () => void {
  const timer = setInterval(() => void sb.ledgerAccept(), everyMs)
  return () => clearInterval(timer)
}

export async function accountData(
  client: Client,
  account: string,
  ledger: 'current' | 'validated' = 'current',
) {
  const res = await client.request({ command: 'account_info', account, ledger_index: ledger })
  return res.result.account_data
}

/** An account's Sequence in the open ledger of an in-process sandbox ledger. */
export function openSequence(ledger: SandboxLedger, address: string): number {
  const root = ledger.currentState.get(keylet.account(address)) as AccountRoot | undefined
  if (!root) throw new Error(`no account ${address}`)
  return root.Sequence
}

/**
 * Signs a transaction (fee 12 and the open-ledger Sequence unless given) and submits it straight to an
 * in-process ledger, as the demo does; returns the submit result.
 */
export function submitInProcess(
  ledger: SandboxLedger,
  wallet: Wallet,
  tx: Record<string, unknown>,
): SubmitResult {
  const full: Record<string, unknown> = { Account: wallet.address, Fee: '12', ...tx }
  if (full.Sequence === undefined) full.Sequence = openSequence(ledger, wallet.address)
  return ledger.submit(signRaw(wallet, full))
}

/** Mints `count` transferable NFTs (taxon 1) to `wallet` in-process, each expected to succeed. */
export function mintInProcess(ledger: SandboxLedger, wallet: Wallet, count: number): void {
  for (let i = 0; i < count; i++) {
    const minted = submitInProcess(ledger, wallet, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 1,
      Flags: 8,
    })
    expect(minted.engine_result).toBe('tesSUCCESS')
  }
}

/** Pays `xrp` from the genesis account to each wallet in-process, then closes the ledger. */
export function fundInProcess(ledger: SandboxLedger, xrp: number, ...wallets: Wallet[]): void {
  const genesis = Wallet.fromSeed(GENESIS_SEED)
  const expected = ledger.expectedLedgerSize
  ledger.expectedLedgerSize = 1_000_000
  try {
    for (const w of wallets) {
      const payment = {
        TransactionType: 'Payment',
        Destination: w.address,
        Amount: xrpToDrops(xrp),
      }
      const res = submitInProcess(ledger, genesis, payment)
      if (res.engine_result !== 'tesSUCCESS') throw new Error(`fund: ${res.engine_result}`)
    }
  } finally {
    ledger.expectedLedgerSize = expected
  }
  ledger.accept()
}

/**
 * Opens clients for a test file and closes them after each test; their heartbeat (a ping every
 * `timeout` ms) never fires during a test, so it takes nothing from a metered balance.
 *
 * @returns connect(url): a connected client.
 */
export function clientsClosedAfterEach(): (url: string) => Promise<Client> {
  const clients: Client[] = []
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.disconnect()))
  })
  return async (url) => {
    const client = new Client(url, { timeout: 120_000 })
    await client.connect()
    clients.push(client)
    return client
  }
}
