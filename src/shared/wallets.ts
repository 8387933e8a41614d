/**
 * The wallets an account can sign through besides a secret typed into the app: what each is called,
 * how many of a job's transactions it approves at once, and how long an approval may take. Both sides
 * use it: the engine to size its approval windows, the UI to say how many approvals a job takes.
 */

/** An external wallet: it holds the key, the app sends it prepared transactions to approve. */
export type ApproverWalletId = 'crossmark' | 'gem' | 'ledger' | 'xaman'

/** What the app knows of an external wallet. */
export interface ApproverWallet {
  id: ApproverWalletId
  /** Its name, as messages say it ('waiting for your approval in Crossmark'). */
  name: string
  /**
   * Transactions one approval covers: Crossmark's bulkSign signs a window of them at once; the
   * others ask the user for each transaction.
   */
  perApproval: number
  /**
   * Transactions prepared at once and handed to the wallet (their sequence numbers assigned): one
   * approval for a bulk wallet. A wallet that asks for each transaction gets one at a time, each
   * with the whole approval time before its LastLedgerSequence (the next is prepared while it is
   * submitted).
   */
  window: number
  /**
   * Ledgers added to a window's LastLedgerSequence for the time its approvals take: a transaction
   * approved after its LastLedgerSequence passed could never apply and would be approved again.
   */
  approvalLedgers: number
  /** Where to get it, for a wallet that is not installed. */
  link: string
  /**
   * The most offers one NFTokenCancelOffer may list for this wallet, when fewer than the ledger's
   * 500: the Ledger XRP app reads the list's length as one byte (6 offer ids of 32 bytes at most).
   */
  maxCancelOffers?: number
}

export const APPROVER_WALLETS: Readonly<Record<ApproverWalletId, ApproverWallet>> = {
  crossmark: {
    id: 'crossmark',
    name: 'Crossmark',
    perApproval: 50,
    window: 50,
    approvalLedgers: 150,
    link: 'https://crossmark.io',
  },
  gem: {
    id: 'gem',
    name: 'GEM Wallet',
    perApproval: 1,
    window: 1,
    approvalLedgers: 150,
    link: 'https://gemwallet.app',
  },
  ledger: {
    id: 'ledger',
    name: 'Ledger',
    perApproval: 1,
    window: 1,
    approvalLedgers: 150,
    link: 'https://www.ledger.com/ledger-live',
    maxCancelOffers: 6,
  },
  xaman: {
    id: 'xaman',
    name: 'Xaman',
    perApproval: 1,
    window: 1,
    approvalLedgers: 150,
    link: 'https://xaman.app',
  },
}

/**
 * How long an external wallet may take to answer (a job's window, or the regular key's setup)
 * before it counts as closed: the job pauses, the setup gives up, and a late answer is dropped.
 */
export const APPROVAL_TIMEOUT_MS = 10 * 60_000

/**
 * Above this many approvals a job proposes a way without them: the app's regular key (one approval
 * to set it) or, for Xaman, the account's secret numbers.
 */
export const MANY_APPROVALS = 25

/** How many approvals `transactions` transactions take on the wallet (0 for a key the app holds). */
export function approvalsFor(wallet: ApproverWalletId | undefined, transactions: number): number {
  if (!wallet || transactions <= 0) return 0
  return Math.ceil(transactions / APPROVER_WALLETS[wallet].perApproval)
}
