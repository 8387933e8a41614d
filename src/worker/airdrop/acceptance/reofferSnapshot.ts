/**
 * The recipients of a re-offer to an airdrop's holder snapshot: the airdrop's own rules (kept with
 * it) applied again to the snapshot it was drawn from, at the same ledger, less everyone an airdrop
 * of the chain already offered to, each confirmed by a second server like the first distribution's.
 * A team's block list, minimum holding, cap and exclusions hold for the NFTs re-offered as they did
 * for the first ones; and the ledger the re-offer's job and report name is the one its holders were
 * read at.
 */
import { holderSnapshotId, readHolderSnapshot } from '../../../db/holderSnapshots.ts'
import { readJobRequest } from '../../../db/jobs.ts'
import type { LedgerDb } from '../../../db/schema.ts'
import type { JobRow } from '../../../db/types/jobs.ts'
import { EngineError } from '../../../shared/errors.ts'
import { isRecord } from '../../../shared/isRecord.ts'
import type { DistributionRules, SnapshotSource } from '../../contract/holders.ts'
import { applyRules } from '../holders/distributionRules.ts'
import type { HolderConfirmer } from '../holders/holderConfirmer.ts'
import { snapshotView } from '../holders/snapshotView.ts'

/** Where a re-offer to the snapshot takes its holders: the airdrop's own ledger, or a retaken one. */
export type SnapshotChoice = 'snapshot' | { snapshotLedger: number }

/** What a re-offer to the snapshot needs. */
export interface ReofferSnapshotDeps {
  db: LedgerDb
  confirmer: Pick<HolderConfirmer, 'confirm'>
}

/** The re-offer's distribution, and the snapshot and rules its job keeps. */
export interface SnapshotRecipients {
  distribution: { address: string; count: number }[]
  snapshot: SnapshotSource
  rules: DistributionRules
}

function refuse(message: string, data?: unknown): EngineError {
  return new EngineError('VALIDATION', message, data)
}

/** The airdrop's snapshot, as its job names it. */
function sourceOf(job: JobRow): SnapshotSource {
  const { snapshot } = job.params
  if (
    !isRecord(snapshot) ||
    typeof snapshot.issuer !== 'string' ||
    typeof snapshot.ledgerIndex !== 'number'
  ) {
    throw refuse(
      'This airdrop was not drawn from a holder snapshot: load a distribution list to re-offer to',
    )
  }
  return {
    network: job.network,
    issuer: snapshot.issuer,
    taxon: typeof snapshot.taxon === 'number' ? snapshot.taxon : null,
    ledgerIndex: snapshot.ledgerIndex,
  }
}

/** The ledger the user chose to re-offer at, checked (it crossed the worker boundary). */
function chosenLedger(to: SnapshotChoice, source: SnapshotSource): number {
  if (to === 'snapshot') return source.ledgerIndex
  const at = isRecord(to) ? to.snapshotLedger : undefined
  if (typeof at !== 'number' || !Number.isSafeInteger(at) || at < source.ledgerIndex) {
    throw refuse(
      `A re-offer goes to the holders at ledger ${source.ledgerIndex}, where this airdrop's snapshot was taken, or at a later ledger`,
    )
  }
  return at
}

/** The refusal when the snapshot stored is not of the ledger asked for. */
function retake(source: SnapshotSource, wanted: number, stored: number | null): EngineError {
  const data = { retake: true, ledgerIndex: source.ledgerIndex, stored }
  const again = 'take the snapshot again to re-offer to the holders as they are now'
  if (wanted !== source.ledgerIndex) {
    const what = stored === null ? 'none is' : `the one stored is of ledger ${stored}`
    return refuse(
      `No holder snapshot of ledger ${wanted} is on this device (${what}): ${again}`,
      data,
    )
  }
  const gone =
    stored === null
      ? 'is no longer on this device'
      : `was replaced on this device by a newer one (ledger ${stored})`
  return refuse(
    `The holder snapshot this airdrop was drawn from (ledger ${source.ledgerIndex}) ${gone}: ${again}`,
    data,
  )
}

/**
 * The recipients `to` names, for `slots` NFTs.
 *
 * @param earlier - everyone an airdrop of the chain offered NFTs to.
 * @throws EngineError `VALIDATION` when the airdrop has no snapshot or no rules kept, or its
 *   snapshot is not on this device at the ledger asked for (`data.retake`).
 */
export async function snapshotRecipients(
  deps: ReofferSnapshotDeps,
  job: JobRow,
  to: SnapshotChoice,
  earlier: ReadonlySet<string | undefined>,
  slots: number,
): Promise<SnapshotRecipients> {
  const source = sourceOf(job)
  const rules = (await readJobRequest(deps.db, job.id))?.rules
  if (!isRecord(rules)) {
    throw refuse(
      "This airdrop's distribution rules were not kept with it (it was planned before they were): load a distribution list to re-offer to",
    )
  }
  const wanted = chosenLedger(to, source)
  const row = await readHolderSnapshot(
    deps.db,
    holderSnapshotId(job.network, source.issuer, source.taxon),
  )
  const stored = row?.complete === true ? row.ledgerIndex : null
  if (!row || stored !== wanted) throw retake(source, wanted, stored)
  // The marks as the airdrop saw them: the wallet that sends is the job's account.
  const outcome = applyRules(snapshotView(row, job.account).holders, rules)
  const next = outcome.rows.filter((r) => !earlier.has(r.address))
  const keepUnconfirmed = outcome.rules.keepUnconfirmed === true
  const confirmed = await deps.confirmer.confirm(row, next, { keepUnconfirmed, slots })
  return {
    distribution: confirmed.rows.map(({ address, count }) => ({ address, count })),
    snapshot: { ...source, ledgerIndex: wanted },
    rules: outcome.rules,
  }
}
