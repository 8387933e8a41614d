/**
 * Repairs for a collection (issue 46): the NFTs an account issued whose URI names a gateway that
 * closed for good, or that no longer serves, each with the URI that repairs it — the
 * gateway-independent `ipfs://` (or `ar://`) form of the same content, which any live gateway
 * serves. The issued NFTs and their holders come from the network's Clio server (`nfts_by_issuer`);
 * what no longer serves, from the metadata the collection read (its cache).
 */
import { isValidClassicAddress, parseNFTokenID } from 'xrpl'
import type { Client } from 'xrpl'

import type { MetadataRow } from '../../db/types/metadata.ts'
import { isRecord } from '../../shared/isRecord.ts'
import type { RepairCandidate } from '../contract/mint.ts'
import { decodeNftUri } from '../ledger/nftUri.ts'
import { forEachPage } from '../ledger/pages.ts'
import { MINT_FLAGS, MAX_URI_BYTES, uriBytes } from './mintTx.ts'
import { urisHeldBy } from './heldNfts.ts'
import type { SecondRead } from '../ledger/secondRead.ts'

/** The most NFTs of an issuer looked through (Clio pages of 100). */
const MAX_PAGES = 1_000

/**
 * What the collection room knows of links (collection/metadata: content addressing and the gateways
 * that closed), handed in by the engine: a capability does not read another's internals.
 */
export interface RepairLinks {
  /** The gateway-independent form of a URI served through a gateway, or null. */
  independent(uri: string): string | null
  /** Whether a URI names a gateway that closed for good. */
  onClosedGateway(uri: string): boolean
}

/** An NFT of the issuer as Clio lists it. */
interface IssuedNft {
  nftId: string
  owner: string
  uri: string
}

/** Every NFT `issuer` issued that is not burned, with its holder and URI (Clio, paged). */
async function issuedNfts(clio: Client, issuer: string): Promise<IssuedNft[]> {
  const nfts: IssuedNft[] = []
  await forEachPage(
    clio,
    { command: 'nfts_by_issuer', issuer, limit: 100 } as never,
    (result) => {
      const list = Array.isArray(result.nfts) ? result.nfts : []
      for (const n of list) {
        if (!isRecord(n) || n.is_burned === true || typeof n.nft_id !== 'string') continue
        const nftId = n.nft_id.toUpperCase()
        // A server's list of another issuer's NFTs is not this collection's.
        if (!/^[0-9A-F]{64}$/.test(nftId) || parseNFTokenID(nftId).Issuer !== issuer) continue
        const uri = decodeNftUri(n.uri)
        const owner = typeof n.owner === 'string' && isValidClassicAddress(n.owner) ? n.owner : null
        if (uri && owner) nfts.push({ nftId, owner, uri })
      }
    },
    MAX_PAGES,
    true,
  )
  return nfts
}

/**
 * The NFTs as their holders' pages have them on the validated ledger; those not there left out,
 * and, where the network has another server, those whose URI it does not show alike or does not
 * show at all (the server in use could show a URI of its choosing as well as a Clio server could).
 */
async function onLedger(
  servers: { client: Client; second?: SecondRead },
  nfts: IssuedNft[],
): Promise<IssuedNft[]> {
  type Held = Map<string, string | null> | undefined
  const read = async (ask: (owner: string) => Promise<Held>) => {
    const byOwner = new Map<string, Held>()
    for (const owner of new Set(nfts.map((n) => n.owner))) byOwner.set(owner, await ask(owner))
    return byOwner
  }
  const inUse = await read((owner) => urisHeldBy(servers.client, owner))
  const second = servers.second
  const other = second?.available()
    ? await read((owner) => second.ask((c) => urisHeldBy(c, owner)))
    : undefined
  return nfts.flatMap((nft) => {
    const uri = inUse.get(nft.owner)?.get(nft.nftId)
    if (!uri) return []
    if (other && other.get(nft.owner)?.get(nft.nftId) !== uri) return []
    return [{ ...nft, uri }]
  })
}

/**
 * The repairs of `issuer`'s NFTs (see EngineApi.repairCandidates).
 *
 * @param servers - the server in use and another of the network (the NFTs' URIs), and the
 *   network's Clio (the list).
 * @param metadata - the cached metadata of NFTs, by id (what the collection read).
 * @param links - the collection room's reading of links.
 */
export async function repairCandidates(
  servers: { client: Client; clio: Client; second?: SecondRead },
  issuer: string,
  metadata: (nftIds: string[]) => Promise<Map<string, MetadataRow>>,
  links: RepairLinks,
): Promise<RepairCandidate[]> {
  const listed = await issuedNfts(servers.clio, issuer)
  const rows = await metadata(listed.map((n) => n.nftId))
  const needs = (nft: IssuedNft) =>
    links.onClosedGateway(nft.uri) || rows.get(nft.nftId)?.status === 'failed'
  // Clio's list only says where to look: each URI repaired is the one the holder's own NFT pages
  // have (a Clio server could list a URI of its choosing, and the repair would point the NFT at it).
  const nfts = await onLedger(servers, listed.filter(needs))
  const candidates: RepairCandidate[] = []
  for (const nft of nfts) {
    const closed = links.onClosedGateway(nft.uri)
    const unserved = rows.get(nft.nftId)?.status === 'failed'
    if (!closed && !unserved) continue
    const newUri = links.independent(nft.uri)
    if (!newUri || newUri === nft.uri || uriBytes(newUri) > MAX_URI_BYTES) continue
    candidates.push({
      nftId: nft.nftId,
      owner: nft.owner,
      oldUri: nft.uri,
      newUri,
      why: closed ? 'closed-gateway' : 'unserved',
      mutable: (parseNFTokenID(nft.nftId).Flags & MINT_FLAGS.mutable) !== 0,
    })
  }
  return candidates
}
