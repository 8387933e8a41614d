/**
 * The sandbox's auto-accepting demo recipients take a mint's offer (XLS-52: NFTokenMint with
 * Amount and Destination makes a sell offer with the NFT) as they take a sell offer: a team that
 * mints straight to recipients 1–10 sees them accept, as an airdrop's do.
 */
import { Wallet } from 'xrpl'
import { describe, expect, it } from 'vitest'

import { SandboxLedger } from '../../src/sandbox/ledger/ledger.ts'
import { startAutoAccept } from '../../src/sandbox/demo/autoAccept.ts'
import { fundInProcess, submitInProcess } from '../helpers/sandbox.ts'

const wallet = (n: number) => Wallet.fromEntropy(new Uint8Array(16).fill(n))

describe('auto-accepting demo recipients', () => {
  const [team, collector] = [wallet(21), wallet(22)]

  it("accept a mint's offer made to them, and nothing of a mint without one", () => {
    const ledger = new SandboxLedger()
    fundInProcess(ledger, 100, team, collector)
    const stop = startAutoAccept(ledger, [collector], 1)
    const offered = submitInProcess(ledger, team, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 0,
      Flags: 8,
      Amount: '0',
      Destination: collector.address,
    })
    const kept = submitInProcess(ledger, team, { TransactionType: 'NFTokenMint', NFTokenTaxon: 0 })
    const minted = ledger.accept().txs
    const idOf = (hash: string) => minted.find((t) => t.hash === hash)!.meta.nftoken_id!
    for (let i = 0; i < 3; i++) ledger.accept()
    stop()
    expect(ledger.nfts.get(idOf(offered.tx_json.hash))?.owner).toBe(collector.address)
    expect(ledger.nfts.get(idOf(kept.tx_json.hash))?.owner).toBe(team.address)
  })
})
