/**
 * The Mint capability's reads: manifests and numbered ranges turned into rows, the check of their
 * metadata, a reveal's file, and the repairs of a collection's links (the jobs are `mint` and
 * `modify`).
 */
import type { Client } from 'xrpl'

import type { MetadataRow } from '../../db/types/metadata.ts'
import { EngineError } from '../../shared/errors.ts'
import type { Api } from '../contract/method.ts'
import type { mintContract } from '../contract/mint.ts'
import type {
  MintCheckProgress,
  MintManifest,
  MintMetadataReport,
  ModifyManifest,
  RepairCandidate,
} from '../contract/mint.ts'
import type { ProgressListener } from '../contract/progress.ts'
import type { UriRead } from '../jobs/jobKind.ts'
import type { SecondRead } from '../ledger/secondRead.ts'
import { expandMintRange, parseMintManifest } from './manifest.ts'
import { checkMintUris } from './mintMetadata.ts'
import { parseModifyManifest } from './modifyManifest.ts'
import { repairCandidates } from './repair.ts'
import type { RepairLinks } from './repair.ts'
import { withRecipients } from './mintRecipients.ts'
import type { DistributionFile } from '../contract/airdrop.ts'

export interface MintServiceDeps {
  /** The connected account (refused as a recipient, the issuer of a repair); null when none. */
  walletAddress: () => string | null
  /** What URIs serve (CollectionService.readUris). */
  readUris: UriRead
  /** The connected server. */
  client: () => Client
  /** The network's other servers, which confirm what the repairs read from the ledger. */
  second?: () => SecondRead
  /** The network's Clio server. */
  clio: () => Promise<Client>
  /** The collection's cached metadata, by NFT id. */
  cachedMetadata: (nftIds: string[]) => Promise<Map<string, MetadataRow>>
  /** The collection room's reading of links (content addresses, closed gateways). */
  links: RepairLinks
}

export class MintService implements Api<typeof mintContract> {
  constructor(private readonly deps: MintServiceDeps) {}

  parseMintManifest(text: string, fileName: string): Promise<MintManifest> {
    return Promise.resolve(parseMintManifest(text, fileName, this.deps.walletAddress()))
  }

  expandMintRange(template: string, from: number, to: number): Promise<MintManifest> {
    return Promise.resolve(expandMintRange(template, from, to))
  }

  mintToDistribution(manifest: MintManifest, list: DistributionFile): Promise<MintManifest> {
    return Promise.resolve(withRecipients(manifest, list))
  }

  checkMintMetadata(
    uris: string[],
    onProgress?: ProgressListener<MintCheckProgress>,
  ): Promise<MintMetadataReport> {
    return checkMintUris(this.deps.readUris, uris, onProgress)
  }

  parseModifyManifest(text: string, fileName: string): Promise<ModifyManifest> {
    return Promise.resolve(parseModifyManifest(text, fileName))
  }

  async repairCandidates(): Promise<RepairCandidate[]> {
    const account = this.deps.walletAddress()
    if (!account) throw new EngineError('NOT_CONNECTED', 'Please connect your wallet first')
    const second = this.deps.second?.()
    const servers = {
      client: this.deps.client(),
      clio: await this.deps.clio(),
      ...(second ? { second } : {}),
    }
    return await repairCandidates(servers, account, this.deps.cachedMetadata, this.deps.links)
  }
}
