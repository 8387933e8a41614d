import { formatDrops } from '../../shared/format.ts'
import { APPROVER_WALLETS, MANY_APPROVALS } from '../../shared/wallets.ts'
import { signingWallet, useSession } from '../state/session.ts'
import type { JobPlan, PlanProblem } from '../../worker/api.ts'
import { CollapsedList } from '../ui/ShowAllToggle.tsx'
import './jobs.css'
import { counted } from '../../shared/plural.ts'
import { sparesText } from '../../shared/sparesText.ts'

/** Problems listed before 'Show all'. */
const SHOWN_PROBLEMS = 5

/** A planned job's cost: its transactions (or offers), fees, the reserve it locks or frees, the balance. */
export function PlanFigures({ plan, itemsLabel }: { plan: JobPlan; itemsLabel: string }) {
  const reserve = BigInt(plan.reserveChangeDrops)
  return (
    <dl className="figures" data-testid="plan-figures">
      <div>
        <dt>{itemsLabel}</dt>
        <dd data-testid="plan-transactions">{plan.transactions}</dd>
      </div>
      <div>
        <dt>Fees</dt>
        <dd>{formatDrops(plan.feesDrops)} XRP</dd>
      </div>
      <div>
        <dt>{reserve < 0n ? 'Reserve freed' : 'Reserve locked by the offers'}</dt>
        <dd>{formatDrops(reserve < 0n ? -reserve : reserve)} XRP</dd>
      </div>
      <div>
        <dt>Spendable balance</dt>
        <dd>{formatDrops(plan.spendableDrops)} XRP</dd>
      </div>
      {plan.sparesUsed ? (
        <div className="figures__approvals">
          <dt>Spare NFTs</dt>
          <dd data-testid="plan-spares">{sparesText(plan.sparesUsed)}.</dd>
        </div>
      ) : null}
      <PlanApprovals approvals={plan.approvals} />
      <PlanUnconfirmed unconfirmed={plan.unconfirmed} />
    </dl>
  )
}

/**
 * One server in use and no other to ask (the user's own node alone): what of the job no second server
 * confirms.
 */
export function PlanUnconfirmed({ unconfirmed }: { unconfirmed: readonly string[] | undefined }) {
  if (!unconfirmed?.length) return null
  return (
    <div className="figures__approvals" data-testid="plan-unconfirmed">
      <dt>One server only</dt>
      <dd>No second server confirms {unconfirmed.join('; ')}.</dd>
    </div>
  )
}

/**
 * How many approvals the connected external wallet will be asked for before the job is done; above
 * MANY_APPROVALS, the ways to run it without them.
 */
export function PlanApprovals({ approvals }: { approvals: number | undefined }) {
  const wallet = signingWallet(useSession().wallet)
  if (approvals === undefined || !wallet?.approver) return null
  const { name, perApproval } = APPROVER_WALLETS[wallet.approver]
  const each = perApproval === 1 ? 'one per transaction' : `up to ${perApproval} transactions each`
  return (
    <div className="figures__approvals">
      <dt>Approvals in {name}</dt>
      <dd>
        <span data-testid="plan-approvals">
          {approvals} ({each})
        </span>
        {approvals > MANY_APPROVALS && (
          <span className="figures__hint" data-testid="plan-approvals-hint">
            That is many: set up this app&apos;s regular key with {name} (one approval) from the
            wallet menu
            {wallet.approver === 'xaman' ? ', or connect with your secret numbers,' : ''} to run big
            jobs without approving each transaction.
          </span>
        )}
      </dd>
    </div>
  )
}

/** What pre-flight found, blocking problems first; long lists open with 'Show all'. */
export function PlanProblems({ problems }: { problems: readonly PlanProblem[] }) {
  const ordered = [...problems].sort((a, b) => Number(b.blocking) - Number(a.blocking))
  const skippable = problems.filter((p) => p.itemIndex !== undefined).length
  return (
    <div className="problems-box" data-testid="plan-problems">
      <p className="problems-box__title">
        Pre-flight found {counted(problems.length, 'problem')}
        {skippable > 0 && ` (${counted(skippable, 'item')} to skip)`}
      </p>
      <CollapsedList
        items={ordered}
        limit={SHOWN_PROBLEMS}
        render={(problem, index) => (
          <li key={index} data-blocking={problem.blocking}>
            {problem.message}
          </li>
        )}
      />
    </div>
  )
}
