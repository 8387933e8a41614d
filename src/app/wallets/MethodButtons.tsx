import { chooseMethod } from '../state/sessionStart.ts'
import type { AuthMethod } from '../state/session.ts'
import { setWalletMenuOpen } from '../state/ui.ts'
import { Tooltip } from '../ui/Tooltip.tsx'

/** One way to connect, as the dropdown offers it (spec part 1 §2). */
interface Method {
  method: AuthMethod
  label: string
  badge: string
  tooltip: string
}

const METHODS: readonly Method[] = [
  {
    method: 'regularkey',
    label: 'Gem Wallet',
    badge: 'Recommended',
    tooltip: 'Browser extension with secure transaction approval',
  },
  {
    method: 'seed',
    label: 'Seed Phrase',
    badge: 'Advanced',
    tooltip: 'Direct access with seed phrase or private key',
  },
]

/** The dropdown's two method buttons: each switches the authentication method. */
export function MethodButtons() {
  const choose = (method: AuthMethod) => {
    setWalletMenuOpen(false)
    void chooseMethod(method)
  }
  return (
    <div className="wallet-methods">
      {METHODS.map(({ method, label, badge, tooltip }, index) => (
        <Tooltip key={method} text={tooltip} align={index === 0 ? 'start' : 'end'}>
          {(describedBy) => (
            <button
              {...describedBy}
              type="button"
              className="wallet-methods__button"
              onClick={() => choose(method)}
            >
              <span className="wallet-methods__label">{label}</span>
              <span className="badge" data-badge={badge}>
                {badge}
              </span>
            </button>
          )}
        </Tooltip>
      ))}
    </div>
  )
}
