/**
 * Conformance: signer lists and multi-signing with rippled's rules — SignerListSet (set, replace,
 * remove, malformed lists, reserve), multi-signed blobs through `submit` (local signature checks, then
 * the list, keys and quorum), `submit_multisigned`, and the fee of one base fee per signer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet, decode, decodeAccountID, encode, hashes, multisign, xrpToDrops } from 'xrpl'
import type { AccountSet, LedgerEntryRequest, Payment, SignerListSet, Transaction } from 'xrpl'

import {
  accountData,
  fund,
  signRaw,
  signTx,
  startHarness,
  submitBlob,
} from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
/** The multi-signed account and its three signers (quorum 2, weights 1, 1, 2). */
const owner = Wallet.generate()
const [one, two, heavy] = [Wallet.generate(), Wallet.generate(), Wallet.generate()]
/** A signer the list does not name. */
const stranger = Wallet.generate()

async function submitted(wallet: Wallet, tx: Transaction) {
  const signed = await signTx(h.client, wallet, tx as never)
  return submitBlob(h.client, signed.tx_blob)
}

/** Submits a SignerListSet of `account` (the owner unless given). */
async function setList(quorum: number, entries: [Wallet, number][], account = owner) {
  const tx: SignerListSet = {
    TransactionType: 'SignerListSet',
    Account: account.address,
    SignerQuorum: quorum,
    ...(entries.length
      ? {
          SignerEntries: entries.map(([w, weight]) => ({
            SignerEntry: { Account: w.address, SignerWeight: weight },
          })),
        }
      : {}),
  }
  return submitted(account, tx)
}

/** An AccountSet of the owner, autofilled for `signers` signatures, signed by each of them. */
async function multiSigned(signers: Wallet[], fields: Partial<AccountSet> = {}) {
  const tx = await h.client.autofill(
    { TransactionType: 'AccountSet', Account: owner.address, ...fields },
    signers.length,
  )
  const blob = multisign(signers.map((w) => w.sign(tx, true).tx_blob))
  return { tx, blob, hash: hashes.hashSignedTx(blob) }
}

/** account_info's signer lists of `account` (the owner unless given), where the API version puts them. */
async function signerLists(apiVersion: 1 | 2, account = owner.address) {
  const res = await h.client.request({
    command: 'account_info',
    account,
    signer_lists: true,
    api_version: apiVersion,
  })
  const result = res.result as unknown as {
    signer_lists?: unknown[]
    account_data: { signer_lists?: unknown[]; OwnerCount: number }
  }
  return apiVersion === 1 ? result.account_data.signer_lists : result.signer_lists
}

beforeAll(async () => {
  h = await startHarness()
  await fund(h, 100, owner, one, heavy)
})

afterAll(async () => {
  await h.stop()
})

