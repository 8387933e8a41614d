/**
 * What the mint benchmarks share (mint.ts): the airdrop benchmarks' ledger settings, a collection's
 * terms, URIs the sandbox gateway serves, and a sandbox loaded from a prepared ledger with the holder
 * connected.
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { Client } from 'xrpl'

import { largeCollection } from '../../src/sandbox/demo/catalog.ts'
import type { SandboxOptions } from '../../src/sandbox/index.ts'
import type { MintTerms } from '../../src/worker/api.ts'
import { writeBigState } from '../helpers/bigLedger.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import type { EngineHarness } from '../helpers/engine.ts'
import { size } from './size.ts'

// The smoke run closes ledgers faster: its figures measure nothing, and it must take seconds.
export const CLOSE_MS = size(1000, 400)
export const EXPECTED_LEDGER_SIZE = 200

/** A collection's terms as a team gives them (the transfer fee needs transferable NFTs). */
export const TERMS: MintTerms = {
  taxon: 46,
  transferFee: 500,
  burnable: false,
  onlyXrp: false,
  transferable: true,
  mutable: false,
}

/** The sandbox gateway's large collection: a complete document at each n up to 100,000. */
const DIR = largeCollection(1).dirCid
/** The n-th URI of the collection (served by the sandbox gateway). */
export const servedUri = (n: number) => `ipfs://${DIR}/${n}.json`

/** A harness on a prepared ledger, its independent client, the holder connected. */
export interface World {
  h: EngineHarness
  client: Client
  /** The holder's address: the account the engine signs for. */
  holder: string
  recipients: string[]
  stop(): Promise<void>
}

/**
 * A sandbox (the airdrop benchmarks' settings, unless `sandbox` says otherwise) loaded from a ledger
 * with an ed25519 holder and `recipients` funded accounts, the engine connected as the holder.
 */
export async function startWorld(recipients: number, sandbox: SandboxOptions = {}): Promise<World> {
  const dir = await mkdtemp(join(tmpdir(), 'bench-mint-'))
  const file = join(dir, 'ledger.json')
  const big = await writeBigState(file, { nfts: 0, recipients })
  const h = await startEngineHarness({
    loadFrom: file,
    closeMs: CLOSE_MS,
    expectedLedgerSize: EXPECTED_LEDGER_SIZE,
    ...sandbox,
  })
  const client = new Client(h.sb.url)
  await client.connect()
  await h.engine.connectWallet({ kind: 'familySeed', secret: big.holder.seed! })
  return {
    h,
    client,
    holder: big.holder.classicAddress,
    recipients: big.recipients,
    stop: async () => {
      await client.disconnect()
      await h.stop()
      await rm(dir, { recursive: true, force: true })
    },
  }
}
