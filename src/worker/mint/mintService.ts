/** The Mint capability's reads: manifests and numbered ranges turned into rows (the job is `mint`). */
import type { Api } from '../contract/method.ts'
import type { mintContract } from '../contract/mint.ts'
import type { MintManifest } from '../contract/mint.ts'
import { expandMintRange, parseMintManifest } from './manifest.ts'

export class MintService implements Api<typeof mintContract> {
  /** @param walletAddress - the connected account, refused as a recipient; null when none. */
  constructor(private readonly walletAddress: () => string | null) {}

  parseMintManifest(text: string, fileName: string): Promise<MintManifest> {
    return Promise.resolve(parseMintManifest(text, fileName, this.walletAddress()))
  }

  expandMintRange(template: string, from: number, to: number): Promise<MintManifest> {
    return Promise.resolve(expandMintRange(template, from, to))
  }
}
