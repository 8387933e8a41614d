/**
 * The engine's own results, confirmed (docs/architecture.md §3.2, rule 6). For a kind whose results
 * cost what cannot be undone when shown wrongly (a mint: JobKindSpec.confirmsResults), an attempt
 * the run signed counts as validated only once a server other than the one that showed it has it
 * validated too, with the same result and the same effects as the engine works them out (itemMade:
 * the NFT a mint made, the offer it made). One server may show a mint that applied as a `tec` (the
 * user mints the row again: a second NFT), one it holds back as validated (the recipient never gets
 * it), or a serial and an `nftoken_id` that name another NFT; two servers of the network would have
 * to tell the same lie. With one server alone its word decides, and the plan says so.
 */
import type { Attempt, JobItemRow } from '../../../db/types/jobItems.ts'
import { lookupTx } from '../../ledger/txLookup.ts'
import type { Lookup } from '../../ledger/txLookup.ts'
import { itemMade } from './itemMade.ts'
import type { NumberProof, Shown } from './numberProof.ts'
import type { ProofState } from './runState.ts'
import type { SettleDeps } from './settleDeps.ts'
import { isDue } from './submitRules.ts'

/** Ledgers past the view a result shown validated is looked for in (see NumberProof.SHOWN_AHEAD). */
const SHOWN_AHEAD = 5

/** The settling side's check of an item's own attempts shown validated. */
export class OwnResults {
  /**
   * Attempts shown validated by one server that another has in none of the ledgers they could be
   * in: who used the number decides (NumberProof.settleUsed), where the number is used.
   */
  private readonly absentElsewhere = new WeakSet<Attempt>()
  /** Items whose result another server has not confirmed yet, with what was shown. */
  private readonly awaiting = new Map<JobItemRow, { hash: string; found: Shown }>()

  constructor(
    private readonly state: ProofState,
    private readonly deps: SettleDeps,
    private readonly proof: NumberProof,
  ) {}

  /**
   * Whether another server has this attempt, shown validated, in no ledger it could be in (not:
   * it disagrees on the result, lags, or did not answer — then the job waits or pauses, and the
   * number's user is not looked for).
   */
  isAbsentElsewhere(a: Attempt): boolean {
    return this.absentElsewhere.has(a)
  }

  /**
   * Results shown validated that no other server confirmed yet, oldest first, at most `limit`
   * (taken: the settling side asks again with each ledger, rather than wait for a poll).
   */
  takeAwaiting(limit: number): { item: JobItemRow; hash: string; found: Shown }[] {
    const taken = [...this.awaiting].slice(0, limit)
    for (const [item] of taken) this.awaiting.delete(item)
    return taken.map(([item, shown]) => ({ item, ...shown }))
  }

  /**
   * Whether an item's own attempt, shown validated, counts: for a kind that confirms its results,
   * once another server shows it alike. Shown by one server and absent from another to its
   * LastLedgerSequence, it died unproven (signed again with its number) while the account's number
   * is unused; else the settling look weighs who used the number (NumberProof.settleUsed). Two
   * servers that show it validated differently pause the job: one of them is wrong, and nothing is
   * signed again for it.
   */
  async counts(item: JobItemRow, hash: string, found: Shown): Promise<boolean> {
    const a = item.attempts.find((x) => x.hash === hash)
    if (!this.deps.confirmResults || !a) return true
    const { view, job } = this.state
    const verdict = await confirmOwn(this.deps, job.account, item, a, found, view.validated)
    // Another look may have settled the item meanwhile.
    if (item.status === 'succeeded' || item.status === 'failed') return false
    const server = this.proof.server()
    const row = `row ${String(item.index + 1)}`
    switch (verdict.kind) {
      case 'confirmed':
        return true
      case 'disagree': {
        const [first, second] = found.byOther
          ? ['another server', server]
          : [server, 'another server']
        await this.state.control.pauseForServer(
          `Paused: two servers of the network disagree on ${row}'s transaction ${hash}: ${first} ` +
            `shows ${verdict.shown}, ${second} ${verdict.other}. One of them is wrong; nothing is ` +
            `signed again for it. Remove the server you do not trust, then Resume`,
        )
        return false
      }
      case 'absent':
        this.absentElsewhere.add(a)
        if (this.state.latest(item) === a && this.state.view.validatedAccountSeq <= a.sequence) {
          this.state.markDead(item, a)
          await this.proof.afterUnprovenDeath(item, a)
        }
        return false
      case 'unanswered':
        this.awaiting.set(item, { hash, found })
        if (isDue(a, this.state.view)) {
          await this.state.control.pauseForServer(
            `Paused: no other server of the network answered about ${row}'s transaction ${hash}, ` +
              `which ${server} shows validated; this job's results count only once a second ` +
              `server confirms them. Resume when one is reachable`,
          )
        }
        return false
      case 'wait':
        this.awaiting.set(item, { hash, found })
        return false
    }
  }
}

