/**
 * How the Regular Key setup reads GEM Wallet's answer to setRegularKey (spec part 2 §7, §8): a hash
 * (or txID) means the transaction went out; an error whose message mentions a txID or hash counts as
 * a success too, the message standing in for the hash; anything else is
 * 'Failed to set regular key - unknown error'.
 */

/** The spec's message when GEM Wallet returned neither a hash nor a usable error. */
export const SET_REGULAR_KEY_FAILED = 'Failed to set regular key - unknown error'

/** The spec's message when GEM Wallet gave no primary account address. */
export const GET_ADDRESS_FAILED = 'Failed to get address from GEM Wallet'

/** The outcome of setRegularKey: the hash to show, or the error to show. */
export type RegularKeyOutcome = { ok: true; hash: string } | { ok: false; error: string }

/** What GEM Wallet answered: a result object (maybe empty, when the user rejected) or a thrown error. */
export interface SetRegularKeyAnswer {
  result?: unknown
  error?: unknown
}

function textField(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null
  const field = (value as Record<string, unknown>)[key]
  return typeof field === 'string' && field.trim() ? field.trim() : null
}

function messageOf(error: unknown): string | null {
  if (error instanceof Error) return error.message.trim() || null
  if (typeof error === 'string') return error.trim() || null
  return textField(error, 'message')
}

/**
 * Reads GEM Wallet's answer to setRegularKey.
 *
 * @param answer - the library's `result` (`{hash}`; older versions used `txID`), or what it threw.
 */
export function regularKeyOutcome(answer: SetRegularKeyAnswer): RegularKeyOutcome {
  const hash = textField(answer.result, 'hash') ?? textField(answer.result, 'txID')
  if (hash) return { ok: true, hash }
  const message = messageOf(answer.error) ?? textField(answer.result, 'error')
  // The spec's rule: such an error means the transaction was submitted after all.
  if (message && (message.includes('txID') || message.includes('hash')))
    return { ok: true, hash: message }
  return { ok: false, error: message ?? SET_REGULAR_KEY_FAILED }
}
