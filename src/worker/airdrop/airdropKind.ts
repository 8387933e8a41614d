/**
 * The airdrop job kind: a distribution list and a selection of NFTs become free sell offers to the
 * recipients, in CSV order or shuffled from a recorded seed.
 */
import type { AirdropRequest } from '../contract/airdrop.ts'

type AirdropReoffer = NonNullable<AirdropRequest['reoffer']>
import type { DistributionRules, SnapshotSource } from '../contract/holders.ts'
import type { JobRequest } from '../contract/jobs.ts'
import type { JobKindSpec, PlanContext, PlannedIntent } from '../jobs/jobKind.ts'
import { isNetworkId } from '../../shared/networks.ts'
import { marketplaceProblem } from '../jobs/plan/marketplaceProblem.ts'
import {
  checkedAddress,
  checkedId,
  checkedNftIds,
  invalid,
  itemsOf,
} from '../jobs/plan/requestFields.ts'
import { cancelIntents } from '../ledger/cancelOffers.ts'
import type { Fields } from '../jobs/plan/requestFields.ts'
import { checkedSeed, freshSeed, seededRandom } from '../ledger/shuffleSeed.ts'
import { isRecord } from '../../shared/isRecord.ts'
import { keptRules } from './holders/distributionRules.ts'

/** Most NFTs one distribution row may ask for. */
export const MAX_NFTS_PER_RECIPIENT = 1000

function checkedRow(row: unknown, i: number): { address: string; count: number } {
  const label = `Distribution row ${i + 1}`
  if (!isRecord(row)) throw invalid(`${label} is malformed`)
  const address = checkedAddress(row.address, label)
  const { count } = row
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 1) {
    throw invalid(`${label} (${address}): nft_amount must be a whole number of at least 1`)
  }
  if (count > MAX_NFTS_PER_RECIPIENT) {
    throw invalid(`${label} (${address}): nft_amount may be at most ${MAX_NFTS_PER_RECIPIENT}`)
  }
  return { address, count }
}

function validate(fields: Fields): AirdropRequest {
  const rows = itemsOf(fields, 'distribution', 'Please upload a CSV file first', 'recipients')
  const distribution = rows.map(checkedRow)
  const nftIds = checkedNftIds(fields, 'Please select NFTs to distribute')
  if (typeof fields.randomize !== 'boolean') {
    throw invalid('The job request is malformed: randomize must be true or false')
  }
  // A seed is checked whenever given (a malformed one is a bug worth reporting) but kept only with
  // randomize: without a shuffle there is nothing for it to reproduce.
  const seed = fields.seed === undefined ? undefined : checkedSeed(fields.seed)
  return {
    kind: 'airdrop',
    distribution,
    nftIds,
    randomize: fields.randomize,
    ...(fields.randomize && seed !== undefined ? { seed } : {}),
    ...(fields.snapshot === undefined ? {} : { snapshot: checkedSnapshot(fields.snapshot) }),
    ...(fields.rules === undefined ? {} : { rules: checkedJobRules(fields) }),
    ...(fields.reoffer === undefined ? {} : { reoffer: checkedReoffer(fields.reoffer, nftIds) }),
  }
}

/**
 * The rules a snapshot's distribution was drawn by, checked and kept as applied (a re-offer applies
 * them again): only beside the snapshot they were applied to.
 */
function checkedJobRules(fields: Fields): DistributionRules {
  if (fields.snapshot === undefined) {
    throw invalid('Distribution rules are kept only with the holder snapshot they were applied to')
  }
  return keptRules(fields.rules)
}

/** A re-offer's earlier offers, checked: one per NFT of the request, in its order. */
function checkedReoffer(value: unknown, nftIds: readonly string[]): AirdropReoffer {
  const label = 'The re-offer'
  if (!isRecord(value) || typeof value.of !== 'string' || !Array.isArray(value.offers)) {
    throw invalid(`${label} is malformed`)
  }
  const offers = (value.offers as unknown[]).map((offer, i) => {
    if (!isRecord(offer)) throw invalid(`${label}'s offer ${i + 1} is malformed`)
    return {
      nftId: checkedId(offer.nftId, `${label}'s offer ${i + 1}`, 'NFT id'),
      offerId: checkedId(offer.offerId, `${label}'s offer ${i + 1}`, 'offer id'),
      recipient: checkedAddress(offer.recipient, `${label}'s offer ${i + 1}`),
    }
  })
  if (offers.length !== nftIds.length || offers.some((o, i) => o.nftId !== nftIds[i])) {
    throw invalid(`${label} must name one earlier offer per NFT, in the NFTs' order`)
  }
  return { of: value.of, offers }
}

/** The holder snapshot a distribution came from, checked. */
function checkedSnapshot(value: unknown): SnapshotSource {
  const label = 'The holder snapshot'
  if (!isRecord(value)) throw invalid(`${label} is malformed`)
  const issuer = checkedAddress(value.issuer, `${label}'s issuer`)
  const { taxon, ledgerIndex } = value
  const whole = (n: unknown) => typeof n === 'number' && Number.isInteger(n) && n >= 0
  if (taxon !== null && (!whole(taxon) || (taxon as number) > 0xffff_ffff)) {
    throw invalid(`${label}'s taxon must be a whole number or null`)
  }
  if (!whole(ledgerIndex) || (ledgerIndex as number) < 1) {
    throw invalid(`${label}'s ledger index must be a whole number`)
  }
  if (!isNetworkId(value.network)) throw invalid(`${label}'s network is unknown`)
  return {
    network: value.network,
    issuer,
    taxon: taxon as number | null,
    ledgerIndex: ledgerIndex as number,
  }
}

