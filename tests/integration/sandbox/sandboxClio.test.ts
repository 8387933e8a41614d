/**
 * The Clio methods the sandbox answers (nft_info, nfts_by_issuer), built from validated metadata:
 * owners follow transfers, burned NFTs stay queryable, and issuer listings page with a marker.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Wallet, convertStringToHex, getNFTokenID } from 'xrpl'
import type { TransactionMetadata } from 'xrpl'
import { buildNFTokenId } from '../../../src/sandbox/ledger/nftokenId.ts'
import { accountData, fund, signRaw, startHarness, submitBlob } from '../../helpers/sandbox.ts'
import type { Harness } from '../../helpers/sandbox.ts'

let h: Harness
const issuer = Wallet.generate()
const holder = Wallet.generate()
const ids: string[] = []
const uri = convertStringToHex(
  'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi/1.json',
)

/** Submits a complete transaction, closes the ledger and returns its validated metadata. */
async function apply(wallet: Wallet, tx: Record<string, unknown>): Promise<TransactionMetadata> {
  const { Sequence } = await accountData(h.client, wallet.address)
  const res = await submitBlob(
    h.client,
    signRaw(wallet, { Account: wallet.address, Fee: '12', Sequence, ...tx }),
  )
  expect(res.engine_result).toBe('tesSUCCESS')
  await h.sb.ledgerAccept()
  const hash = res.tx_json.hash!
  return (await h.client.request({ command: 'tx', transaction: hash })).result
    .meta as TransactionMetadata
}

beforeAll(async () => {
  h = await startHarness()
  await fund(h, 100, issuer, holder)
  // taxon 7 twice (one with a URI and a 2.5% fee), taxon 3 once: the listing orders by taxon.
  for (const [taxon, extra] of [
    [7, { URI: uri, TransferFee: 2500, Flags: 8 }],
    [7, { Flags: 9 }],
    [3, { Flags: 8 }],
  ] as const) {
    const meta = await apply(issuer, {
      TransactionType: 'NFTokenMint',
      NFTokenTaxon: taxon,
      ...extra,
    })
    ids.push(getNFTokenID(meta)!)
  }
  // ids[0] goes to the holder; ids[1] is burned by the issuer.
  const offer = await apply(issuer, {
    TransactionType: 'NFTokenCreateOffer',
    NFTokenID: ids[0],
    Amount: '0',
    Flags: 1,
    Destination: holder.address,
  })
  await apply(holder, {
    TransactionType: 'NFTokenAcceptOffer',
    NFTokenSellOffer: (offer as { offer_id?: string }).offer_id,
  })
  await apply(issuer, { TransactionType: 'NFTokenBurn', NFTokenID: ids[1] })
})

afterAll(async () => {
  await h.stop()
})

describe('nft_info', () => {
  it('shows the current owner, the URI and the fields of the NFTokenID', async () => {
    const r = await h.client.request({ command: 'nft_info', nft_id: ids[0]! })
    expect(r.result).toMatchObject({
      nft_id: ids[0],
      owner: holder.address,
      issuer: issuer.address,
      is_burned: false,
      nft_taxon: 7,
      transfer_fee: 2500,
      flags: 8,
      uri,
      validated: true,
    })
  })

  it('keeps a burned NFT queryable, with is_burned and its last owner', async () => {
    const r = await h.client.request({ command: 'nft_info', nft_id: ids[1]! })
    expect(r.result).toMatchObject({ is_burned: true, owner: issuer.address, uri: '' })
  })

  it('answers objectNotFound for an NFT it never saw', async () => {
    await expect(
      h.client.request({ command: 'nft_info', nft_id: '0'.repeat(64) }),
    ).rejects.toMatchObject({
      data: { error: 'objectNotFound', error_message: 'NFT not found' },
    })
  })
})

describe('nfts_by_issuer', () => {
  type Listing = {
    nfts: { nft_id: string; nft_taxon: number }[]
    marker?: string
    nft_taxon?: number
  }
  const list = async (params: { nft_taxon?: number; limit?: number; marker?: string }) => {
    const r = await h.client.request({
      command: 'nfts_by_issuer',
      issuer: issuer.address,
      ...params,
    })
    return r.result as unknown as Listing
  }

  it('lists every NFT of an issuer, burned ones too, by taxon then id', async () => {
    const r = await list({})
    expect(r.nfts.map((n) => n.nft_taxon)).toEqual([3, 7, 7])
    expect(new Set(r.nfts.map((n) => n.nft_id))).toEqual(new Set(ids))
  })

  it('filters by taxon', async () => {
    const r = await list({ nft_taxon: 7 })
    expect(r.nft_taxon).toBe(7)
    expect(r.nfts.map((n) => n.nft_id).sort()).toEqual([ids[0], ids[1]].sort())
  })

  it('pages with limit and marker, without repeating or skipping', async () => {
    const seen: string[] = []
    let marker: string | undefined
    do {
      const r = await list({ limit: 1, ...(marker ? { marker } : {}) })
      expect(r.nfts.length).toBe(1)
      seen.push(...r.nfts.map((n) => n.nft_id))
      marker = r.marker
    } while (marker)
    expect(seen.length).toBe(3)
    expect(new Set(seen)).toEqual(new Set(ids))
  })

  it('a marker that is not (or no longer) listed resumes after its place in (taxon, id) order', async () => {
    // An id of this issuer with taxon 3 that sorts after every real one of taxon 3.
    const marker = buildNFTokenId({
      flags: 0xffff,
      transferFee: 0,
      issuer: issuer.address,
      taxon: 3,
      serial: 0,
    })
    const r = await list({ marker })
    expect(r.nfts.map((n) => n.nft_taxon)).toEqual([7, 7])
  })

  it('answers actNotFound for an issuer that does not exist', async () => {
    await expect(
      h.client.request({ command: 'nfts_by_issuer', issuer: Wallet.generate().address }),
    ).rejects.toMatchObject({ data: { error: 'actNotFound' } })
  })
})
