/**
 * The in-process sandbox ledger's queue and robustness: which transaction a full queue gives up
 * (rippled TxQ::apply), that one transaction that throws cannot take a submit or a ledger close down,
 * and that fault switches never touch in-process submits such as the demo's auto-accepting recipients.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { Wallet } from 'xrpl'

import { SandboxLedger } from '../../src/sandbox/ledger/ledger.ts'
import { payment } from '../../src/sandbox/ledger/transactors/payment.ts'
import { startAutoAccept } from '../../src/sandbox/demo/autoAccept.ts'
import { tfSellNFToken } from '../../src/sandbox/ledger/txFlags.ts'
import { fundInProcess, openSequence, submitInProcess } from '../helpers/sandbox.ts'

const wallet = (n: number) => Wallet.fromEntropy(new Uint8Array(16).fill(n))
const noop = { TransactionType: 'AccountSet' }

afterEach(() => {
  vi.restoreAllMocks()
})

/** Fills the open ledger of a ledger whose expected size is 1: two transactions at the base fee. */
function fillOpenLedger(ledger: SandboxLedger, filler: Wallet): void {
  while (ledger.openTxCount < 2) {
    expect(submitInProcess(ledger, filler, noop).engine_result).toBe('tesSUCCESS')
  }
}

/** Queues `count` AccountSets of `w` paying `fee` drops, from its open-ledger Sequence on. */
function queue(ledger: SandboxLedger, w: Wallet, count: number, fee: string): string[] {
  const first = openSequence(ledger, w.address)
  return Array.from({ length: count }, (_, i) => {
    const res = submitInProcess(ledger, w, { ...noop, Fee: fee, Sequence: first + i })
    expect(res.engine_result).toBe('terQUEUED')
    return res.tx_json.hash
  })
}

const queuedSeqs = (ledger: SandboxLedger, w: Wallet) =>
  ledger.queuedFor(w.address).map((q) => q.tx.Sequence)

describe('a full queue (capacity 20)', () => {
  const [filler, cheap, dear, rich] = [1, 2, 3, 4].map(wallet) as [Wallet, Wallet, Wallet, Wallet]

  /** Cheap queues at 12 drops, dear at 15 and rich at 20, until the queue is full. */
  function fullQueue(cheapCount: number, dearCount: number, richCount = 0): SandboxLedger {
    const ledger = new SandboxLedger({ expectedLedgerSize: 1, queueSizeMin: 0 })
    fundInProcess(ledger, 1000, filler, cheap, dear, rich)
    fillOpenLedger(ledger, filler)
    queue(ledger, cheap, cheapCount, '12')
    queue(ledger, dear, dearCount, '15')
    queue(ledger, rich, richCount, '20')
    expect(ledger.queueSize).toBe(ledger.maxQueueSize)
    return ledger
  }

  it('drops the last transaction of the cheapest account for a newcomer that pays more', () => {
    const ledger = fullQueue(10, 10)
    const first = openSequence(ledger, cheap.address)
    const res = submitInProcess(ledger, rich, { ...noop, Fee: '100' })
    expect(res.engine_result).toBe('terQUEUED')
    // The cheapest account keeps its first nine: its chain stays unbroken.
    expect(queuedSeqs(ledger, cheap)).toEqual(Array.from({ length: 9 }, (_, i) => first + i))
  })

  it("never drops the submitter's own transactions", () => {
    const ledger = fullQueue(9, 10, 1)
    const cheapFirst = openSequence(ledger, cheap.address)
    const res = submitInProcess(ledger, cheap, { ...noop, Fee: '100', Sequence: cheapFirst + 9 })
    expect(res.engine_result).toBe('terQUEUED')
    expect(queuedSeqs(ledger, cheap)).toEqual(Array.from({ length: 10 }, (_, i) => cheapFirst + i))
    expect(queuedSeqs(ledger, dear)).toHaveLength(9)
  })

  it('refuses a newcomer that pays no more than the cheapest account (telCAN_NOT_QUEUE_FULL)', () => {
    const ledger = fullQueue(10, 10)
    const res = submitInProcess(ledger, rich, { ...noop, Fee: '12' })
    expect(res.engine_result).toBe('telCAN_NOT_QUEUE_FULL')
    expect(queuedSeqs(ledger, cheap)).toHaveLength(10)
  })

  it('the dropped transaction is kept and still applies in a later ledger', () => {
    const ledger = fullQueue(10, 10)
    const first = openSequence(ledger, cheap.address)
    submitInProcess(ledger, rich, { ...noop, Fee: '100' })
    ledger.expectedLedgerSize = 1000
    ledger.accept()
    ledger.accept()
    expect(openSequence(ledger, cheap.address)).toBe(first + 10)
  })
})

