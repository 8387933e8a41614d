import { NftCollectionPanel } from '../nfts/NftCollectionPanel.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'

/** STUB (shell helper replaces it): header with tabs, the tab's content, footer. */
export function MainShell() {
  return (
    <div className="app">
      <Header />
      <main className="main">
        <NftCollectionPanel />
      </main>
      <Footer />
    </div>
  )
}
