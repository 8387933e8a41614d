import { APP_NAME } from '../../shared/constants.ts'
import { WalletButton } from '../wallet/WalletButton.tsx'
import { MobileMenu } from './MobileMenu.tsx'
import { NetworkPicker } from './NetworkPicker.tsx'
import { TabBar } from './TabBar.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'
import './shell.css'

/**
 * The top bar: logo and title (a shorter title on small screens), the tabs, and the controls —
 * dark mode, network, wallet, and the hamburger menu on small screens.
 */
export function Header() {
  return (
    <header className="header">
      <div className="header__brand">
        <img className="header__logo" src="/favicon.svg" alt="" width="32" height="32" />
        <div className="header__titles">
          <h1 className="header__title">
            <span className="header__title-full">{APP_NAME}</span>
            <span className="header__title-short" aria-hidden="true">
              NFT Manager
            </span>
          </h1>
          <p className="header__subtitle">Bulk NFT tools for the XRP Ledger</p>
        </div>
      </div>
      <MobileMenu />
      <div className="header__tabs">
        <TabBar />
      </div>
      <div className="header__controls">
        <ThemeToggle />
        <NetworkPicker />
        <WalletButton />
      </div>
    </header>
  )
}
