/**
 * Conformance: reading state entry by entry (ledger_entry, ledger_data) as rippled answers, and the
 * two transactions that change or end what an account has: NFTokenModify (DynamicNFT) and
 * AccountDelete.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet, convertStringToHex, decode, getNFTokenID } from 'xrpl'
import type {
  AccountDelete,
  LedgerDataRequest,
  LedgerEntryRequest,
  NFTokenMint,
  TransactionMetadata,
} from 'xrpl'

import {
  accountData,
  fund,
  signRaw,
  signTx,
  startHarness,
  submitBlob,
} from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'
import { keylet } from '../../../src/sandbox/ledger/keylets.ts'

let h: Harness
const alice = Wallet.generate()
const bob = Wallet.generate()

/** A raw request's error, or undefined when it succeeds. */
async function errorOf(request: Record<string, unknown>): Promise<Record<string, unknown>> {
  return h.client
    .request(request as unknown as LedgerEntryRequest)
    .then(() => ({}))
    .catch((e: { data?: Record<string, unknown> }) => e.data ?? {})
}

async function entry(request: Record<string, unknown>) {
  const res = await h.client.request({ command: 'ledger_entry', ...request })
  return res.result as unknown as Record<string, unknown>
}

async function submitted(wallet: Wallet, tx: Parameters<typeof signTx>[2]) {
  const signed = await signTx(h.client, wallet, tx)
  const res = await submitBlob(h.client, signed.tx_blob)
  return { ...res, hash: signed.hash }
}

async function mint(wallet: Wallet, flags: number, uri?: string): Promise<string> {
  const tx: NFTokenMint = {
    TransactionType: 'NFTokenMint',
    Account: wallet.address,
    NFTokenTaxon: 0,
    Flags: flags,
    ...(uri ? { URI: uri } : {}),
  }
  const { hash, engine_result } = await submitted(wallet, tx)
  expect(engine_result).toBe('tesSUCCESS')
  await h.sb.ledgerAccept()
  const res = await h.client.request({ command: 'tx', transaction: hash })
  return getNFTokenID(res.result.meta)!
}

async function uriOf(owner: string, id: string): Promise<string | undefined> {
  const res = await h.client.request({ command: 'account_nfts', account: owner })
  return res.result.account_nfts.find((n) => n.NFTokenID === id)?.URI
}

beforeAll(async () => {
  h = await startHarness()
  await fund(h, 1000, alice, bob)
})

afterAll(async () => {
  await h.stop()
})

