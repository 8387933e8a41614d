/**
 * Sandbox capacity: how fast the local ledger takes signed transactions (signature check, pipeline,
 * metadata) and closes ledgers, so job benchmarks can tell the engine's limits from the sandbox's.
 */
import { Wallet, xrpToDrops } from 'xrpl'
import { SandboxLedger } from '../../src/sandbox/ledger/ledger.ts'
import { GENESIS_SEED } from '../../src/sandbox/ledger/genesis.ts'
import { startSandbox } from '../../src/sandbox/index.ts'
import type { Figures, Suite } from './run.ts'
import { size } from './size.ts'

const N = size(1000, 20)

function signPayments(from: Wallet, to: Wallet[], firstSeq: number): string[] {
  return to.map(
    (w, i) =>
      from.sign({
        TransactionType: 'Payment',
        Account: from.classicAddress,
        Destination: w.classicAddress,
        Amount: xrpToDrops(20),
        Fee: '12',
        Sequence: firstSeq + i,
      }).tx_blob,
  )
}

/** Submits pre-signed blobs straight to a ledger; returns transactions applied per second. */
function applyRate(blobs: string[]): { perS: number; closeMs: number } {
  const ledger = new SandboxLedger({ expectedLedgerSize: 1_000_000 })
  const t0 = performance.now()
  for (const b of blobs) {
    const r = ledger.submit(b)
    if (r.engine_result !== 'tesSUCCESS') throw new Error(`bench: ${r.engine_result}`)
  }
  const t1 = performance.now()
  ledger.accept()
  return {
    perS: Math.round((blobs.length / (t1 - t0)) * 1000),
    closeMs: Math.round(performance.now() - t1),
  }
}

export const sandboxSuite: Suite = {
  name: 'sandbox',
  async run(): Promise<Figures> {
    const targets = Array.from({ length: N }, () => Wallet.generate())
    const genesis = Wallet.fromSeed(GENESIS_SEED) // secp256k1, like most wallets in the wild
    const secp = applyRate(signPayments(genesis, targets, 1))
    const t0 = performance.now()
    const sb = await startSandbox({ port: 0, gatewayPort: 0, closeMs: 0, demo: true })
    const demoMs = Math.round(performance.now() - t0)
    await sb.stop()
    return {
      secp256k1_payments_applied_per_s: secp.perS,
      close_1000_txs_ms: secp.closeMs,
      demo_populate_ms: demoMs,
    }
  },
}
