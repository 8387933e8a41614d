/**
 * Counts in words: a number with its noun in the form English gives that number (Intl.PluralRules),
 * so that no text says '1 offers' or '2 bids on 1 NFTs'. One vocabulary for every panel.
 */
const RULES = new Intl.PluralRules('en-US')
const NUMBER = new Intl.NumberFormat('en-US')

/**
 * The noun's form for `count`: `one` for 1, `other` for every other number (0 included).
 *
 * @param other - the plural, when adding an s is not it ('NFTs are' for 'NFT is').
 */
export function nounFor(count: number, one: string, other = `${one}s`): string {
  return RULES.select(count) === 'one' ? one : other
}

/**
 * The count with its noun: '1 offer', '0 offers', '2 NFTs', '10,000 recipients'.
 *
 * @example
 * ```ts
 * counted(1, 'offer') // '1 offer'
 * counted(3, 'earlier offer') // '3 earlier offers'
 * counted(2, 'NFT is', 'NFTs are') // '2 NFTs are'
 * ```
 */
export function counted(count: number, one: string, other = `${one}s`): string {
  return `${NUMBER.format(count)} ${nounFor(count, one, other)}`
}
