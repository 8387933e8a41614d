import { APP_NAME } from '../../shared/constants.ts'
import { getStarted } from '../state/sessionStart.ts'
import './onboarding.css'

interface Feature {
  title: string
  text: string
}

const FEATURES: readonly Feature[] = [
  {
    title: 'Bulk Airdrops',
    text: 'Distribute NFTs to hundreds of recipients at once from a CSV list.',
  },
  {
    title: 'Offer Management',
    text: 'Analyse your sell offers, spot duplicates and free offers, and cancel them in bulk.',
  },
  {
    title: 'NFT Burning',
    text: 'Permanently destroy NFTs in bulk, with filters by issuer and collection.',
  },
  {
    title: 'Enterprise Security',
    text: 'Transactions are signed on your device: your keys never leave it.',
  },
]

// The spec's splash named two ways, and Burn 'Coming Soon': both stopped being true (issue 45), and
// a newcomer reads the splash as what the app can do.
const METHODS = [
  {
    title: 'Gem Wallet',
    text: 'Browser extension: you approve one transaction and keep your master key in GEM Wallet.',
  },
  {
    title: 'Crossmark, Ledger or Xaman',
    text: 'Your wallet, hardware device or phone approves each job; no key enters the app.',
  },
  {
    title: 'Seed Phrase Access',
    text: 'Direct control with your seed, private key or Xaman secret numbers, held in memory only.',
  },
] as const

/** The first-visit splash (spec part 2 §1, §2): features, connection methods, Get Started. */
export function Splash() {
  return (
    <main className="onboarding">
      <header className="onboarding__hero">
        <img src="/favicon.svg" alt="" width="56" height="56" />
        <h1>{APP_NAME}</h1>
        <p className="onboarding__lead">
          Manage your XRP Ledger NFTs in bulk: airdrops, offers, listing and burning.
        </p>
      </header>

      <section aria-labelledby="splash-features">
        <h2 id="splash-features">Features</h2>
        <ul className="onboarding__grid">
          {FEATURES.map((feature) => (
            <li key={feature.title} className="onboarding__card">
              <h3>{feature.title}</h3>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="splash-methods">
        <h2 id="splash-methods">Ways to connect</h2>
        <ul className="onboarding__grid">
          {METHODS.map((method) => (
            <li key={method.title} className="onboarding__card">
              <h3>{method.title}</h3>
              <p>{method.text}</p>
            </li>
          ))}
        </ul>
      </section>

      <div className="onboarding__cta">
        <p>Join thousands of users managing NFTs securely</p>
        <button type="button" className="button button--primary" onClick={() => void getStarted()}>
          Get Started
        </button>
      </div>
    </main>
  )
}
