/**
 * A sandbox state file for the 100,000-item benchmarks and tests, written as ledger entries rather than built by
 * transactions (100,000 mints and 100,000 payments through the sandbox would take minutes): a holder
 * with `nfts` NFTs in NFTokenPages of 32, sorted and linked as rippled keeps them, and `recipients`
 * funded accounts. The sandbox loads it like any saved state (`stateFile`).
 */
import { randomBytes } from 'node:crypto'
import { writeFile } from 'node:fs/promises'

import { Wallet, encodeAccountID, encodeSeed } from 'xrpl'

import type { AccountRoot, Entry, NFTokenPage } from '../../src/sandbox/ledger/entries.ts'
import { genesisLedger } from '../../src/sandbox/ledger/genesis.ts'
import { accountIdHex, keylet, nftPageMask } from '../../src/sandbox/ledger/keylets.ts'
import { buildNFTokenId } from '../../src/sandbox/ledger/nftokenId.ts'
import { MAX_TOKENS_PER_PAGE, compareTokenIds } from '../../src/sandbox/ledger/nftokenPages.ts'

/** tfBurnable | tfTransferable. */
const NFT_FLAGS = 0x0009
const DROPS = 1_000_000n

export interface BigState {
  holder: Wallet
  recipients: string[]
  nftIds: string[]
}

function accountRoot(address: string, drops: bigint, extra: Partial<AccountRoot> = {}) {
  const root: AccountRoot = {
    Account: address,
    Balance: drops.toString(),
    Flags: 0,
    LedgerEntryType: 'AccountRoot',
    OwnerCount: 0,
    Sequence: 1,
    index: keylet.account(address),
    ...extra,
  }
  return root
}

/** One above the low 96 bits of `id`: the key suffix of a page whose last token is `id`. */
function nextLow96(id: string): string {
  const next = (BigInt(`0x${nftPageMask(id)}`) + 1n) & ((1n << 96n) - 1n)
  return next.toString(16).toUpperCase().padStart(24, '0')
}

/** The holder's tokens in pages of 32, lowest first; the last page has the owner's maximum key. */
function nftPages(owner: string, ids: string[]): NFTokenPage[] {
  const sorted = [...ids].sort(compareTokenIds)
  const pages: NFTokenPage[] = []
  for (let at = 0; at < sorted.length; at += MAX_TOKENS_PER_PAGE) {
    const tokens = sorted.slice(at, at + MAX_TOKENS_PER_PAGE)
    const last = at + MAX_TOKENS_PER_PAGE >= sorted.length
    pages.push({
      Flags: 0,
      LedgerEntryType: 'NFTokenPage',
      NFTokens: tokens.map((NFTokenID) => ({ NFToken: { NFTokenID } })),
      index: last ? keylet.nftPageMax(owner) : accountIdHex(owner) + nextLow96(tokens.at(-1)!),
    })
  }
  pages.forEach((page, i) => {
    if (i > 0) page.PreviousPageMin = pages[i - 1]!.index
    if (i < pages.length - 1) page.NextPageMin = pages[i + 1]!.index
  })
  return pages
}

/** Writes the state to `file` and returns who is in it. */
export async function writeBigState(
  file: string,
  sizes: { nfts: number; recipients: number },
): Promise<BigState> {
  const genesis = genesisLedger()
  const state = new Map<string, Entry>(genesis.state)
  const holder = Wallet.fromSeed(encodeSeed(randomBytes(16), 'ed25519'))
  const recipients = Array.from({ length: sizes.recipients }, () =>
    encodeAccountID(randomBytes(20)),
  )
  const nftIds = Array.from({ length: sizes.nfts }, (_, serial) =>
    buildNFTokenId({
      flags: NFT_FLAGS,
      transferFee: 0,
      issuer: holder.classicAddress,
      taxon: 1,
      serial,
    }),
  )
  const pages = nftPages(holder.classicAddress, nftIds)
  const holderDrops = 10_000_000n * DROPS
  const recipientDrops = 10n * DROPS
  state.set(
    keylet.account(holder.classicAddress),
    accountRoot(holder.classicAddress, holderDrops, {
      OwnerCount: pages.length,
      FirstNFTokenSequence: 0,
      MintedNFTokens: sizes.nfts,
    }),
  )
  for (const r of recipients) state.set(keylet.account(r), accountRoot(r, recipientDrops))
  for (const page of pages) state.set(page.index, page)
  // The XRP comes out of the genesis account: the ledger's total stays what it was.
  const genesisKey = [...genesis.state!.keys()][0]!
  const genesisRoot = { ...(state.get(genesisKey) as AccountRoot) }
  const given = holderDrops + recipientDrops * BigInt(sizes.recipients)
  genesisRoot.Balance = (BigInt(genesisRoot.Balance) - given).toString()
  state.set(genesisKey, genesisRoot)
  const saved = {
    format: 'xrpl-nft-manager-sandbox/1',
    expectedLedgerSize: 200,
    ledgers: [{ header: genesis.header, txs: [] }],
    state: [...state.values()],
  }
  await writeFile(file, JSON.stringify(saved))
  return { holder, recipients, nftIds }
}
