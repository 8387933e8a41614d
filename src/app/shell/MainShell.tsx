import type { ReactNode } from 'react'

import { AirdropTab } from '../airdrop/AirdropTab.tsx'
import { BurnGrid } from '../burn/BurnGrid.tsx'
import { BurnTab } from '../burn/BurnTab.tsx'
import { ListingGrid } from '../listing/ListingGrid.tsx'
import { ListTab } from '../listing/ListTab.tsx'
import { OrdersTab } from '../orders/OrdersTab.tsx'
import type { NftView } from '../nfts/useNftView.ts'
import { NftCollectionPanel } from '../nfts/NftCollectionPanel.tsx'
import { useUi } from '../state/ui.ts'
import type { TabId } from '../state/ui.ts'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { TAB_INFO, tabButtonId, tabPanelId } from './tabs.ts'
import './shell.css'

/**
 * The tabs that show the collection their own way: the List tab as its paged grid of listable NFTs,
 * the Burn tab through its filter.
 */
const GRIDS: Partial<Record<TabId, (view: NftView) => ReactNode>> = {
  list: (view) => <ListingGrid view={view} />,
  burn: (view) => <BurnGrid view={view} />,
}

/** The main shell: the header with its tabs, the selected tab's panel, and the fixed footer. */
export function MainShell() {
  const { tab } = useUi()
  const info = TAB_INFO[tab]
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
          {/* One slot whatever the tab, so the collection after it is not remounted on a switch. */}
          {tab === 'airdrop' ? (
            <AirdropTab />
          ) : tab === 'orders' ? (
            <OrdersTab />
          ) : tab === 'list' ? (
            <ListTab />
          ) : (
            <BurnTab />
          )}
          <NftCollectionPanel renderGrid={GRIDS[tab]} />
        </section>
      </main>
      <Footer />
    </div>
  )
}
