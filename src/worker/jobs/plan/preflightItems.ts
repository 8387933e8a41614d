/**
 * Pre-flight's per-item verdicts, from facts already read: NFTs the account does not own, cannot
 * transfer, lists twice or (airdrops) has already offered; recipients that do not exist, refuse
 * incoming offers or require a destination tag; offers to cancel
 * that vanished or are someone else's. Pure: no ledger access here. The verdicts of offers and of
 * offers to cancel are in offerProblems.ts and cancelProblems.ts; a kind's own (a sale's bid, a key
 * removal) are its JobKindSpec's.
 */
import { shortAddress } from '../../../shared/format.ts'
import { intentEffects } from '../../../shared/intents.ts'
import type { IntentEffects } from '../../../shared/intents.ts'
import type { PlanProblem } from '../../api.ts'
import type { ItemCheck, PlannedIntent } from '../jobKind.ts'
import { cancelProblems } from './cancelProblems.ts'
import { itemProblem, nftLabel, problemCause } from './itemFacts.ts'
import type { ItemFacts } from './itemFacts.ts'
import {
  destinationProblem,
  expirationProblem,
  mayOffer,
  replacementProblem,
} from './offerProblems.ts'

/** What a kind adds to the checks every kind's items share. */
export interface KindChecks {
  /** Its own verdict on an item (see JobKindSpec.itemChecks). */
  check?: ItemCheck | undefined
  /** See JobKindSpec.alreadyOfferedHint. */
  alreadyOfferedHint?: string | undefined
}

function nftProblem(
  nft: NonNullable<IntentEffects['nft']>,
  index: number,
  facts: ItemFacts,
  seen: Set<string>,
  hint: string | undefined,
): PlanProblem | null {
  const label = nftLabel(nft.id, facts)
  const held = facts.nfts.get(nft.id)
  const duplicate = seen.has(nft.id)
  seen.add(nft.id)
  if (!held && nft.role === 'sells') {
    // A sale is the whole job: an NFT no longer held blocks it rather than being skipped.
    const message = `${label} is not in this wallet: it cannot be sold`
    return { code: 'NOT_OWNED', message, itemIndex: index, blocking: true }
  }
  if (!held) {
    return itemProblem('NOT_OWNED', index, `${label} is not in this wallet: it will be skipped`)
  }
  if (nft.role === 'offers' && !mayOffer(held, facts)) {
    const issuer = shortAddress(held.issuer)
    const message = `${label} is not transferable: only its issuer ${issuer} can offer it. It will be skipped`
    return itemProblem('NOT_TRANSFERABLE', index, message)
  }
  const offered = nft.role === 'offers' ? facts.offeredNfts.get(nft.id) : undefined
  if (offered) {
    const to = offered.destination ? ` (to ${shortAddress(offered.destination)})` : ''
    // A listing names the way to a new price: 'List again' replaces the offer in the same job.
    const message = hint
      ? `${label} is already on sale (a sell offer from you${to}): it will be skipped. ${hint}`
      : `${label} already has a sell offer from you${to}: it will be skipped`
    return itemProblem('DUPLICATE', index, message)
  }
  if (duplicate) {
    const message = `${label} appears more than once in this job: only its first item will run`
    return itemProblem('DUPLICATE', index, message)
  }
  const job = nft.role === 'sells' ? undefined : facts.offeredByJobs.get(nft.id)
  if (job) {
    const what = nft.role === 'burns' ? ': burning it would break that job. It' : ': it'
    const message = `${label} is still to be offered by another ${job.kind} of this wallet (job ${job.id.slice(0, 8)})${what} will be skipped`
    return itemProblem('DUPLICATE', index, message)
  }
  return null
}

/**
 * Every per-item problem of the plan, in plan order: the checks every kind's items share, then the
 * kind's own (`JobKindSpec.itemChecks`).
 *
 * @param planned - the plan.
 * @param facts - what the ledger says.
 * @param kind - the kind's own verdict on an item and its words, if it has them.
 */
export function itemProblems(
  planned: readonly PlannedIntent[],
  facts: ItemFacts,
  kind: KindChecks = {},
): PlanProblem[] {
  const problems: PlanProblem[] = []
  const seen = new Set<string>()
  planned.forEach(({ intent }, index) => {
    const own = kind.check?.(intent, index, facts) ?? null
    const effects = intentEffects(intent)
    if (effects.cancels) {
      problems.push(...cancelProblems(effects.cancels, index, facts))
      return
    }
    if (effects.mint) {
      // An NFT yet to be minted: what can fail is its offer's recipient and expiration.
      const { offer } = effects.mint
      const label = `the NFT of row ${index + 1}`
      const destination = offer ? destinationProblem(offer, index, facts) : null
      const expiry = offer && !destination ? expirationProblem(offer, index, facts, label) : null
      for (const problem of [destination, expiry, own]) if (problem) problems.push(problem)
      return
    }
    if (!effects.nft) {
      if (own) problems.push(own)
      return
    }
    const nft = nftProblem(effects.nft, index, facts, seen, kind.alreadyOfferedHint)
    const { offer } = effects
    const destination = offer ? destinationProblem(offer, index, facts) : null
    const expiry =
      offer && !nft ? expirationProblem(offer, index, facts, nftLabel(offer.nftId, facts)) : null
    const replaced = offer ? replacementProblem(offer, index, facts) : null
    for (const problem of [nft, destination, expiry, own, replaced]) {
      if (!problem) continue
      // Skipping an offer that replaces others would still cancel those: its NFT would be left
      // with no price at all. The user takes it out of the listing instead.
      const replacing = (offer?.replaces?.length ?? 0) > 0 && !problem.blocking
      problems.push(replacing ? unskippable(problem) : problem)
    }
  })
  return problems
}

/** A problem of an offer that replaces others, made blocking (see itemProblems). */
function unskippable(problem: PlanProblem): PlanProblem {
  const message = `${problemCause(problem.message)}. Listing it again would cancel its current offer without a new one: take it out of the selection`
  return { ...problem, message, blocking: true }
}