describe('SignerListSet', () => {
  it('account_info shows no signer list as an empty array, in either API version', async () => {
    expect(await signerLists(2)).toEqual([])
    expect(await signerLists(1)).toEqual([])
  })

  it('malformed lists are refused before they reach the ledger', async () => {
    expect(
      (
        await setList(3, [
          [one, 1],
          [two, 1],
        ])
      ).engine_result,
    ).toBe('temBAD_QUORUM')
    expect((await setList(1, [[one, 0]])).engine_result).toBe('temBAD_WEIGHT')
    expect((await setList(1, [[owner, 1]])).engine_result).toBe('temBAD_SIGNER')
    expect(
      (
        await setList(1, [
          [one, 1],
          [one, 1],
        ])
      ).engine_result,
    ).toBe('temBAD_SIGNER')
    expect((await setList(0, [[one, 1]])).engine_result).toBe('temMALFORMED')
    // 33 signers: xrpl.js refuses to sign it, so it is signed without its checks.
    const { Sequence } = await accountData(h.client, owner.address)
    const many = signRaw(owner, {
      TransactionType: 'SignerListSet',
      Account: owner.address,
      Fee: '12',
      Sequence,
      SignerQuorum: 1,
      SignerEntries: Array.from({ length: 33 }, () => ({
        SignerEntry: { Account: Wallet.generate().address, SignerWeight: 1 },
      })),
    })
    expect((await submitBlob(h.client, many)).engine_result).toBe('temMALFORMED')
  })

  it('sets a list sorted by account, for one owner reserve, with lsfOneOwnerCount', async () => {
    const before = await accountData(h.client, owner.address)
    expect(
      (
        await setList(2, [
          [heavy, 2],
          [two, 1],
          [one, 1],
        ])
      ).engine_result,
    ).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const [list] = (await signerLists(2)) as {
      SignerQuorum: number
      Flags: number
      SignerEntries: { SignerEntry: { Account: string } }[]
    }[]
    expect(list!.SignerQuorum).toBe(2)
    expect(list!.Flags).toBe(0x00010000)
    const accounts = list!.SignerEntries.map((e) => e.SignerEntry.Account)
    const byId = (a: string) => Buffer.from(decodeAccountID(a)).toString('hex')
    expect(accounts.map(byId)).toEqual([...accounts].map(byId).sort())
    expect(new Set(accounts)).toEqual(new Set([one.address, two.address, heavy.address]))
    expect((await accountData(h.client, owner.address)).OwnerCount).toBe(before.OwnerCount + 1)
    // API v1 puts the list inside account_data.
    expect(await signerLists(1)).toHaveLength(1)
  })

  it('ledger_entry finds the list by its key, and account_objects lists it', async () => {
    const objects = await h.client.request({
      command: 'account_objects',
      account: owner.address,
      type: 'signer_list',
    })
    expect(objects.result.account_objects).toHaveLength(1)
    const index = objects.result.account_objects[0]!.index
    const request = { command: 'ledger_entry', signer_list: index }
    const entry = await h.client.request(request as unknown as LedgerEntryRequest)
    expect((entry.result as { node: { LedgerEntryType: string } }).node.LedgerEntryType).toBe(
      'SignerList',
    )
  })
})

