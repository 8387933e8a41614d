import { APP_NAME } from '../../shared/constants.ts'
import { NetworkPicker } from './NetworkPicker.tsx'

/** The top bar: logo, title (shorter on small screens) and the network picker. */
export function Header() {
  return (
    <header className="header">
      <div className="header__brand">
        <img className="header__logo" src="/favicon.svg" alt="" width="32" height="32" />
        <h1 className="header__title">
          <span className="header__title-full">{APP_NAME}</span>
          <span className="header__title-short" aria-hidden="true">
            NFT Manager
          </span>
        </h1>
      </div>
      <NetworkPicker />
    </header>
  )
}
