/**
 * Conformance of the NFT transactors through the real xrpl.js Client: a full
 * mint / offer / accept / cancel / burn cycle with submitAndWait, getNFTokenID on real metadata,
 * account_nfts paging, nft_sell_offers, and the result codes an app meets most.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { Wallet, getNFTokenID } from 'xrpl'
import type { SubmittableTransaction, TransactionMetadata, TxResponse } from 'xrpl'

import { keylet } from '../../../src/sandbox/ledger/keylets.ts'
import { compareTokenIds } from '../../../src/sandbox/ledger/nftokenPages.ts'
import {
  accountData,
  closeLedgers,
  fund,
  signRaw,
  startHarness,
  submitBlob,
} from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

const tfTransferable = 8
let h: Harness
let alice: Wallet
let bob: Wallet

beforeEach(async () => {
  h = await startHarness({ expectedLedgerSize: 1000 })
  alice = Wallet.generate()
  bob = Wallet.generate()
  await fund(h, 100, alice, bob)
})

afterEach(async () => {
  await h.stop()
})

/** submitAndWait while ledgers close every 50 ms; returns the validated metadata. */
async function submitAndWait(wallet: Wallet, tx: Record<string, unknown>) {
  const stop = closeLedgers(h.sb)
  try {
    const res = await h.client.submitAndWait(tx as unknown as SubmittableTransaction, { wallet })
    return res.result.meta as TransactionMetadata & Record<string, unknown>
  } finally {
    stop()
  }
}

/** Signs a complete transaction (fee 12, the account's next Sequence) without client validation. */
async function submitRaw(wallet: Wallet, tx: Record<string, unknown>): Promise<string> {
  const { Sequence } = await accountData(h.client, wallet.address)
  const full = { Account: wallet.address, Fee: '12', Sequence, ...tx }
  return (await submitBlob(h.client, signRaw(wallet, full))).engine_result
}

async function mint(wallet: Wallet, fields: Record<string, unknown> = {}): Promise<string> {
  const meta = await submitAndWait(wallet, {
    TransactionType: 'NFTokenMint',
    Account: wallet.address,
    NFTokenTaxon: 0,
    ...fields,
  })
  return getNFTokenID(meta)!
}

