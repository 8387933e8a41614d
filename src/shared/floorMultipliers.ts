/**
 * The floor-based pricing's multipliers (spec part 2 §5), with their labels and their value in
 * thousandths (prices are worked out in whole drops, never in floating point). Shared by the List
 * tab's form and the engine's pricing.
 */
export const FLOOR_MULTIPLIERS = [
  { value: '0.9', permille: 900, label: '10% below' },
  { value: '0.95', permille: 950, label: '5% below' },
  { value: '1.0', permille: 1000, label: 'at floor' },
  { value: '1.05', permille: 1050, label: '5% above' },
  { value: '1.1', permille: 1100, label: '10% above' },
  { value: '1.2', permille: 1200, label: '20% above' },
  { value: '1.5', permille: 1500, label: '50% above' },
] as const

/** One of the spec's floor multipliers. */
export type FloorMultiplier = (typeof FLOOR_MULTIPLIERS)[number]['value']
