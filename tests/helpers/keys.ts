/**
 * Wallet-key tests through the Engine: an independent client on the engine harness's sandbox, and
 * the ledger steps they share (SetRegularKey signed by the master key, a payment by the engine).
 */
import { expect } from 'vitest'
import { Client, Wallet } from 'xrpl'
import type { Payment, SetRegularKey, SubmittableTransaction } from 'xrpl'

import type { Engine } from '../../src/worker/engine.ts'
import type { Keyring } from '../../src/worker/wallet/keyring.ts'
import type { EngineHarness } from './engine.ts'
import { signTx, submitBlob } from './sandbox.ts'
import type { Harness } from './sandbox.ts'

/** The engine's keyring: signer() is for the worker's jobs, so the Engine keeps it private. */
export function keyringOf(engine: Engine): Keyring {
  return (engine as unknown as { keyring: Keyring }).keyring
}

/** An own client on the engine harness's sandbox, as a sandbox Harness (stop() disconnects it). */
export async function ledgerHarness(h: EngineHarness): Promise<Harness> {
  const client = new Client(h.sb.url)
  await client.connect()
  return {
    sb: h.sb,
    client,
    genesis: Wallet.fromSeed(h.sb.genesis.seed),
    stop: () => client.disconnect(),
  }
}

/** Signs with `wallet`, submits, expects tesSUCCESS; closes the ledger unless `close` is false. */
export async function submitSigned(
  ledger: Harness,
  wallet: Wallet,
  tx: SubmittableTransaction,
  close = true,
): Promise<void> {
  const signed = await signTx(ledger.client, wallet, tx)
  expect((await submitBlob(ledger.client, signed.tx_blob)).engine_result).toBe('tesSUCCESS')
  if (close) await ledger.sb.ledgerAccept()
}

/** SetRegularKey to `regularKey`, signed by the account's master key (as in submitSigned). */
export async function setRegularKey(
  ledger: Harness,
  master: Wallet,
  regularKey: string,
  close = true,
): Promise<void> {
  const tx: SetRegularKey = {
    TransactionType: 'SetRegularKey',
    Account: master.classicAddress,
    RegularKey: regularKey,
  }
  await submitSigned(ledger, master, tx, close)
}

/**
 * A payment to genesis (1 XRP unless said) signed by the engine's signer, as the ledger judges it
 * (then closes it).
 */
export async function payWithSigner(
  ledger: Harness,
  engine: Engine,
  drops = '1000000',
): Promise<string> {
  const signer = keyringOf(engine).signingWallet()
  const tx: Payment = {
    TransactionType: 'Payment',
    Account: signer.classicAddress,
    Destination: ledger.genesis.classicAddress,
    Amount: drops,
  }
  const signed = signer.sign(await ledger.client.autofill(tx))
  const result = await submitBlob(ledger.client, signed.tx_blob)
  await ledger.sb.ledgerAccept()
  return result.engine_result
}
