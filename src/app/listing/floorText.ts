/** What the List tab says of a collection's floor: its price, what it rests on, and its warnings. Pure. */
import { formatDrops } from '../../shared/format.ts'
import type { FloorPrice } from '../../worker/api.ts'
import { counted } from '../../shared/plural.ts'

/** 'rests on 4 offers from 3 sellers'. */
export function restsOnText(floor: FloorPrice): string {
  const { offers, sellers } = floor.restsOn
  return `rests on ${counted(offers, 'offer')} from ${counted(sellers, 'seller')}`
}

/** Why the floor needs care, each in one sentence (empty for a floor that holds). */
export function floorWarnings(floor: FloorPrice): string[] {
  const warnings: string[] = []
  if (floor.disagreement) {
    warnings.push(`Not confirmed: ${floor.disagreement}. Floor-based prices are not offered.`)
  }
  if (floor.thin) {
    warnings.push(
      `Thin market: only ${counted(floor.offersCounted, 'offer')} from ${counted(floor.sellers, 'seller')}. The floor is the lowest offer, which anyone can set; prices based on it need your confirmation.`,
    )
  }
  if (floor.outlier) {
    const { lowestDrops, nextDrops } = floor.outlier
    warnings.push(
      `One offer at ${formatDrops(lowestDrops)} XRP is below half of the next (${formatDrops(nextDrops)} XRP): the floor passes over it, and prices based on it need your confirmation.`,
    )
  }
  return warnings
}