describe('NFT cycle through xrpl.js', () => {
  it('mints, offers, accepts, cancels and burns with rippled-shaped metadata', async () => {
    const uri = Buffer.from('ipfs://cid/1.json').toString('hex').toUpperCase()
    const mintMeta = await submitAndWait(alice, {
      TransactionType: 'NFTokenMint',
      Account: alice.address,
      NFTokenTaxon: 42,
      Flags: tfTransferable,
      TransferFee: 1000,
      URI: uri,
    })
    const id = getNFTokenID(mintMeta)!
    expect(mintMeta.TransactionResult).toBe('tesSUCCESS')
    expect(mintMeta.nftoken_id).toBe(id)
    const nfts = await h.client.request({ command: 'account_nfts', account: alice.address })
    expect(nfts.result.account_nfts).toEqual([
      expect.objectContaining({ NFTokenID: id, NFTokenTaxon: 42, URI: uri, TransferFee: 1000 }),
    ])

    const aliceSeq = (await accountData(h.client, alice.address)).Sequence
    const offerMeta = await submitAndWait(alice, {
      TransactionType: 'NFTokenCreateOffer',
      Account: alice.address,
      NFTokenID: id,
      Amount: '1000000',
      Flags: 1,
    })
    const offerId = offerMeta.offer_id as string
    expect(offerId).toBe(keylet.nftOffer(alice.address, aliceSeq))
    const sells = await h.client.request({ command: 'nft_sell_offers', nft_id: id })
    expect(sells.result.offers).toEqual([
      expect.objectContaining({
        nft_offer_index: offerId,
        amount: '1000000',
        owner: alice.address,
      }),
    ])

    const acceptMeta = await submitAndWait(bob, {
      TransactionType: 'NFTokenAcceptOffer',
      Account: bob.address,
      NFTokenSellOffer: offerId,
    })
    expect(acceptMeta.nftoken_id).toBe(id)
    const bobNfts = await h.client.request({ command: 'account_nfts', account: bob.address })
    expect(bobNfts.result.account_nfts.map((n) => n.NFTokenID)).toEqual([id])

    const resale = await submitAndWait(bob, {
      TransactionType: 'NFTokenCreateOffer',
      Account: bob.address,
      NFTokenID: id,
      Amount: '5000000',
      Flags: 1,
    })
    const cancelMeta = await submitAndWait(bob, {
      TransactionType: 'NFTokenCancelOffer',
      Account: bob.address,
      NFTokenOffers: [resale.offer_id],
    })
    expect(cancelMeta.nftoken_ids).toEqual([id])

    const burnMeta = await submitAndWait(bob, {
      TransactionType: 'NFTokenBurn',
      Account: bob.address,
      NFTokenID: id,
    })
    expect(burnMeta.TransactionResult).toBe('tesSUCCESS')
    const after = await h.client.request({ command: 'account_nfts', account: bob.address })
    expect(after.result.account_nfts).toEqual([])
    expect((await accountData(h.client, bob.address)).OwnerCount).toBe(0)
  })

  it('pages account_nfts with a marker over more than 400 NFTs, in page order', async () => {
    const start = (await accountData(h.client, alice.address)).Sequence
    for (let i = 0; i < 450; i++) {
      const tx = {
        TransactionType: 'NFTokenMint',
        Account: alice.address,
        NFTokenTaxon: i % 5,
        Flags: tfTransferable,
        Fee: '12',
        Sequence: start + i,
      }
      const res = await submitBlob(h.client, signRaw(alice, tx))
      expect(res.engine_result).toBe('tesSUCCESS')
      if (i % 100 === 99) await h.sb.ledgerAccept()
    }
    await h.sb.ledgerAccept()
    const first = await h.client.request({
      command: 'account_nfts',
      account: alice.address,
      limit: 400,
    })
    expect(first.result.account_nfts).toHaveLength(400)
    expect(first.result.marker).toBe(first.result.account_nfts[399]!.NFTokenID)
    const rest = await h.client.request({
      command: 'account_nfts',
      account: alice.address,
      limit: 400,
      marker: first.result.marker,
    })
    expect(rest.result.account_nfts).toHaveLength(50)
    expect(rest.result.marker).toBeUndefined()
    const ids = [...first.result.account_nfts, ...rest.result.account_nfts].map((n) => n.NFTokenID)
    expect(new Set(ids).size).toBe(450)
    expect(ids).toEqual([...ids].sort(compareTokenIds))
    const serials = [...first.result.account_nfts, ...rest.result.account_nfts].map(
      (n) => n.nft_serial,
    )
    expect(serials.sort((a, b) => a - b)).toEqual(Array.from({ length: 450 }, (_, i) => start + i))
  })
})

describe('account_nfts and nft_sell_offers against a changing ledger', () => {
  it('a marker whose NFT has been burned still resumes after its place in page order', async () => {
    const { Sequence } = await accountData(h.client, alice.address)
    for (let i = 0; i < 30; i++) {
      const tx = {
        TransactionType: 'NFTokenMint',
        Account: alice.address,
        NFTokenTaxon: i,
        Fee: '12',
        Sequence: Sequence + i,
      }
      expect((await submitBlob(h.client, signRaw(alice, tx))).engine_result).toBe('tesSUCCESS')
    }
    await h.sb.ledgerAccept()
    const all = await h.client.request({ command: 'account_nfts', account: alice.address })
    const ids = all.result.account_nfts.map((n) => n.NFTokenID)
    const first = await h.client.request({
      command: 'account_nfts',
      account: alice.address,
      limit: 20,
    })
    const marker = first.result.marker as string
    expect(marker).toBe(ids[19])
    expect(await submitRaw(alice, { TransactionType: 'NFTokenBurn', NFTokenID: marker })).toBe(
      'tesSUCCESS',
    )
    const rest = await h.client.request({
      command: 'account_nfts',
      account: alice.address,
      limit: 20,
      marker,
    })
    expect(rest.result.account_nfts.map((n) => n.NFTokenID)).toEqual(ids.slice(20))
  })

  it('nft_sell_offers reads the current (open) ledger by default', async () => {
    const id = await mint(alice, { Flags: tfTransferable })
    const offer = { TransactionType: 'NFTokenCreateOffer', NFTokenID: id, Amount: '5', Flags: 1 }
    expect(await submitRaw(alice, offer)).toBe('tesSUCCESS')
    const sells = await h.client.request({ command: 'nft_sell_offers', nft_id: id })
    expect(sells.result.offers).toMatchObject([{ amount: '5', owner: alice.address }])
  })
})