/** What another server says of an attempt shown validated. */
export type OwnVerdict =
  /** It has it validated alike: the result counts. */
  | { kind: 'confirmed' }
  /** It knows it without having it validated, or has not seen every ledger yet: ask again later. */
  | { kind: 'wait' }
  /** No other server answered. */
  | { kind: 'unanswered' }
  /** It searched every ledger the attempt could be in, to its LastLedgerSequence: not there. */
  | { kind: 'absent' }
  /** It has it validated with another result, or with another NFT or offer made. */
  | { kind: 'disagree'; shown: string; other: string }

/**
 * Asks the other side: the network's other servers about what the server in use showed, the server
 * in use about what another showed (no server confirms its own word).
 *
 * @param a - the item's attempt shown validated.
 * @param shown - what was shown, and by whom.
 * @param validated - the validated ledger of the run's view.
 */
export async function confirmOwn(
  deps: Pick<SettleDeps, 'client' | 'secondLookup'>,
  account: string,
  item: JobItemRow,
  a: Attempt,
  shown: Shown,
  validated: number,
): Promise<OwnVerdict> {
  const second = deps.secondLookup
  if (!second?.available()) return { kind: 'confirmed' }
  // No further than its LastLedgerSequence, nor than a few ledgers past the view: a made-up ledger
  // index must not send the other server searching.
  const upTo = Math.min(
    a.lastLedgerSequence,
    Math.max(validated, Math.min(shown.ledgerIndex, validated + SHOWN_AHEAD)),
  )
  const other: Lookup | undefined = shown.byOther
    ? await lookupTx(deps.client(), a.hash, a.firstLedger, upTo)
    : await second.lookup(a.hash, a.firstLedger, upTo)
  if (!other) return { kind: 'unanswered' }
  if (!other.found) {
    const whole = other.searchedAll && upTo >= a.lastLedgerSequence
    return whole ? { kind: 'absent' } : { kind: 'wait' }
  }
  const shownWords = outcome(item, account, a, shown)
  const otherWords = outcome(item, account, a, other)
  return shownWords === otherWords
    ? { kind: 'confirmed' }
    : { kind: 'disagree', shown: shownWords, other: otherWords }
}

/** A validated result in words that differ whenever what it made differs. */
function outcome(
  item: JobItemRow,
  account: string,
  a: Attempt,
  found: Lookup & { found: true },
): string {
  if (found.result !== 'tesSUCCESS') return found.result
  const made = itemMade(item, account, a.sequence, found.meta)
  const parts = [
    made.mintedNftId !== undefined ? `NFT ${made.mintedNftId}` : undefined,
    made.offerId !== undefined ? `offer ${made.offerId}` : undefined,
  ].filter((x) => x !== undefined)
  return parts.length ? `tesSUCCESS, ${parts.join(', ')}` : 'tesSUCCESS'
}
