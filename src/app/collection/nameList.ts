/**
 * The spec's name-list matching (part 1 §5 Select by Name List), also used by the name search box so
 * that what the box shows is what 'Select by Name List' selects.
 */

/** Characters the spec ignores in names and terms. */
const IGNORED = /[#%@!]/g
const NUMERIC = /^\d+$/

/** A name or term as compared: lower-cased, trimmed, without # % @ !. */
export function normaliseName(text: string): string {
  return text.replace(IGNORED, '').trim().toLowerCase()
}

/**
 * The terms of the search box: split on commas, trimmed, lower-cased, # % @ ! removed; empty terms
 * (',,' or a lone '#') are dropped.
 */
export function parseNameTerms(box: string): string[] {
  return box
    .split(',')
    .map(normaliseName)
    .filter((term) => term.length > 0)
}

/**
 * Whether a name matches one term: it equals, contains or starts with the term; a purely numeric
 * term matches when it is contained in the name ('5' matches 'Cat #15').
 *
 * @param name - the name already normalised with {@link normaliseName}.
 * @param term - a term from {@link parseNameTerms}.
 */
export function nameMatchesTerm(name: string, term: string): boolean {
  if (NUMERIC.test(term)) return name.includes(term)
  return name === term || name.startsWith(term) || name.includes(term)
}

/** Whether a (raw) name matches any of the terms; no terms match nothing. */
export function nameMatchesAny(name: string, terms: readonly string[]): boolean {
  if (terms.length === 0) return false
  const normalised = normaliseName(name)
  return terms.some((term) => nameMatchesTerm(normalised, term))
}
