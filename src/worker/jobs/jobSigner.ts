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

/**
 * What may end a wait for a person's approval before the wallet answers, and where the wait is said.
 * The run gives its own (its stop, its notice); the regular-key setup gives the setup's. The wait
 * itself is the wallet room's (src/worker/wallet/approvalWindow.ts).
 */
export interface ApprovalWatch {
  /** Says what the approval waits for, stored before the wallet is asked; undefined clears it. */
  waiting(notice: string | undefined): Promise<void>
  /**
   * Resolves with 'stopped' when the wait is to end without the answer (a pause, a cancel, the
   * engine going, the setup left), or with 'deadline' when the person took too long; `cancel` ends
   * the watch once the wallet answered.
   */
  until(): { done: Promise<'stopped' | 'deadline'>; cancel: () => void }
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
   * Signs the transactions (Fee, Sequence and LastLedgerSequence set), in order. An external wallet
   * asks the person within `watch`: a wait it ends signs nothing ('stopped': no reason given; the
   * deadline: as a closed wallet), and an answer after it is dropped.
   *
   * @param purpose - what they are for, as the wallet may show it ('airdrop', 'gap').
   */
  sign(
    txs: readonly SubmittableTransaction[],
    purpose: string,
    watch: ApprovalWatch,
  ): Promise<SignOutcome>
}