describe('ledger_entry', () => {
  it('names an account root by address, or any entry by index; the open ledger unless told', async () => {
    const byAddress = await entry({ account_root: alice.address })
    const index = keylet.account(alice.address)
    expect(byAddress).toMatchObject({
      index,
      validated: false,
      node: { LedgerEntryType: 'AccountRoot', Account: alice.address, index },
    })
    expect(typeof byAddress.ledger_current_index).toBe('number')
    const byIndex = await entry({ index, ledger_index: 'validated' })
    expect(byIndex).toMatchObject({ index, validated: true, node: { Account: alice.address } })
    expect(typeof byIndex.ledger_hash).toBe('string')
  })

  it('binary: node_binary decodes to the same entry, and there is no node', async () => {
    const json = await entry({ account_root: alice.address })
    const binary = await entry({ account_root: alice.address, binary: true })
    expect(binary.node).toBeUndefined()
    const { index: _index, ...fields } = json.node as Record<string, unknown>
    expect(decode(binary.node_binary as string)).toEqual(fields)
  })

  it('a missing entry: entryNotFound with its index; a type mismatch: unexpectedLedgerType', async () => {
    const nobody = Wallet.generate().address
    expect(await errorOf({ command: 'ledger_entry', account_root: nobody })).toMatchObject({
      error: 'entryNotFound',
      error_code: 98,
      index: keylet.account(nobody),
    })
    expect(
      await errorOf({ command: 'ledger_entry', ticket: keylet.account(alice.address) }),
    ).toMatchObject({ error: 'unexpectedLedgerType', error_code: 99 })
  })

  it('bad selectors get rippled errors; no selector differs by API version', async () => {
    expect(await errorOf({ command: 'ledger_entry', account_root: 'rBad' })).toMatchObject({
      error: 'malformedAddress',
      error_code: 31,
    })
    expect(
      await errorOf({
        command: 'ledger_entry',
        account_root: alice.address,
        index: keylet.account(alice.address),
      }),
    ).toMatchObject({ error: 'invalidParams', error_message: 'Too many fields provided.' })
    expect(await errorOf({ command: 'ledger_entry' })).toMatchObject({
      error: 'invalidParams',
      error_message: 'No ledger_entry params provided.',
    })
    const v1 = await errorOf({ command: 'ledger_entry', api_version: 1 })
    expect(v1.error).toBe('unknownOption')
    expect(v1.error_code).toBeUndefined()
  })

  it('object forms of entries the sandbox never holds are parsed, then not found; bad ones say why', async () => {
    const line = await errorOf({
      command: 'ledger_entry',
      ripple_state: { accounts: [alice.address, bob.address], currency: 'USD' },
    })
    const reversed = await errorOf({
      command: 'ledger_entry',
      ripple_state: { accounts: [bob.address, alice.address], currency: 'USD' },
    })
    expect(line).toMatchObject({ error: 'entryNotFound' })
    expect(line.index).toMatch(/^[0-9A-F]{64}$/)
    expect(reversed.index).toBe(line.index)
    expect(
      await errorOf({
        command: 'ledger_entry',
        deposit_preauth: { owner: alice.address, authorized: bob.address },
      }),
    ).toMatchObject({ error: 'entryNotFound' })
    expect(
      await errorOf({
        command: 'ledger_entry',
        ripple_state: { accounts: [alice.address, alice.address], currency: 'USD' },
      }),
    ).toMatchObject({
      error: 'malformedRequest',
      error_message: 'Cannot have a trustline to self.',
    })
    expect(
      await errorOf({ command: 'ledger_entry', offer: { account: alice.address } }),
    ).toMatchObject({ error: 'malformedRequest', error_message: "Missing field 'seq'." })
    expect(
      await errorOf({
        command: 'ledger_entry',
        directory: { owner: alice.address, sub_index: 2 ** 64 },
      }),
    ).toMatchObject({ error: 'malformedRequest', error_code: 31 })
  })

  it('a ticket by {account, ticket_seq} and the owner directory by {owner}', async () => {
    const { Sequence } = await accountData(h.client, bob.address)
    const res = await submitted(bob, {
      TransactionType: 'TicketCreate',
      Account: bob.address,
      TicketCount: 1,
    })
    expect(res.engine_result).toBe('tesSUCCESS')
    const ticket = await entry({ ticket: { account: bob.address, ticket_seq: Sequence + 1 } })
    expect(ticket.node).toMatchObject({ LedgerEntryType: 'Ticket', TicketSequence: Sequence + 1 })
    const dir = await entry({ directory: { owner: bob.address } })
    expect(dir.node).toMatchObject({
      LedgerEntryType: 'DirectoryNode',
      Owner: bob.address,
      Indexes: [ticket.index],
    })
  })
})

