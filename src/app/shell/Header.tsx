import { useEffect, useRef } from 'react'
import type { RefObject } from 'react'

import { APP_NAME } from '../../shared/constants.ts'
import { useUi } from '../state/ui.ts'
import { WalletButton } from '../wallets/WalletButton.tsx'
import { useCollapsingHeader } from './collapsingHeader.ts'
import { NetworkPicker } from './NetworkPicker.tsx'
import { TabBar } from './TabBar.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'
import './shell.css'

/**
 * Keeps `--header-cover` (the page's scroll padding: what a focused field or a jump must clear) at
 * the sticky header's height, which wraps to more rows on narrower windows.
 */
function useHeaderCover(header: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = header.current
    if (!element) return
    const root = document.documentElement
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--header-cover', `${element.offsetHeight}px`)
    })
    observer.observe(element)
    return () => {
      observer.disconnect()
      root.style.removeProperty('--header-cover')
    }
  }, [header])
}

/**
 * The top bar: logo and title, the tabs, and the controls — dark mode, network, wallet. It sticks to
 * the top; on a phone in two rows (logo and controls, then the tabs) and folds the first away while
 * the page scrolls down.
 */
export function Header() {
  const header = useRef<HTMLElement>(null)
  const tabs = useRef<HTMLDivElement>(null)
  const { walletMenuOpen } = useUi()
  const folded = useCollapsingHeader(header, tabs, walletMenuOpen)
  useHeaderCover(header)
  return (
    <header ref={header} className="header" data-folded={folded}>
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
      <div ref={tabs} className="header__tabs">
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
