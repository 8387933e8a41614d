/**
 * What a job costs and whether the account can pay: fees, the owner reserve its new offers lock (or
 * its cancellations free), and the XRP the account can spend now. Integer drops throughout.
 */
import { formatDrops } from '../../../shared/format.ts'
import type { PlanProblem } from '../../api.ts'
import type { AccountFacts, Reserves } from '../../ledger/ledgerRequests.ts'
import { counted } from '../../../shared/plural.ts'

/** The figures cost is drawn from. */
export interface CostInput {
  account: Pick<AccountFacts, 'balanceDrops' | 'ownerCount'>
  reserves: Reserves
  /** Fee of one transaction, drops. */
  feeDrops: bigint
  /** Transactions the job will submit. */
  transactions: number
  /** Offers it creates (each locks one owner reserve until accepted or cancelled). */
  newOffers: number
  /** Owner objects it removes, each freeing one owner reserve: own offers cancelled (or deleted by a
   * burn), NFT pages a burn empties or merges. */
  freedObjects: number
}

/** The cost of a job, drops, and the problem that stops it, if any. */
export interface Cost {
  feesDrops: bigint
  reserveChangeDrops: bigint
  /** Balance above the account's current reserve (never negative). */
  spendableDrops: bigint
  problem: PlanProblem | null
}

function xrp(drops: bigint): string {
  return `${formatDrops(drops)} XRP`
}

/**
 * The cost and the check against what the account can spend.
 *
 * A job that locks reserve needs reserve change + fees within the spendable balance
 * (INSUFFICIENT_RESERVE), and the fees alone must fit there first (INSUFFICIENT_FEES). A job that
 * locks nothing (burns, cancellations) only needs the fees within the balance: rippled takes fees
 * out of the reserve when it must (it only refuses a fee above the balance, terINSUF_FEE_B), which is
 * how an account at its reserve frees it by cancelling offers.
 */
export function costOf(input: CostInput): Cost {
  const { account, reserves, feeDrops, transactions, newOffers, freedObjects } = input
  const feesDrops = BigInt(transactions) * feeDrops
  const reserveChangeDrops = BigInt(newOffers - freedObjects) * reserves.incDrops
  const currentReserve = reserves.baseDrops + BigInt(account.ownerCount) * reserves.incDrops
  const surplus = account.balanceDrops - currentReserve
  const spendableDrops = surplus > 0n ? surplus : 0n
  const locks = reserveChangeDrops > 0n
  const forFees = locks ? spendableDrops : account.balanceDrops
  let problem: PlanProblem | null = null
  if (feesDrops > forFees) {
    const where = locks ? 'available above the reserve' : 'in the balance'
    const message = `Not enough XRP for the fees: ${counted(transactions, 'transaction')} cost ${xrp(feesDrops)} but only ${xrp(forFees)} is ${where}`
    problem = { code: 'INSUFFICIENT_FEES', message, blocking: true }
  } else if (locks && reserveChangeDrops + feesDrops > spendableDrops) {
    const needed = reserveChangeDrops + feesDrops
    const message = `Not enough XRP: this job needs ${xrp(needed)} (${xrp(reserveChangeDrops)} owner reserve for ${counted(newOffers, 'new offer')} + ${xrp(feesDrops)} in fees) but only ${xrp(spendableDrops)} is available above the account's reserve`
    problem = { code: 'INSUFFICIENT_RESERVE', message, blocking: true }
  }
  return { feesDrops, reserveChangeDrops, spendableDrops, problem }
}
