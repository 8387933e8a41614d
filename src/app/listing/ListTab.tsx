import { useEffect, useMemo, useRef } from 'react'

import type { JobRow } from '../../db/types/jobs.ts'
import type { NftItem } from '../../db/types/nfts.ts'
import { ACTIVE_STATUSES, latestOrAwaited } from '../jobs/jobStatus.ts'
import { useJobEnd } from '../jobs/useJobEnd.ts'
import { useStartedJobs } from '../jobs/useJobs.ts'
import { useCollection } from '../collection/collectionState.ts'
import { useShownIds } from '../collection/useShownIds.ts'
import {
  listingConnectionLost,
  listingEnded,
  refreshOffersList,
  reviewListing,
  useListing,
} from './listingState.ts'
import { useNetworkStatus } from '../state/network.ts'
import { useOffers } from '../state/offers.ts'
import { useSelectedIds } from '../state/selection.ts'
import { useSession } from '../state/session.ts'
import { useSignBlock } from '../state/actionGate.ts'
import { BlockedReason } from '../ui/BlockedReason.tsx'
import { notListable } from './listable.ts'
import { ListingProgress, ListingResult } from './ListingCards.tsx'
import { ListingReview } from './ListingReview.tsx'
import { PricingForm } from './PricingForm.tsx'
import { useOnSale } from './useOnSale.ts'
import { ErrorBox } from '../ui/ErrorBox.tsx'
import './list.css'
import { counted, nounFor } from '../../shared/plural.ts'

/** The spec's words when the connection drops while offers are being created (part 2 §8). */
export const SERVER_BUSY =
  'Server temporarily busy - offers may still be processing. Please refresh the offers list in a moment to check if they were created.'

/**
 * The List tab ('Create NFT Offers', spec part 2 §2): the pricing form, 'Create n Offers' for the
 * selected NFTs the grid below offers for listing, the review before signing, and the listing job's
 * progress and results.
 */
export function ListTab() {
  const { wallet } = useSession()
  if (!wallet) {
    return (
      <div className="tab-card">
        <h3>Wallet Required</h3>
        <p>Connect your wallet to create NFT sell offers</p>
      </div>
    )
  }
  return <ConnectedList account={wallet.address} />
}

/** The wallet's latest listing, or null (also while the one just started is not read yet). */
function useLatestListing(justStarted: string | null): JobRow | null {
  const jobs = useStartedJobs('list')
  return jobs.loading ? null : latestOrAwaited(jobs.value, justStarted)
}

/**
 * The selected NFTs that can be listed now and that the filters show, in selection order (as the
 * Burn tab: nothing out of sight is priced and offered), how many selected the filters hide, and how
 * many shown cannot be listed.
 */
function useSelectedListable(account: string, relist: boolean) {
  const selected = useSelectedIds('list')
  const { nfts, metadata, metadataVersion } = useCollection()
  const shown = useShownIds()
  const onSale = useOnSale()
  const byId = useMemo(() => new Map(nfts.map((nft) => [nft.nftId, nft])), [nfts])
  return useMemo(() => {
    const listable: NftItem[] = []
    let hidden = 0
    for (const id of selected) {
      const nft = byId.get(id)
      if (!shown.has(id)) hidden += 1
      else if (nft && !notListable(nft, metadata, account, onSale, relist)) listable.push(nft)
    }
    return { listable, hidden, ignored: selected.size - hidden - listable.length, onSale }
    // The metadata map is mutated in place; its version says when it changed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [selected, byId, shown, metadata, metadataVersion, account, onSale, relist])
}

/**
 * While a listing runs and the connection is lost, the spec's busy message stays up (until 'Refresh
 * Offers List'): offers submitted before the drop may still be created. The job itself waits and
 * resumes when the connection returns.
 */
function useServerBusy(job: JobRow | null): void {
  const { state } = useNetworkStatus()
  // 'waiting' too: the runner may not have taken the job yet when the connection goes.
  const running = job?.status === 'running' || job?.status === 'waiting'
  const before = useRef(state)
  useEffect(() => {
    // The moment a live connection is lost, not any state short of connected (starting up, say).
    const lost = before.current === 'connected' && state !== 'connected'
    before.current = state
    if (lost && running) listingConnectionLost()
  }, [running, state])
}

function ConnectedList({ account }: { account: string }) {
  const { relist, busy, progress, error, pending, dismissedJobId, serverBusy, startedJobId } =
    useListing()
  const { report } = useOffers()
  const job = useLatestListing(startedJobId)
  useJobEnd(job, true, report?.readAt ?? null, listingEnded)
  useServerBusy(job)
  const { listable, hidden, ignored, onSale } = useSelectedListable(account, relist)
  const running = job !== null && ACTIVE_STATUSES.has(job.status)
  const count = listable.length
  const blocked = useSignBlock()
  return (
    <div className="list-tab">
      {serverBusy && (
        <div className="error-box list-busy" role="alert">
          <p>{SERVER_BUSY}</p>
          <button type="button" className="button" onClick={refreshOffersList}>
            Refresh Offers List
          </button>
        </div>
      )}
      {job && running && <ListingProgress job={job} />}
      {job && !running && job.id !== dismissedJobId && <ListingResult job={job} />}
      <section className="tab-card" aria-labelledby="list-create-title">
        <h3 id="list-create-title">Create NFT Offers</h3>
        <PricingForm selected={listable} />
        <p className="tab-muted" data-testid="list-selected">
          {counted(count, 'NFT selected', 'NFTs selected')}
          {ignored > 0 &&
            ` (${counted(ignored, 'other selected NFT is', 'other selected NFTs are')} not listable and left out)`}
          {hidden > 0 &&
            ` (${hidden} more selected ${nounFor(hidden, 'is', 'are')} hidden by the filters and will not be listed)`}
        </p>
        {count === 0 && <p className="tab-muted">Select the NFTs to list in the grid below.</p>}
        {busy && progress && (
          <p className="tab-muted" role="status">
            {progress.step === 'listing' ? 'Listing collections' : 'Reading floor prices'}:{' '}
            {progress.done} of {progress.total}
          </p>
        )}
        {!pending && <ErrorBox message={error} />}
        <button
          type="button"
          className="button button--primary list-create"
          disabled={busy || running || count === 0 || blocked !== null}
          onClick={() =>
            void reviewListing(
              listable.map((nft) => nft.nftId),
              onSale,
            )
          }
        >
          {busy ? 'Pricing…' : `Create ${counted(count, 'Offer')}`}
        </button>
        <BlockedReason reason={blocked} />
        {running && (
          <p className="tab-muted">A listing is running: wait for it to end to start another.</p>
        )}
      </section>
      {pending && <ListingReview pending={pending} running={running} />}
    </div>
  )
}
