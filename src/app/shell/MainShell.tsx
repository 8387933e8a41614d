import { useEffect } from 'react'
import type { ReactNode } from 'react'

import type { NftView } from '../collection/useNftView.ts'
import { NftCollectionPanel } from '../collection/NftCollectionPanel.tsx'
import { SelectionBar } from '../airdrop/SelectionBar.tsx'
import { useUi } from '../state/ui.ts'
import { LoadingBoundary, lazyNamed } from '../ui/lazyNamed.tsx'
import type { TabId } from '../state/ui.ts'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import {
  AirdropTab,
  BurnTab,
  ListingGrid,
  ListTab,
  MintTab,
  OrdersTab,
  preloadTabs,
} from './lazyTabs.tsx'
import { TAB_INFO, tabButtonId, tabPanelId } from './tabs.ts'
import { XamanPrompt } from '../wallets/XamanPrompt.tsx'
import './shell.css'

/** The tabs that show the collection their own way: the List tab as its paged grid of listable NFTs. */
const GRIDS: Partial<Record<TabId, (view: NftView) => ReactNode>> = {
  list: (view) => (
    <LoadingBoundary>
      <ListingGrid view={view} />
    </LoadingBoundary>
  ),
}

const KeyRemovalModal = lazyNamed(() => import('../wallets/KeyRemovalModal.tsx'), 'KeyRemovalModal')

/** The key removal's confirmation and progress, loaded when first opened. */
function KeyRemovalHost() {
  const { keyRemovalOpen } = useUi()
  return keyRemovalOpen ? (
    <LoadingBoundary>
      <KeyRemovalModal />
    </LoadingBoundary>
  ) : null
}

/** The main shell: the header with its tabs, the selected tab's panel, and the fixed footer. */
export function MainShell() {
  const { tab } = useUi()
  const info = TAB_INFO[tab]
  useEffect(() => {
    // The shell opens at its top: the screen before it (the method chooser on a phone) may have been
    // scrolled, and the page keeps that offset across the change of stage.
    window.scrollTo(0, 0)
  }, [])
  useEffect(() => {
    // After the first paint, so that the shell's own work goes first.
    const timer = setTimeout(preloadTabs, 1_000)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className="app">
      <Header />
      <main className="main">
        {/* One panel, relabelled per tab: the shared collection stays mounted across tabs. */}
        <section
          className="tab-panel"
          role="tabpanel"
          id={tabPanelId(info.id)}
          aria-labelledby={tabButtonId(info.id)}
        >
          <h2 className="tab-panel__heading">{info.heading}</h2>
          {/* A child of the panel, not of the tab: it stays in view down to the collection's end. */}
          {tab === 'airdrop' && <SelectionBar />}
          {/* One slot whatever the tab, so the collection after it is not remounted on a switch. */}
          <LoadingBoundary>
            {tab === 'airdrop' ? (
              <AirdropTab />
            ) : tab === 'orders' ? (
              <OrdersTab />
            ) : tab === 'list' ? (
              <ListTab />
            ) : tab === 'burn' ? (
              <BurnTab />
            ) : (
              <MintTab />
            )}
          </LoadingBoundary>
          {/* Orders acts on offers, Mint on NFTs yet to exist: the collection is neither's business. */}
          {tab !== 'orders' && tab !== 'mint' && <NftCollectionPanel renderGrid={GRIDS[tab]} />}
        </section>
      </main>
      <XamanPrompt />
      <Footer />
      <KeyRemovalHost />
    </div>
  )
}
