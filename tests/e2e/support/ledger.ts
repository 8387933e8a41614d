/**
 * Node-side ledger set-up for e2e tests: funds fresh accounts and sets regular keys on the e2e
 * sandbox (the one playwright.config.ts starts), with the real xrpl.js Client.
 */
import { randomBytes } from 'node:crypto'

import { Client, Wallet, encodeSeed, xrpToDrops } from 'xrpl'
import type { SubmittableTransaction } from 'xrpl'

import { GENESIS_SEED } from '../../../src/sandbox/index.ts'

/** The e2e sandbox's WebSocket URL (the port as playwright.config.ts reads it). */
export function sandboxUrl(): string {
  return `ws://127.0.0.1:${process.env.E2E_SANDBOX_PORT ?? 16006}`
}

/** Runs `work` with a client connected to the e2e sandbox. */
export async function withSandbox<T>(work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(sandboxUrl())
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.disconnect()
  }
}

async function submit(client: Client, tx: SubmittableTransaction, wallet: Wallet): Promise<void> {
  const response = await client.submitAndWait(tx, { wallet, autofill: true })
  const meta = response.result.meta
  const result = typeof meta === 'object' && meta ? meta.TransactionResult : 'unknown'
  if (result !== 'tesSUCCESS') throw new Error(`${tx.TransactionType} failed: ${result}`)
}

/**
 * Creates and funds a fresh account (from the sandbox's genesis account).
 *
 * @param algorithm - the key algorithm of the new account's seed.
 * @returns the new account's wallet.
 */
export async function fundedAccount(algorithm: 'secp256k1' | 'ed25519'): Promise<Wallet> {
  const account = Wallet.fromSeed(encodeSeed(randomBytes(16), algorithm))
  await withSandbox(async (client) => {
    const genesis = Wallet.fromSeed(GENESIS_SEED)
    const payment: SubmittableTransaction = {
      TransactionType: 'Payment',
      Account: genesis.address,
      Destination: account.address,
      Amount: xrpToDrops(100),
    }
    await submit(client, payment, genesis)
  })
  return account
}

/**
 * Sets a fresh regular key on `account` and waits until it is validated.
 *
 * @returns the regular key's wallet.
 */
export async function setFreshRegularKey(account: Wallet): Promise<Wallet> {
  const regularKey = Wallet.generate()
  await withSandbox(async (client) => {
    const tx: SubmittableTransaction = {
      TransactionType: 'SetRegularKey',
      Account: account.address,
      RegularKey: regularKey.address,
    }
    await submit(client, tx, account)
  })
  return regularKey
}
