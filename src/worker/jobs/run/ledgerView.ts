/** The ledger as the runner last read it (all from one validated ledger, except `accountSeq`). */
export interface LedgerView {
  /** The latest validated ledger index. */
  validated: number
  /** The account's Sequence in the validated ledger. */
  validatedAccountSeq: number
  /** The account's Sequence in the open ledger. */
  accountSeq: number
  /** The open ledger's index, when read (a server whose validated ledger lags still has it right). */
  current?: number
}
