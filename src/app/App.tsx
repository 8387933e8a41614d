import { ReloadPrompt } from './pwa/ReloadPrompt.tsx'
import { Footer } from './shell/Footer.tsx'
import { Header } from './shell/Header.tsx'

/** The application shell. */
export function App() {
  return (
    <div className="app">
      <Header />
      <main className="main">
        <section className="panel" aria-labelledby="collection-title">
          <h2 id="collection-title">No Wallet Connected</h2>
          <p>Connect your wallet to view and manage NFTs</p>
        </section>
      </main>
      <Footer />
      <ReloadPrompt />
    </div>
  )
}