describe('ledger_data', () => {
  it('pages through the whole state in key order; the marker is the next key minus one', async () => {
    await h.sb.ledgerAccept()
    const pages: { keys: string[]; marker?: string }[] = []
    let marker: unknown
    let first: Record<string, unknown> | undefined
    do {
      const request: LedgerDataRequest = {
        command: 'ledger_data',
        ledger_index: 'validated',
        limit: 2,
        ...(marker ? { marker } : {}),
      }
      const page = (await h.client.request(request)).result
      first ??= page as unknown as Record<string, unknown>
      if (marker) expect(page).not.toHaveProperty('ledger')
      pages.push({
        keys: page.state.map((e) => e.index),
        marker: page.marker as string | undefined,
      })
      marker = page.marker
    } while (marker)
    for (let i = 0; i + 1 < pages.length; i++) {
      const next = BigInt(`0x${pages[i + 1]!.keys[0]}`)
      expect(BigInt(`0x${pages[i]!.marker}`)).toBe(next - 1n)
    }
    const seen = pages.flatMap((p) => p.keys)
    expect(first).toMatchObject({ ledger: { closed: true }, validated: true })
    expect(typeof first.ledger_index).toBe('number')
    expect(seen).toEqual([...seen].sort())
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toEqual(
      expect.arrayContaining([keylet.account(alice.address), keylet.account(bob.address)]),
    )
    expect(seen.length).toBe(h.sb.ledger.validated.state!.size)
  })

  it('binary pages give {data, index}; the type filter takes RPC and canonical names', async () => {
    const bin = await h.client.request({
      command: 'ledger_data',
      ledger_index: 'validated',
      binary: true,
      limit: 1,
    })
    const [item] = bin.result.state as { data: string; index: string }[]
    expect(decode(item!.data)).toHaveProperty('LedgerEntryType')
    expect(
      (bin.result as unknown as { ledger: { ledger_data: string } }).ledger.ledger_data,
    ).toMatch(/^[0-9A-F]+$/)
    const tickets = await h.client.request({
      command: 'ledger_data',
      ledger_index: 'validated',
      type: 'ticket',
    })
    expect(
      tickets.result.state.map((e) => (e as { LedgerEntryType: string }).LedgerEntryType),
    ).toEqual(['Ticket'])
    const roots = await h.client.request({
      command: 'ledger_data',
      ledger_index: 'validated',
      type: 'accountroot',
    } as unknown as LedgerDataRequest)
    expect(roots.result.state.length).toBeGreaterThan(2)
    const amm = await h.client.request({ command: 'ledger_data', type: 'amm' } as never)
    expect((amm as { result: { state: unknown[] } }).result.state).toEqual([])
    for (const type of ['nonsense', 'account_root']) {
      expect(await errorOf({ command: 'ledger_data', type })).toMatchObject({
        error: 'invalidParams',
        error_message: "Invalid field 'type'.",
      })
    }
  })
})