describe('NFT result codes through submit', () => {
  it('tecNO_DST for an offer to an account that does not exist', async () => {
    const id = await mint(alice, { Flags: tfTransferable })
    const ghost = Wallet.generate().address
    const offer = { TransactionType: 'NFTokenCreateOffer', NFTokenID: id, Amount: '1', Flags: 1 }
    expect(await submitRaw(alice, { ...offer, Destination: ghost })).toBe('tecNO_DST')
  })

  it('tefNFTOKEN_IS_NOT_TRANSFERABLE when a holder resells a non-transferable token', async () => {
    const id = await mint(alice)
    const offerMeta = await submitAndWait(alice, {
      TransactionType: 'NFTokenCreateOffer',
      Account: alice.address,
      NFTokenID: id,
      Amount: '0',
      Flags: 1,
    })
    await submitAndWait(bob, {
      TransactionType: 'NFTokenAcceptOffer',
      Account: bob.address,
      NFTokenSellOffer: offerMeta.offer_id,
    })
    const resell = { TransactionType: 'NFTokenCreateOffer', NFTokenID: id, Amount: '1', Flags: 1 }
    expect(await submitRaw(bob, resell)).toBe('tefNFTOKEN_IS_NOT_TRANSFERABLE')
  })

  it('temMALFORMED for 501 offer ids; a vanished id alone → tesSUCCESS', async () => {
    const ids = Array.from(
      { length: 501 },
      (_, i) => 'F' + i.toString(16).toUpperCase().padStart(63, '0'),
    )
    const cancel = { TransactionType: 'NFTokenCancelOffer' }
    expect(await submitRaw(alice, { ...cancel, NFTokenOffers: ids })).toBe('temMALFORMED')
    const gone = keylet.nftOffer(alice.address, 12345)
    expect(await submitRaw(alice, { ...cancel, NFTokenOffers: [gone] })).toBe('tesSUCCESS')
    await h.sb.ledgerAccept()
  })

  it('temBAD_AMOUNT for a buy offer of 0', async () => {
    const id = await mint(alice, { Flags: tfTransferable })
    const buy = {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: id,
      Amount: '0',
      Owner: alice.address,
    }
    expect(await submitRaw(bob, buy)).toBe('temBAD_AMOUNT')
  })

  it('tecINSUFFICIENT_RESERVE for a first mint without the owner reserve', async () => {
    const poor = Wallet.generate()
    await fund(h, 1.1, poor)
    const hash = await (async () => {
      const { Sequence } = await accountData(h.client, poor.address)
      const tx = {
        TransactionType: 'NFTokenMint',
        Account: poor.address,
        NFTokenTaxon: 0,
        Fee: '12',
        Sequence,
      }
      const res = await submitBlob(h.client, signRaw(poor, tx))
      expect(res.engine_result).toBe('tecINSUFFICIENT_RESERVE')
      return res.tx_json.hash!
    })()
    await h.sb.ledgerAccept()
    const res: TxResponse = await h.client.request({ command: 'tx', transaction: hash })
    expect(res.result.validated).toBe(true)
    expect((res.result.meta as TransactionMetadata).TransactionResult).toBe(
      'tecINSUFFICIENT_RESERVE',
    )
  })
})