/** A uniform double in [0, 1) from 53 bits of crypto.getRandomValues. */
export function cryptoRandom(): number {
  const [high = 0, low = 0] = crypto.getRandomValues(new Uint32Array(2))
  return ((high >>> 5) * 2 ** 26 + (low >>> 6)) / 2 ** 53
}

/** A Fisher–Yates shuffled copy. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items]
  for (let i = copy.length - 1; i > 0; i--) {
    // Clamped, so a random() that returns 1 (or garbage) cannot index past the end.
    const j = Math.min(i, Math.max(0, Math.floor(random() * (i + 1)) || 0))
    const swap = copy[i] as T
    copy[i] = copy[j] as T
    copy[j] = swap
  }
  return copy
}

/** The distribution expanded into recipient slots in CSV order, at most `max` of them. */
function slotsOf(distribution: readonly { address: string; count: number }[], max: number) {
  const slots: string[] = []
  for (const { address, count } of distribution) {
    for (let n = 0; n < count && slots.length < max; n++) slots.push(address)
  }
  return slots
}

/**
 * Each recipient gets `count` slots, in CSV order; slot i gets the i-th NFT of the selection (or of a
 * shuffled selection when `randomize`), as a free sell offer to the recipient. It stops when slots or
 * NFTs run out: extra recipients get nothing, extra NFTs stay.
 *
 * @param random - uniform in [0, 1), for the shuffle; by default the generator of the request's
 *   `seed` (the same seed always gives the same pairs), else crypto-strong.
 */
function intents(request: AirdropRequest, random?: () => number): PlannedIntent[] {
  if (request.reoffer) return reofferIntents(request, request.reoffer)
  const nfts = drawOrder(request, random)
  return slotsOf(request.distribution, nfts.length).map((destination, i) => ({
    intent: { type: 'offer', nftId: nfts[i] as string, amountDrops: '0', destination },
    recipient: destination,
  }))
}

/** The selection in the order slots take it: as selected, or shuffled. */
function drawOrder(request: AirdropRequest, random?: () => number): readonly string[] {
  const draw = random ?? (request.seed ? seededRandom(request.seed) : cryptoRandom)
  return request.randomize ? shuffled(request.nftIds, draw) : request.nftIds
}

/**
 * The selected NFTs no slot took, in draw order (the shuffle's rest, from the recorded seed): those
 * pre-flight gives to recipients whose NFT it skips. A re-offer moves given NFTs only: none.
 */
function spares(request: AirdropRequest, planned: readonly PlannedIntent[]): string[] {
  if (request.reoffer) return []
  const used = new Set(planned.map(({ intent }) => ('nftId' in intent ? intent.nftId : '')))
  return drawOrder(request).filter((nftId) => !used.has(nftId))
}

/**
 * A re-offer: the earlier offers of the NFTs that get a new recipient are cancelled (500 per
 * transaction), then each NFT is offered to its new recipient, naming the offer it replaces: the
 * runner signs it only once that cancellation succeeded, so an NFT is never on offer to two people.
 * NFTs beyond the recipients keep their offers.
 */
function reofferIntents(request: AirdropRequest, reoffer: AirdropReoffer): PlannedIntent[] {
  const slots = slotsOf(request.distribution, reoffer.offers.length)
  const moved = reoffer.offers.slice(0, slots.length)
  const offers: PlannedIntent[] = moved.map((old, i) => ({
    intent: {
      type: 'offer',
      nftId: old.nftId,
      amountDrops: '0',
      destination: slots[i]!,
      replaces: [old.offerId],
    },
    recipient: slots[i]!,
    previousRecipient: old.recipient,
  }))
  return [...cancelIntents(moved.map((old) => old.offerId)), ...offers]
}

/**
 * The request as it will be planned and recorded: a randomized airdrop without a seed gets a fresh
 * one, so that every shuffle can be reproduced from its job row.
 */
export function withShuffleSeed<R extends JobRequest>(request: R): R {
  if (request.kind !== 'airdrop' || !request.randomize || request.seed) return request
  return { ...request, seed: freshSeed() }
}

/**
 * The airdrop as planned: its shuffle seed (withShuffleSeed), and its holder snapshot checked to be of
 * the wallet's network (holders on one network are not accounts to send to on another).
 *
 * @throws EngineError `VALIDATION` for a snapshot of another network.
 */
function prepareAirdrop(request: AirdropRequest, context: PlanContext): AirdropRequest {
  const { snapshot } = request
  if (snapshot && snapshot.network !== context.wallet.network) {
    throw invalid(
      `The holder snapshot was taken on ${snapshot.network}: its holders are not accounts on ${context.wallet.network}`,
    )
  }
  return withShuffleSeed(request)
}

export const airdropKind: JobKindSpec<AirdropRequest> = {
  kind: 'airdrop',
  // A re-offer cancels the earlier offers in the same job.
  intentTypes: ['offer', 'cancel'],
  touchesNfts: true,
  selfOfferSource: 'distribution list',
  // A row naming a marketplace's broker: a free offer it could take (it reads nothing).
  itemChecks: () => Promise.resolve(marketplaceProblem),
  validate,
  prepare: prepareAirdrop,
  intents,
  spares,
  // Drawn from a snapshot: its holders are confirmed by another server than the Clio that listed
  // them; with none, only those the user kept are in it.
  confirmedElsewhere: (request) =>
    request.snapshot ? ["the snapshot's holders (only those you kept are in it)"] : [],
  params: (request, planned) => ({
    ...(request.seed ? { shuffleSeed: request.seed } : {}),
    // How many recipients its items go to (the results card counts them without reading).
    recipients: new Set(planned.map((p) => p.recipient)).size,
    ...(request.snapshot ? { snapshot: request.snapshot } : {}),
    ...(request.reoffer ? { reofferOf: request.reoffer.of } : {}),
  }),
}
