import { useId } from 'react'

import type { AuthMethod } from '../../state/session.ts'
import { backToSplash, chooseMethod } from '../../state/sessionStart.ts'
import { useSession } from '../../state/session.ts'
import { ExternalWalletList } from '../ExternalWalletList.tsx'
import '../../onboarding/onboarding.css'

interface MethodCardProps {
  method: AuthMethod
  title: string
  badge: string
  benefits: readonly string[]
  considerations: readonly string[]
}

const CARDS: readonly MethodCardProps[] = [
  {
    method: 'regularkey',
    title: 'Gem Wallet',
    badge: 'Recommended',
    benefits: [
      'Your master key stays in the GEM Wallet extension',
      'You approve a single SetRegularKey transaction',
      'Your session comes back when you reopen the app on this device',
    ],
    considerations: [
      'Needs the GEM Wallet browser extension',
      'Sets a regular key on your account (GEM Wallet can remove it at any time)',
      'The regular key is stored encrypted on this device',
    ],
  },
  {
    method: 'seed',
    title: 'Seed Phrase Access',
    badge: 'Direct Control',
    benefits: [
      'Works on any device, no extension needed',
      'You sign directly with your own key',
      'Nothing is stored: the key is held in memory until you disconnect',
    ],
    considerations: [
      'You type your seed or private key into this app',
      'You enter it again in every new session',
      'Use it only on a device and network you trust',
    ],
  },
]

function MethodCard({ method, title, badge, benefits, considerations }: MethodCardProps) {
  const titleId = useId()
  return (
    <article className="onboarding__card method-card" aria-labelledby={titleId}>
      <header className="method-card__header">
        <h2 id={titleId}>{title}</h2>
        <span className="ob-badge">{badge}</span>
      </header>
      <h3>Benefits</h3>
      <ul className="method-card__list method-card__list--benefits">
        {benefits.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <h3>Considerations</h3>
      <ul className="method-card__list method-card__list--considerations">
        {considerations.map((text) => (
          <li key={text}>{text}</li>
        ))}
      </ul>
      <button
        type="button"
        className="button button--primary method-card__choose"
        onClick={() => void chooseMethod(method, { toSeedField: true })}
      >
        {title}
        <span aria-hidden="true"> →</span>
      </button>
    </article>
  )
}

/** Why connecting a wallet from the list failed, as the wallet menu's red box says it. */
function ConnectError() {
  const { error } = useSession()
  return error ? (
    <div className="error-box" role="alert">
      {error}
    </div>
  ) : null
}

/**
 * The connection method chooser (spec part 2 §2): Gem Wallet or Seed Phrase Access, and the external
 * wallets this device can use.
 */
export function MethodChooser() {
  return (
    <main className="onboarding">
      <header className="onboarding__hero">
        <h1>Choose How to Connect</h1>
        <p className="onboarding__lead">
          Pick the method that suits you. You can switch methods later from the wallet menu.
        </p>
      </header>
      <div className="onboarding__grid onboarding__grid--two">
        {CARDS.map((card) => (
          <MethodCard key={card.method} {...card} />
        ))}
      </div>
      {/* The wallets this device can use, each approving the app's transactions itself. */}
      <div className="onboarding__card onboarding__wallets">
        <ExternalWalletList />
        <ConnectError />
      </div>
      <div className="onboarding__actions">
        <button type="button" className="button" onClick={() => void backToSplash()}>
          Back
        </button>
      </div>
    </main>
  )
}
