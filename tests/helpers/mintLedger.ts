/**
 * The world the mint and modify tests run in: a sandbox (with its metadata gateway when asked),
 * funded wallets, ledgers closing every 100 ms, an independent client to read the ledger as anyone
 * does, and an engine connected as the account that signs. Plus URIs the gateway serves.
 */
import { Client } from 'xrpl'
import type { Wallet } from 'xrpl'

import { largeCollection } from '../../src/sandbox/demo/catalog.ts'
import type { EngineOptions } from '../../src/worker/engineOptions.ts'
import { startEngineHarness } from './engine.ts'
import type { EngineHarness } from './engine.ts'
import { closeLedgers, fundInProcess } from './sandbox.ts'

export interface MintLedger {
  h: EngineHarness
  client: Client
  /** Stops closing ledgers (what is submitted stays in flight) until `startClosing`. */
  stopClosing(): void
  startClosing(): void
  stop(): Promise<void>
}

/**
 * @param opts.gateway - start the sandbox's metadata gateway (mints read their documents there).
 * @param opts.fund - wallets funded with `xrp` each (500 by default).
 * @param opts.signer - the wallet the engine connects with.
 */
export async function startMintLedger(opts: {
  gateway?: boolean
  fund: Wallet[]
  signer: Wallet
  xrp?: number
  engine?: Partial<EngineOptions>
}): Promise<MintLedger> {
  const h = await startEngineHarness(opts.gateway ? { gatewayPort: 0 } : {}, opts.engine ?? {})
  fundInProcess(h.sb.ledger, opts.xrp ?? 500, ...opts.fund)
  await h.sb.ledgerAccept()
  let stopClosing = closeLedgers(h.sb, 100)
  const client = new Client(h.sb.url)
  await client.connect()
  await h.engine.connectWallet({ kind: 'familySeed', secret: opts.signer.seed! })
  return {
    h,
    client,
    stopClosing: () => stopClosing(),
    startClosing: () => {
      stopClosing = closeLedgers(h.sb, 100)
    },
    stop: async () => {
      stopClosing()
      await client.disconnect()
      await h.stop()
    },
  }
}

/** The sandbox gateway's large collection: a complete document at every `ipfs://DIR/{n}.json`. */
export const SERVED_DIR = largeCollection(1).dirCid

/** A source of URIs the sandbox gateway serves, a new one on each call. */
export function servedUris(first = 1): () => string {
  let next = first
  return () => `ipfs://${SERVED_DIR}/${next++}.json`
}