describe('NFTokenModify', () => {
  it('the issuer changes, then removes, the URI of a mutable token held by someone else', async () => {
    const id = await mint(alice, 0x10 | 0x08, convertStringToHex('https://example.com/1'))
    // Hand it to bob: a free sell offer to him, accepted.
    const offer = await submitted(alice, {
      TransactionType: 'NFTokenCreateOffer',
      Account: alice.address,
      NFTokenID: id,
      Amount: '0',
      Destination: bob.address,
      Flags: 1,
    })
    expect(offer.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const offers = await h.client.request({ command: 'nft_sell_offers', nft_id: id })
    const accepted = await submitted(bob, {
      TransactionType: 'NFTokenAcceptOffer',
      Account: bob.address,
      NFTokenSellOffer: offers.result.offers[0]!.nft_offer_index,
    })
    expect(accepted.engine_result).toBe('tesSUCCESS')
    const newUri = convertStringToHex('https://example.com/2')
    const modified = await submitted(alice, {
      TransactionType: 'NFTokenModify',
      Account: alice.address,
      Owner: bob.address,
      NFTokenID: id,
      URI: newUri,
    })
    expect(modified.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    expect(await uriOf(bob.address, id)).toBe(newUri)
    const nftInfo = await h.client.request({ command: 'nft_info', nft_id: id } as never)
    expect((nftInfo as { result: { uri: string } }).result.uri).toBe(newUri)
    const removed = await submitted(alice, {
      TransactionType: 'NFTokenModify',
      Account: alice.address,
      Owner: bob.address,
      NFTokenID: id,
    })
    expect(removed.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    expect(await uriOf(bob.address, id)).toBeUndefined()
  })

  it('refuses an immutable token, the holder who is not the issuer, a missing token, an empty URI', async () => {
    const fixed = await mint(alice, 0x08, convertStringToHex('https://example.com/fixed'))
    const modify = (account: Wallet, id: string, extra: Record<string, unknown> = {}) =>
      submitted(account, {
        TransactionType: 'NFTokenModify',
        Account: account.address,
        NFTokenID: id,
        ...extra,
      } as never)
    expect((await modify(alice, fixed)).engine_result).toBe('tecNO_PERMISSION')
    const mutable = await mint(bob, 0x10)
    expect((await modify(alice, mutable, { Owner: bob.address })).engine_result).toBe(
      'tecNO_PERMISSION',
    )
    expect((await modify(alice, mutable)).engine_result).toBe('tecNO_ENTRY')
    expect((await modify(bob, mutable, { Owner: bob.address })).engine_result).toBe('temMALFORMED')
  })
})

describe('AccountDelete', () => {
  it('too soon after the account was created: tecTOO_SOON, and the fee is one owner reserve', async () => {
    const carol = Wallet.generate()
    await fund(h, 50, carol)
    const request: AccountDelete = {
      TransactionType: 'AccountDelete',
      Account: carol.address,
      Destination: alice.address,
    }
    const tx = await h.client.autofill(request)
    expect(tx.Fee).toBe('200000')
    // The ledger asks for it too: the base fee is not enough.
    const cheap = carol.sign({ ...tx, Fee: '12' })
    expect((await submitBlob(h.client, cheap.tx_blob)).engine_result).toBe('telINSUF_FEE_P')
    const signed = carol.sign(tx)
    expect((await submitBlob(h.client, signed.tx_blob)).engine_result).toBe('tecTOO_SOON')
  })

  it('once its Sequence is 256 ledgers behind, it deletes the account, its tickets with it, and delivers the rest', async () => {
    const dave = Wallet.generate()
    await fund(h, 50, dave)
    expect(
      (
        await submitted(dave, {
          TransactionType: 'TicketCreate',
          Account: dave.address,
          TicketCount: 2,
        })
      ).engine_result,
    ).toBe('tesSUCCESS')
    // The rule counts from its Sequence (open ledger ≥ Sequence + 255), and the TicketCreate moved
    // it three past the ledger that created it: 256 closes later is still too soon.
    for (let i = 0; i < 256; i++) await h.sb.ledgerAccept()
    const deleteDave = () =>
      submitted(dave, {
        TransactionType: 'AccountDelete',
        Account: dave.address,
        Destination: alice.address,
      })
    expect((await deleteDave()).engine_result).toBe('tecTOO_SOON')
    // That tec took its fee and a Sequence too: two more ledgers.
    await h.sb.ledgerAccept()
    await h.sb.ledgerAccept()
    const before = BigInt((await accountData(h.client, alice.address)).Balance)
    const { Balance } = await accountData(h.client, dave.address)
    const res = await deleteDave()
    expect(res.engine_result).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
    const delivered = BigInt(Balance) - 200_000n
    expect(BigInt((await accountData(h.client, alice.address)).Balance)).toBe(before + delivered)
    const gone = await errorOf({ command: 'account_info', account: dave.address })
    expect(gone).toMatchObject({ error: 'actNotFound' })
    const done = await h.client.request({ command: 'tx', transaction: res.hash })
    expect(done.result.meta).toMatchObject({
      TransactionResult: 'tesSUCCESS',
      DeliveredAmount: delivered.toString(),
    })
    const nodes = (done.result.meta as TransactionMetadata).AffectedNodes
    const deleted = nodes
      .filter((n) => 'DeletedNode' in n)
      .map((n) => (n as { DeletedNode: { LedgerEntryType: string } }).DeletedNode.LedgerEntryType)
    expect(deleted.sort()).toEqual(['AccountRoot', 'DirectoryNode', 'Ticket', 'Ticket'])
    const root = nodes.find(
      (n) => 'DeletedNode' in n && n.DeletedNode.LedgerEntryType === 'AccountRoot',
    ) as { DeletedNode: { FinalFields: Record<string, unknown> } }
    expect(root.DeletedNode.FinalFields).toMatchObject({ Balance: '0', OwnerCount: 0 })
    expect(root.DeletedNode.FinalFields).not.toHaveProperty('TicketCount')
  })

  it('an account holding an NFT cannot be deleted: tecHAS_OBLIGATIONS', async () => {
    const erin = Wallet.generate()
    await fund(h, 50, erin)
    await mint(erin, 0x08)
    for (let i = 0; i < 260; i++) await h.sb.ledgerAccept()
    // xrpl.js will not autofill it (it sees the NFT page), so it is filled and signed here.
    const { Sequence } = await accountData(h.client, erin.address)
    const blob = signRaw(erin, {
      TransactionType: 'AccountDelete',
      Account: erin.address,
      Destination: alice.address,
      Fee: '200000',
      Sequence,
    })
    expect((await submitBlob(h.client, blob)).engine_result).toBe('tecHAS_OBLIGATIONS')
  })
})
