/**
 * What the grid marks as taken before an NFT is picked (issue: "of 10 NFTs picked for a first
 * airdrop, 5 were already on offer"). On the Airdrop tab: NFTs the account already offers (its sell
 * offers as last read; an airdrop would skip them, or give their recipients a spare) and NFTs another
 * started job offers or burns. On the Burn tab only the latter: burning an NFT deletes its offers,
 * but would break a job that still offers it. The List tab has its own grid and reasons.
 */
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef } from 'react'
import { proxy, useSnapshot } from 'valtio'

import { appDb } from '../../db/queries/db.ts'
import { nftsInJobs } from '../../db/queries/jobs.ts'
import { formatDrops, shortAddress } from '../../shared/format.ts'
import type { JobRow } from '../../db/types/jobs.ts'
import type { OfferView } from '../../worker/api.ts'
import { loadOffers, useOffers } from '../state/offers.ts'
import { useSession } from '../state/session.ts'
import type { TabId } from '../state/ui.ts'

/** Why a card is marked: a short label on the card, and the reason in full. */
export interface TakenMark {
  label: string
  why: string
}

/** A job's kind as a card names it ('In an airdrop job'). */
const JOB_NAMES: Partial<Record<string, string>> = {
  airdrop: 'an airdrop',
  list: 'a listing',
  burn: 'a burn',
}

const takenView = proxy({ hide: false })

/** Hides (or shows again) the marked NFTs in the grid; Select All then leaves them out. */
export function setHideTaken(hide: boolean): void {
  takenView.hide = hide
}

/** Whether marked NFTs are hidden. */
export function useHideTaken(): boolean {
  return useSnapshot(takenView).hide
}

function offerMark(offer: OfferView): TakenMark {
  const price = offer.amount.kind === 'xrp' ? `${formatDrops(offer.amount.drops)} XRP` : 'a token'
  const free = offer.amount.kind === 'xrp' && offer.amount.drops === '0'
  const label = offer.destination
    ? `On offer to ${shortAddress(offer.destination)}`
    : `On sale for ${price}`
  const to = offer.destination ? ` to ${offer.destination}${free ? ' for free' : ''}` : ''
  const why = `You already offer this NFT${to}${offer.destination ? '' : ` for ${price}`}: an airdrop skips it (or gives its recipient a spare NFT you selected). Cancel the offer in the Orders tab to use it.`
  return { label, why }
}

/** Whether a job is over: it offers, burns or signs nothing more. */
function hasEnded(job: JobRow): boolean {
  return !['planned', 'running', 'waiting', 'paused', 'cancelling'].includes(job.status)
}

/**
 * The marks of the account's NFTs for `tab`, by NFT id (empty on other tabs). On the Airdrop tab the
 * account's offers are read once if no reading is saved on this device.
 */
export function useTakenMarks(tab: TabId): ReadonlyMap<string, TakenMark> {
  const { wallet } = useSession()
  const { report, loading } = useOffers()
  const marking = tab === 'airdrop' || tab === 'burn'
  // The jobs' statuses only: a running job's item writes do not read every item again.
  const jobs = useLiveQuery(async () => {
    if (!wallet || !marking) return { statuses: '', lastEnded: 0 }
    const rows = await appDb()
      .jobs.where('[network+account]')
      .equals([wallet.network, wallet.address])
      .toArray()
    return {
      // Statuses only: a running job's counts move every batch, and each read below reads the
      // started jobs' live items on this thread.
      statuses: rows.map((job) => `${job.id}:${job.status}`).join(','),
      lastEnded: Math.max(0, ...rows.filter(hasEnded).map((job) => job.updatedAt)),
    }
  }, [wallet?.network, wallet?.address, marking])
  const statuses = jobs?.statuses
  // Read once if no reading is saved here, and again after a job ended since (it made or took
  // offers): once for each such state, so that a read that fails is not asked for again and again.
  const reading =
    tab === 'airdrop' && wallet && jobs ? `${report?.readAt ?? 0}:${jobs.lastEnded}` : null
  const stale = reading !== null && (report === null || jobs!.lastEnded > report.readAt)
  const tried = useRef<string | null>(null)
  useEffect(() => {
    if (!stale || loading || tried.current === reading) return
    tried.current = reading
    void loadOffers()
  }, [stale, loading, reading])
  const inJobs = useLiveQuery(
    async () => (wallet && statuses ? nftsInJobs(appDb(), wallet.network, wallet.address) : null),
    [statuses],
  )
  return useMemo(() => {
    const marks = new Map<string, TakenMark>()
    if (!marking) return marks
    if (tab === 'airdrop') {
      for (const offer of report?.sell ?? []) {
        if (!offer.flags.unfillable && !marks.has(offer.nftId))
          marks.set(offer.nftId, offerMark(offer))
      }
    }
    for (const [nftId, job] of inJobs ?? []) {
      const does = job.kind === 'burn' ? 'burns' : 'offers'
      marks.set(nftId, {
        label: `In ${JOB_NAMES[job.kind] ?? `a ${job.kind}`} job`,
        why: `Another ${job.kind} of this wallet (job ${job.id.slice(0, 8)}) still ${does} this NFT: a new job skips it.`,
      })
    }
    return marks
  }, [marking, tab, report, inJobs])
}
