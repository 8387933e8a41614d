/**
 * The wait for a person's approval in an external wallet (docs/architecture.md §3.2.1): the job says
 * what it waits for (stored before the wallet is asked), and the wait ends with the wallet's answer,
 * or without it when the watcher stops it (a pause, a cancel, the engine going, a setup left) or the
 * person takes too long (as a closed wallet: the job waits for Resume). An answer that comes after
 * the wait ended is dropped: nothing of it is stored or submitted.
 */
import type { ApproverWallet } from '../../shared/wallets.ts'
import type { ApprovalWatch, SignOutcome } from '../jobs/jobSigner.ts'

/**
 * Asks `ask()` of the wallet within the watch.
 *
 * @param count - how many transactions are asked, for the words the job shows while it waits.
 */
export async function withinApprovalWindow(
  approver: ApproverWallet,
  count: number,
  watch: ApprovalWatch,
  ask: () => Promise<SignOutcome>,
): Promise<SignOutcome> {
  const many = count === 1 ? '1 transaction' : `${String(count)} transactions`
  await watch.waiting(`Waiting for your approval in ${approver.name} (${many})`)
  const answer = ask()
  const stop = watch.until()
  const first = await Promise.race([
    answer.then((outcome) => ({ outcome })),
    stop.done.then((why) => ({ why })),
  ]).finally(stop.cancel)
  await watch.waiting(undefined)
  if ('outcome' in first) return first.outcome
  answer.catch(() => {})
  if (first.why === 'stopped') return { signed: [] }
  const message = `Waiting for ${approver.name}: no answer came in time. Open it, then Resume`
  return { signed: [], stopped: { reason: 'closed', message } }
}
