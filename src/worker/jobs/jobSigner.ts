/**
 * What the runner asks to sign a job's transactions (docs/architecture.md §3.2.1): a key the app
 * holds, or an external wallet that approves windows of them (both in src/worker/wallet/signers.ts).
 * The runner knows only this interface: how a wallet is asked, and how its answer is checked, is the
 * wallet room's part.
 */
import type { SubmittableTransaction } from 'xrpl'

import type { ApproverWallet } from '../../shared/wallets.ts'

/** A signed transaction: its blob and its hash. */
export interface SignedTx {
  txBlob: string
  hash: string
}

/** Why a wallet stopped before approving every transaction asked. */
export interface ApprovalStop {
  reason: 'refused' | 'closed' | 'altered'
  /** What the job shows while it is paused for it. */
  message: string
}

/** What one signing round gave: the transactions signed, in order, and why it stopped short. */
export interface SignOutcome {
  signed: SignedTx[]
  stopped?: ApprovalStop
}

/** What signs a job's transactions; see the module comment. */
export interface JobSigner {
  /** The address of the key that signs: the account (its master key) or its RegularKey. */
  readonly keyAddress: string
  /** The external wallet that approves, if it is one. */
  readonly approver?: ApproverWallet
  /** The most transactions to prepare for one round. */
  readonly window: number
  /** Ledgers added to LastLedgerSequence for the time the approval takes (0 for a key). */
  readonly approvalLedgers: number
  /**
   * Signs the transactions (Fee, Sequence and LastLedgerSequence set), in order.
   *
   * @param purpose - what they are for, as the wallet may show it ('airdrop', 'gap').
   */
  sign(txs: readonly SubmittableTransaction[], purpose: string): Promise<SignOutcome>
}
