import { APP_NAME, APP_VERSION } from '../../shared/constants.ts'
import { NETWORKS } from '../../shared/networks.ts'
import { counted } from '../../shared/plural.ts'
import { useCollectionSummary } from '../collection/collectionSummaryState.ts'
import { useLedgerConnected, useNetworkStatus } from '../state/network.ts'
import type { ShownOfferCounts } from '../state/offerCounts.ts'
import { useSession } from '../state/session.ts'
import { useUi } from '../state/ui.ts'
import { useBurnFollower } from '../burn/useBurnJobs.ts'
import { ConnectionIndicator } from './ConnectionIndicator.tsx'
import { ServersButton } from './ServersButton.tsx'
import { jumpTo } from '../ui/jumpTo.ts'
import { UPLOAD_SECTION_ID } from '../ui/sections.ts'
import './shell.css'

/**
 * The fixed footer: product, version and the network actually in use; while connected, the
 * collection's counts and (on the Airdrop tab) Quick Airdrop; the wallet and ledger connection.
 */
export function Footer() {
  const { network } = useNetworkStatus()
  const { wallet } = useSession()
  const { tab } = useUi()
  return (
    <footer className="footer">
      <div className="footer__product">
        <span>{APP_NAME}</span>
        <span data-testid="app-version">v{APP_VERSION}</span>
        <span className="footer__network" data-testid="footer-network">
          {NETWORKS[network].name}
        </span>
      </div>
      {wallet && <CollectionCounts />}
      {wallet && tab === 'airdrop' && (
        <button
          type="button"
          className="footer__quick-airdrop"
          onClick={() => jumpTo(UPLOAD_SECTION_ID)}
        >
          Quick Airdrop
        </button>
      )}
      <div className="footer__status">
        <span className="footer__wallet" data-connected={wallet !== null && !wallet.viewOnly}>
          {wallet?.viewOnly ? 'View only' : wallet ? 'Wallet Connected' : 'Wallet Disconnected'}
        </span>
        <ConnectionIndicator />
        <ServersButton />
      </div>
    </footer>
  )
}

/** Selected, total and offers, or 'Loading...' with a pulsing dot while the collection loads. */
function CollectionCounts() {
  const { total, selected, offers, loading } = useCollectionSummary()
  const burning = useBurnFollower()
  return (
    <div className="footer__counts" data-testid="footer-counts">
      {burning && (
        <span className="footer__busy" role="status">
          <span className="footer__loading-dot" aria-hidden="true" />
          Burning NFTs…
        </span>
      )}
      {loading ? (
        <>
          <span className="footer__loading-dot" aria-hidden="true" />
          <span>Loading...</span>
        </>
      ) : (
        <>
          <span data-testid="footer-selected">
            Selected: {selected.of === 'offers' ? counted(selected.count, 'offer') : selected.count}
          </span>
          <span>NFTs: {total}</span>
          <OfferCounts offers={offers} />
        </>
      )}
    </div>
  )
}

/** When a saved reading was made: its time today, its date before. */
function savedWhen(savedAt: number): string {
  const saved = new Date(savedAt)
  return saved.toDateString() === new Date().toDateString()
    ? saved.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
    : saved.toLocaleDateString()
}

/**
 * Sell offers, as the Orders tab totals them; the account's own bids apart. Without the ledger they
 * are the reading saved on this device, marked so; 'Loading...' only while a count can come.
 */
function OfferCounts({ offers }: { offers: ShownOfferCounts | null }) {
  const connected = useLedgerConnected()
  if (!offers) {
    return (
      <span
        data-testid="footer-offers"
        title={
          connected ? undefined : 'Not read on this device yet: read when the connection returns'
        }
      >
        Offers: {connected ? 'Loading...' : 'not read yet'}
      </span>
    )
  }
  const { sell, buy, savedAt, ledgerIndex } = offers
  return (
    <span
      data-testid="footer-offers"
      title={
        savedAt === null
          ? undefined
          : `As last read on this device: ${new Date(savedAt).toLocaleString()}, ledger #${ledgerIndex}`
      }
    >
      Offers: {sell}
      {buy > 0 && ` + ${counted(buy, 'bid')}`}
      {savedAt !== null && ` (saved ${savedWhen(savedAt)})`}
    </span>
  )
}