describe('multi-signed submits', () => {
  it('two signers reaching the quorum apply it; the fee is one base fee per signer plus one', async () => {
    const { tx, blob, hash } = await multiSigned([one, two], { Domain: '6578616D706C65' })
    expect(tx.Fee).toBe('36')
    const res = await submitBlob(h.client, blob)
    expect(res.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const done = await h.client.request({ command: 'tx', transaction: hash })
    expect(done.result.meta).toMatchObject({ TransactionResult: 'tesSUCCESS' })
    expect(done.result.tx_json).toMatchObject({ SigningPubKey: '', Domain: '6578616D706C65' })
  })

  it('one heavy signer alone reaches the quorum; one light signer does not (tefBAD_QUORUM)', async () => {
    expect((await submitBlob(h.client, (await multiSigned([heavy])).blob)).engine_result).toBe(
      'tesSUCCESS',
    )
    expect((await submitBlob(h.client, (await multiSigned([one])).blob)).engine_result).toBe(
      'tefBAD_QUORUM',
    )
  })

  it('a signer not on the list: tefBAD_SIGNATURE; paying for fewer signers: telINSUF_FEE_P', async () => {
    const res = await submitBlob(h.client, (await multiSigned([one, stranger])).blob)
    expect(res.engine_result).toBe('tefBAD_SIGNATURE')
    const tx = await h.client.autofill({ TransactionType: 'AccountSet', Account: owner.address }, 1)
    const blob = multisign([one.sign(tx, true).tx_blob, two.sign(tx, true).tx_blob])
    expect((await submitBlob(h.client, blob)).engine_result).toBe('telINSUF_FEE_P')
  })

  it('a tampered or unsorted multi-signature fails local checks and names the signer', async () => {
    const { blob } = await multiSigned([one, two])
    const tx = decode(blob) as unknown as { Signers: { Signer: { TxnSignature: string } }[] }
    const good = tx.Signers.map((s) => s.Signer.TxnSignature)
    const tampered = structuredClone(tx)
    tampered.Signers[1]!.Signer.TxnSignature = good[0]!
    const reply = await h.client
      .request({ command: 'submit', tx_blob: encode(tampered as never) })
      .catch((e: { data?: unknown }) => e.data)
    expect(reply).toMatchObject({ error: 'invalidTransaction' })
    expect((reply as { error_exception: string }).error_exception).toMatch(
      /^fails local checks: Invalid signature on account r/,
    )
    const unsorted = { ...tx, Signers: [...tx.Signers].reverse() }
    const reply2 = await h.client
      .request({ command: 'submit', tx_blob: encode(unsorted as never) })
      .catch((e: { data?: unknown }) => e.data)
    expect(reply2).toMatchObject({ error_exception: 'fails local checks: Unsorted Signers array.' })
  })

  it('an account without a list: tefNOT_MULTI_SIGNING', async () => {
    const tx = await h.client.autofill({ TransactionType: 'AccountSet', Account: one.address }, 1)
    const blob = multisign([two.sign(tx, true).tx_blob])
    expect((await submitBlob(h.client, blob)).engine_result).toBe('tefNOT_MULTI_SIGNING')
  })

  it("a signer's regular key signs for it; its disabled master key does not", async () => {
    const key = Wallet.generate()
    expect(
      (
        await submitted(heavy, {
          TransactionType: 'SetRegularKey',
          Account: heavy.address,
          RegularKey: key.address,
        })
      ).engine_result,
    ).toBe('tesSUCCESS')
    const tx = await h.client.autofill({ TransactionType: 'AccountSet', Account: owner.address }, 1)
    // The regular key's wallet, signing for heavy's account.
    const asHeavy = new Wallet(key.publicKey, key.privateKey, { masterAddress: heavy.address })
    expect(
      (await submitBlob(h.client, multisign([asHeavy.sign(tx, true).tx_blob]))).engine_result,
    ).toBe('tesSUCCESS')
    expect(
      (
        await submitted(heavy, {
          TransactionType: 'AccountSet',
          Account: heavy.address,
          SetFlag: 4, // asfDisableMaster
        })
      ).engine_result,
    ).toBe('tesSUCCESS')
    const next = await h.client.autofill(
      { TransactionType: 'AccountSet', Account: owner.address },
      1,
    )
    expect(
      (await submitBlob(h.client, multisign([heavy.sign(next, true).tx_blob]))).engine_result,
    ).toBe('tefMASTER_DISABLED')
    await h.sb.ledgerAccept()
  })
})

describe('submit_multisigned', () => {
  it('takes the transaction in JSON, sorts its signers and answers as rippled (v2: hash beside tx_json)', async () => {
    const tx = await h.client.autofill({ TransactionType: 'AccountSet', Account: owner.address }, 2)
    const blob = multisign([one.sign(tx, true).tx_blob, two.sign(tx, true).tx_blob])
    const json = decode(blob) as unknown as { Signers: unknown[] }
    const res = await h.client.request({
      command: 'submit_multisigned',
      tx_json: { ...json, Signers: [...json.Signers].reverse() } as never,
    })
    expect(res.result).toEqual({
      engine_result: 'tesSUCCESS',
      engine_result_code: 0,
      engine_result_message: 'The transaction was applied. Only final in a validated ledger.',
      tx_blob: blob,
      tx_json: decode(blob),
      hash: hashes.hashSignedTx(blob),
    })
  })

  it('v1 puts the hash inside tx_json; a Payment shows Amount and DeliverMax', async () => {
    const payment: Payment = {
      TransactionType: 'Payment',
      Account: owner.address,
      Destination: one.address,
      Amount: xrpToDrops(1),
    }
    const tx = await h.client.autofill(payment, 2)
    const blob = multisign([one.sign(tx, true).tx_blob, two.sign(tx, true).tx_blob])
    const res = await h.client.request({
      command: 'submit_multisigned',
      tx_json: decode(blob) as never,
      api_version: 1,
    })
    expect(res.result).toMatchObject({
      engine_result: 'tesSUCCESS',
      tx_json: { hash: hashes.hashSignedTx(blob), Amount: '1000000', DeliverMax: '1000000' },
    })
  })

  it('refuses what rippled refuses, each with its message', async () => {
    const tx = await h.client.autofill({ TransactionType: 'AccountSet', Account: owner.address }, 1)
    const json = decode(multisign([one.sign(tx, true).tx_blob]))
    const failure = (tx_json: Record<string, unknown>) =>
      h.client
        .request({ command: 'submit_multisigned', tx_json: tx_json as never })
        .then(() => undefined)
        .catch((e: { data?: unknown }) => e.data)
    const { Fee: _fee, ...noFee } = json
    expect(await failure(noFee)).toMatchObject({
      error: 'invalidParams',
      error_message: "Missing field 'tx_json.Fee'.",
    })
    expect(await failure({ ...json, SigningPubKey: one.publicKey })).toMatchObject({
      error_message: "When multi-signing 'tx_json.SigningPubKey' must be empty.",
    })
    expect(await failure({ ...json, Signers: [] })).toMatchObject({
      error_message: 'tx_json.Signers array may not be empty.',
    })
    expect(await failure({ ...json, Account: Wallet.generate().address })).toMatchObject({
      error: 'srcActNotFound',
      error_code: 67,
    })
    const signers = json.Signers as { Signer: Record<string, string> }[]
    expect(
      await failure({ ...json, Signers: [...signers, { Signer: { ...signers[0]!.Signer } }] }),
    ).toMatchObject({
      error_message: `Duplicate Signers:Signer:Account entries (${one.address}) are not allowed.`,
    })
    // A Payment without its Destination: the template's error, not a signature's.
    expect(await failure({ ...json, TransactionType: 'Payment', Amount: '1' })).toMatchObject({
      error: 'invalidParams',
      error_message: "Field 'Destination' is required but missing.",
    })
    const forged = { Signer: { ...signers[0]!.Signer, TxnSignature: '3045' + '00'.repeat(67) } }
    expect(await failure({ ...json, Signers: [forged] })).toMatchObject({
      error: 'internal',
      error_message: 'Invalid signature.',
    })
  })
})

describe('replacing and removing the list', () => {
  it('a new list replaces the old one for the same single owner reserve', async () => {
    const before = await accountData(h.client, owner.address)
    expect((await setList(1, [[one, 1]])).engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const lists = (await signerLists(2)) as { SignerQuorum: number; SignerEntries: unknown[] }[]
    expect(lists).toHaveLength(1)
    expect(lists[0]).toMatchObject({
      SignerQuorum: 1,
      SignerEntries: [{ SignerEntry: { Account: one.address } }],
    })
    expect((await accountData(h.client, owner.address)).OwnerCount).toBe(before.OwnerCount)
  })

  it('an account that cannot pay one more owner reserve: tecINSUFFICIENT_RESERVE, nothing set', async () => {
    const poor = Wallet.generate()
    // 1 XRP reserve plus the fee: no room for the list's 0.2 XRP.
    await fund(h, 1.1, poor)
    expect((await setList(1, [[one, 1]], poor)).engine_result).toBe('tecINSUFFICIENT_RESERVE')
    await h.sb.ledgerAccept()
    expect((await accountData(h.client, poor.address)).OwnerCount).toBe(0)
  })

  it('a SignerEntry without its Account fails local checks, before the ledger sees it', async () => {
    const { Sequence } = await accountData(h.client, owner.address)
    const blob = signRaw(owner, {
      TransactionType: 'SignerListSet',
      Account: owner.address,
      Fee: '12',
      Sequence,
      SignerQuorum: 1,
      SignerEntries: [{ SignerEntry: { SignerWeight: 1 } }],
    })
    const reply = await h.client
      .request({ command: 'submit', tx_blob: blob })
      .catch((e: { data?: unknown }) => e.data)
    expect(reply).toMatchObject({
      error: 'invalidTransaction',
      error_exception: "Field 'Account' is required but missing.",
    })
  })

  it('with the master key disabled and no regular key, the list cannot go: tecNO_ALTERNATIVE_KEY', async () => {
    const locked = Wallet.generate()
    await fund(h, 50, locked)
    expect((await setList(1, [[one, 1]], locked)).engine_result).toBe('tesSUCCESS')
    const disable = { TransactionType: 'AccountSet', Account: locked.address, SetFlag: 4 } as const
    expect((await submitted(locked, disable)).engine_result).toBe('tesSUCCESS')
    // Now only the list can sign for it: one signs the removal.
    const tx = await h.client.autofill(
      { TransactionType: 'SignerListSet', Account: locked.address, SignerQuorum: 0 },
      1,
    )
    const blob = multisign([one.sign(tx, true).tx_blob])
    expect((await submitBlob(h.client, blob)).engine_result).toBe('tecNO_ALTERNATIVE_KEY')
    await h.sb.ledgerAccept()
    expect(await signerLists(2, locked.address)).toHaveLength(1)
  })

  it('quorum 0 without entries removes it and gives the reserve back', async () => {
    const before = await accountData(h.client, owner.address)
    expect((await setList(0, [])).engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    expect(await signerLists(2)).toEqual([])
    expect((await accountData(h.client, owner.address)).OwnerCount).toBe(before.OwnerCount - 1)
  })
})
