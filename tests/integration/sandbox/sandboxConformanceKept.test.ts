/**
 * Conformance: what rippled does with a local submit that did not get into the open ledger (LocalTxs
 * and held transactions in NetworkOPs). ter, tel and most tef results are kept (`kept: true`), show in
 * `tx` as not validated, and are tried again in each new open ledger until they apply, their Sequence
 * or LastLedgerSequence passes, or five ledgers go by. tem results are not kept. The app's
 * exactly-once engine relies on this: a tel answer does not mean the transaction is dead.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet } from 'xrpl'

import {
  accountData,
  fillOpenLedger,
  fund,
  signedAccountSet,
  startHarness,
  submitBlob,
} from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
let alice: Wallet
let aliceSeq: number

beforeEach(async () => {
  h = await startHarness({ expectedLedgerSize: 5 })
  alice = Wallet.generate()
  await fund(h, 100, alice)
  aliceSeq = (await accountData(h.client, alice.address)).Sequence
})

afterEach(async () => {
  await h.stop()
})

/** A signed AccountSet of alice with this sequence offset from her account Sequence. */
function aliceTx(offset: number, fields: Record<string, unknown> = {}) {
  return signedAccountSet(alice, aliceSeq + offset, fields)
}

/** `tx` for a hash: the result, or the error data (txnNotFound) when the server does not know it. */
async function lookup(hash: string): Promise<Record<string, unknown>> {
  return h.client.request({ command: 'tx', transaction: hash }).then(
    (r) => r.result as unknown as Record<string, unknown>,
    (e: { data: Record<string, unknown> }) => e.data,
  )
}

async function closeLedgers(n: number): Promise<void> {
  for (let i = 0; i < n; i++) await h.sb.ledgerAccept()
}

describe('kept transactions', () => {
  it('a tel refusal (queue full for the account) is kept and applies in a later ledger', async () => {
    await fillOpenLedger(h)
    for (let i = 0; i < 10; i++)
      expect((await submitBlob(h.client, aliceTx(i).blob)).engine_result).toBe('terQUEUED')
    const eleventh = aliceTx(10)
    const res = await submitBlob(h.client, eleventh.blob)
    expect(res).toMatchObject({
      engine_result: 'telCAN_NOT_QUEUE_FULL',
      applied: false,
      queued: false,
      kept: true,
      accepted: true,
    })
    expect(await lookup(eleventh.hash)).toMatchObject({ hash: eleventh.hash, validated: false })
    await closeLedgers(3)
    expect(await lookup(eleventh.hash)).toMatchObject({
      validated: true,
      meta: { TransactionResult: 'tesSUCCESS' },
    })
    expect((await accountData(h.client, alice.address, 'validated')).Sequence).toBe(aliceSeq + 11)
  })

  it('a tem result is not kept: the server forgets the transaction', async () => {
    const malformed = aliceTx(0, { SetFlag: 4, ClearFlag: 4 })
    const res = await submitBlob(h.client, malformed.blob)
    expect(res).toMatchObject({ engine_result: 'temINVALID_FLAG', kept: false, accepted: false })
    expect(await lookup(malformed.hash)).toMatchObject({ error: 'txnNotFound' })
  })

  it('tefPAST_SEQ is not kept either', async () => {
    expect((await submitBlob(h.client, aliceTx(0).blob)).engine_result).toBe('tesSUCCESS')
    const stale = aliceTx(0, { Fee: '13' })
    const res = await submitBlob(h.client, stale.blob)
    expect(res).toMatchObject({ engine_result: 'tefPAST_SEQ', kept: false })
    expect(await lookup(stale.hash)).toMatchObject({ error: 'txnNotFound' })
  })

  it('a terPRE_SEQ whose gap is never filled is kept for five more ledgers, then forgotten', async () => {
    const orphan = aliceTx(1)
    expect(await submitBlob(h.client, orphan.blob)).toMatchObject({
      engine_result: 'terPRE_SEQ',
      kept: true,
    })
    // Submitted while ledger N was open: kept while ledgers N … N+5 close, gone once N+6 has.
    await closeLedgers(6)
    expect(await lookup(orphan.hash)).toMatchObject({ validated: false })
    await closeLedgers(1)
    expect(await lookup(orphan.hash)).toMatchObject({ error: 'txnNotFound' })
    expect((await accountData(h.client, alice.address)).Sequence).toBe(aliceSeq)
  })

  it('a kept transaction is forgotten once its LastLedgerSequence has passed', async () => {
    const lls = h.sb.ledger.currentIndex + 1
    const orphan = aliceTx(1, { LastLedgerSequence: lls })
    expect((await submitBlob(h.client, orphan.blob)).engine_result).toBe('terPRE_SEQ')
    await closeLedgers(1)
    expect(await lookup(orphan.hash)).toMatchObject({ validated: false })
    await closeLedgers(1) // ledger `lls` closes without it: it can never apply
    expect(await lookup(orphan.hash)).toMatchObject({ error: 'txnNotFound' })
  })

  it('twenty held transactions behind a gap all validate once it is filled: none is lost', async () => {
    const lls = h.sb.ledger.currentIndex + 30
    const held = Array.from({ length: 20 }, (_, i) => aliceTx(i + 1, { LastLedgerSequence: lls }))
    for (const tx of held)
      expect((await submitBlob(h.client, tx.blob)).engine_result).toBe('terPRE_SEQ')
    expect((await submitBlob(h.client, aliceTx(0).blob)).engine_result).toBe('tesSUCCESS')
    await closeLedgers(5)
    for (const tx of held) expect(await lookup(tx.hash)).toMatchObject({ validated: true })
    expect((await accountData(h.client, alice.address, 'validated')).Sequence).toBe(aliceSeq + 21)
  })
})
