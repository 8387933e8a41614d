import { counted } from './plural.ts'

/**
 * What a plan's `sparesUsed` means, for the app's confirmation and xnm's plan: '2 spare selected
 * NFTs go to recipients whose NFT was already on offer, in another job or not yours to offer'.
 */
export function sparesText(count: number): string {
  const spares = counted(count, 'spare selected NFT goes', 'spare selected NFTs go')
  return `${spares} to recipients whose NFT was already on offer, in another job or not yours to offer`
}