describe('a transaction that throws inside the pipeline', () => {
  const [alice, bomb] = [wallet(5), wallet(6)]

  /** Payments to `bomb` throw in preclaim, as a sandbox bug would. */
  function armBomb(): void {
    const real = payment.preclaim.bind(payment)
    vi.spyOn(payment, 'preclaim').mockImplementation((ctx) => {
      if (ctx.tx.Destination === bomb.address) throw new Error('boom')
      return real(ctx)
    })
    vi.spyOn(console, 'error').mockImplementation(() => {})
  }

  const pay = (sequence: number) => ({
    TransactionType: 'Payment',
    Destination: bomb.address,
    Amount: '5000000',
    Sequence: sequence,
  })

  it('as a held successor: the submit that pulls it in still answers; it is dropped', () => {
    const ledger = new SandboxLedger({ expectedLedgerSize: 10 })
    fundInProcess(ledger, 100, alice)
    armBomb()
    const seq = openSequence(ledger, alice.address)
    const held = submitInProcess(ledger, alice, pay(seq + 1))
    expect(held.engine_result).toBe('terPRE_SEQ')
    expect(submitInProcess(ledger, alice, { ...noop, Sequence: seq }).engine_result).toBe(
      'tesSUCCESS',
    )
    expect(ledger.findPending(held.tx_json.hash)).toBeUndefined()
    expect(() => ledger.accept()).not.toThrow()
  })

  it('when retried at a ledger close: the close completes and the next ledger opens', () => {
    const ledger = new SandboxLedger({ expectedLedgerSize: 1 })
    const filler = wallet(1)
    fundInProcess(ledger, 100, alice, filler)
    armBomb()
    fillOpenLedger(ledger, filler)
    const seq = openSequence(ledger, alice.address)
    const held = submitInProcess(ledger, alice, pay(seq + 1))
    expect(submitInProcess(ledger, alice, { ...noop, Sequence: seq }).engine_result).toBe(
      'terQUEUED',
    )
    const index = ledger.currentIndex
    expect(() => ledger.accept()).not.toThrow()
    expect(ledger.currentIndex).toBe(index + 1)
    expect(openSequence(ledger, alice.address)).toBe(seq + 1)
    expect(ledger.findPending(held.tx_json.hash)).toBeUndefined()
    expect(() => ledger.accept()).not.toThrow()
  })
})

describe('fault switches and in-process submits', () => {
  const [artist, collector] = [wallet(7), wallet(8)]

  it('in-process submits are never lost nor refused by the switches', () => {
    const ledger = new SandboxLedger()
    fundInProcess(ledger, 100, artist)
    ledger.faults.loseSubmits = 1
    ledger.faults.queueFullShare = 1
    expect(submitInProcess(ledger, artist, noop).engine_result).toBe('tesSUCCESS')
    expect(ledger.openTxCount).toBe(1)
    expect(ledger.faults.loseSubmits).toBe(1)
  })

  it('the auto-accepting demo recipient accepts its offer and leaves the switches alone', () => {
    const ledger = new SandboxLedger()
    fundInProcess(ledger, 100, artist, collector)
    const stop = startAutoAccept(ledger, [collector], 1)
    const mint = submitInProcess(ledger, artist, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: 0,
    })
    const nftId = ledger.accept().txs.find((t) => t.hash === mint.tx_json.hash)!.meta.nftoken_id!
    submitInProcess(ledger, artist, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: nftId,
      Amount: '0',
      Flags: tfSellNFToken,
      Destination: collector.address,
    })
    ledger.faults.loseSubmits = 1
    for (let i = 0; i < 3; i++) ledger.accept()
    stop()
    expect(ledger.nfts.get(nftId)?.owner).toBe(collector.address)
    expect(ledger.faults.loseSubmits).toBe(1)
  })
})
