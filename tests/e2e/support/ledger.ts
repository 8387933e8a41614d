/**
 * Node-side ledger set-up for e2e tests: funds fresh accounts and sets regular keys on the e2e
 * sandbox (the one playwright.config.ts starts), with the real xrpl.js Client.
 *
 * Two workers run the specs side by side on that one ledger. Fresh accounts are paid by a funding
 * account of the worker's own (funderWallet, funded once by the global setup from the genesis
 * account), one payment at a time: no two submissions from one account are ever in flight together,
 * so no Sequence is taken twice (the genesis account shared by both workers would collide:
 * tefPAST_SEQ, or a queued transaction that blocks the other's).
 */
import { createHash, randomBytes } from 'node:crypto'

import { Client, Wallet, encodeSeed, xrpToDrops } from 'xrpl'
import type { AccountTxTransaction, ECDSA, SubmittableTransaction } from 'xrpl'

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

/** Signs (autofilled: the Sequence is the open ledger's), submits and waits until validated. */
async function submit(client: Client, tx: SubmittableTransaction, wallet: Wallet): Promise<void> {
  const response = await client.submitAndWait(tx, { wallet, autofill: true })
  const meta = response.result.meta
  const result = typeof meta === 'object' && meta ? meta.TransactionResult : 'unknown'
  if (result !== 'tesSUCCESS') throw new Error(`${tx.TransactionType} failed: ${result}`)
}

/** XRP each worker's funding account gets: far more than a whole run's fresh accounts take. */
export const FUNDER_XRP = 10_000_000

/**
 * The funding account of the worker with this parallel index (Playwright's TEST_PARALLEL_INDEX: the
 * workers running at one time have different ones). Its seed derives from a fixed label, as the
 * sandbox's demo accounts' do.
 */
export function funderWallet(parallelIndex: number): Wallet {
  const entropy = createHash('sha256')
    .update(`xrpl-nft-manager e2e: funder ${parallelIndex}`)
    .digest()
    .subarray(0, 16)
  return Wallet.fromSeed(encodeSeed(entropy, 'secp256k1'))
}

/**
 * Funds one funding account per worker from the genesis account, one payment after the other (the
 * global setup's, before any worker starts).
 */
export async function fundFunders(workers: number): Promise<void> {
  await withSandbox(async (client) => {
    const genesis = Wallet.fromSeed(GENESIS_SEED)
    for (let index = 0; index < workers; index += 1) {
      const payment: SubmittableTransaction = {
        TransactionType: 'Payment',
        Account: genesis.address,
        Destination: funderWallet(index).address,
        Amount: xrpToDrops(FUNDER_XRP),
      }
      await submit(client, payment, genesis)
    }
  })
}

/** This worker process's funding account. */
function workerFunder(): Wallet {
  return funderWallet(Number(process.env.TEST_PARALLEL_INDEX ?? 0))
}

/** The payments from this worker's funding account, chained: each starts once the last is validated. */
let funding: Promise<unknown> = Promise.resolve()

/**
 * Waits until `address` has no transaction in flight (its Sequence in the open ledger is the
 * validated one, nothing queued): a worker that stopped after a failed test may have left a payment
 * of the funding account its successor (same parallel index) now uses.
 */
async function settled(client: Client, address: string): Promise<void> {
  for (let attempt = 0; attempt < 60; attempt += 1) {
    // The queue is the open ledger's to tell (rippled refuses `queue` on a closed ledger).
    const current = await client.request({
      command: 'account_info',
      account: address,
      ledger_index: 'current',
      queue: true,
    })
    const validated = await client.request({
      command: 'account_info',
      account: address,
      ledger_index: 'validated',
    })
    const sequence = current.result.account_data.Sequence
    const queued = current.result.queue_data?.txn_count ?? 0
    if (sequence === validated.result.account_data.Sequence && queued === 0) return
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
  throw new Error(`the funding account ${address} still has a transaction in flight after 30 s`)
}

/** Pays `xrp` XRP from this worker's funding account to `destination`; resolves once validated. */
async function payFromFunder(destination: string, xrp: number): Promise<void> {
  const payment = funding.then(() =>
    withSandbox(async (client) => {
      const funder = workerFunder()
      await settled(client, funder.address)
      const tx: SubmittableTransaction = {
        TransactionType: 'Payment',
        Account: funder.address,
        Destination: destination,
        Amount: xrpToDrops(xrp),
      }
      await submit(client, tx, funder)
    }),
  )
  funding = payment.catch(() => undefined)
  await payment
}

/**
 * Creates and funds a fresh account (from this worker's funding account).
 *
 * @param algorithm - the key algorithm of the new account's seed.
 * @param xrp - the XRP it gets (100 unless more is needed).
 * @returns the new account's wallet.
 */
export async function fundedAccount(
  algorithm: 'secp256k1' | 'ed25519',
  xrp = 100,
): Promise<Wallet> {
  const account = Wallet.fromSeed(encodeSeed(randomBytes(16), algorithm))
  await payFromFunder(account.address, xrp)
  return account
}

/**
 * A fresh account funded on the sandbox, with its Xaman secret numbers: 8 rows of 5 digits (two bytes
 * of entropy each) and a checksum digit, the key derived from the entropy as Xaman does.
 */
export async function fundedSecretNumbersAccount(): Promise<{ rows: string[]; account: Wallet }> {
  const bytes = randomBytes(16)
  const values = Array.from({ length: 8 }, (_, i) => (bytes[2 * i]! << 8) | bytes[2 * i + 1]!)
  const rows = values.map((v, i) => `${String(v).padStart(5, '0')}${String((v * (i * 2 + 1)) % 9)}`)
  const entropy = values.flatMap((v) => [v >> 8, v & 0xff])
  const account = Wallet.fromEntropy(entropy, { algorithm: 'ecdsa-secp256k1' as ECDSA })
  await payFromFunder(account.address, 100)
  return { rows, account }
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

/** Every transaction of an account, as the sandbox's `account_tx` lists them (every page). */
export async function transactionsOf(address: string): Promise<AccountTxTransaction[]> {
  return withSandbox(async (client) => {
    const pages = await client.requestAll({
      command: 'account_tx',
      account: address,
      api_version: 2,
    })
    return pages.flatMap((p) => p.result.transactions as AccountTxTransaction[])
  })
}
