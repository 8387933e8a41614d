/** The burn job kind: each selected NFT destroyed, one NFTokenBurn each. */
import type { BurnRequest } from '../contract/burn.ts'
import type { JobKindSpec } from '../jobs/jobKind.ts'
import { checkedNftIds } from '../jobs/plan/requestFields.ts'
import { burnPreflightEffects } from './burnPreflight.ts'

export const burnKind: JobKindSpec<BurnRequest> = {
  kind: 'burn',
  intentTypes: ['burn'],
  touchesNfts: true,
  validate: (fields) => ({
    kind: 'burn',
    nftIds: checkedNftIds(fields, 'Please select NFTs to burn'),
  }),
  intents: (request) => request.nftIds.map((nftId) => ({ intent: { type: 'burn', nftId } })),
  effects: burnPreflightEffects,
}
