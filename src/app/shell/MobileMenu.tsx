import { useId, useRef } from 'react'
import type { RefObject } from 'react'

import { switchAuthMethod } from '../state/session.ts'
import { selectTab, setMobileMenuOpen, useUi } from '../state/ui.ts'
import { usePopup, useReturnFocus } from '../ui/usePopup.ts'
import { TABS } from './tabs.ts'

/** The hamburger menu of small screens: the four tabs and 'Authentication'. */
export function MobileMenu() {
  const { mobileMenuOpen: open } = useUi()
  const menuId = useId()
  const button = useRef<HTMLButtonElement>(null)
  useReturnFocus(open, button)
  return (
    <div className="mobile-menu">
      <button
        ref={button}
        type="button"
        className="icon-button mobile-menu__button"
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setMobileMenuOpen(!open)}
      >
        <span aria-hidden="true">☰</span>
      </button>
      {open && <MenuPanel id={menuId} toggle={button} />}
    </div>
  )
}

function MenuPanel({ id, toggle }: { id: string; toggle: RefObject<HTMLElement | null> }) {
  const { tab: current } = useUi()
  const panel = useRef<HTMLElement>(null)
  usePopup({ container: panel, ignore: toggle, onClose: () => setMobileMenuOpen(false) })
  const authenticate = () => {
    setMobileMenuOpen(false)
    void switchAuthMethod()
  }
  return (
    <nav ref={panel} id={id} className="mobile-menu__panel" aria-label="Main menu">
      <ul>
        {TABS.map(({ id: tab, label }) => (
          <li key={tab}>
            <button
              type="button"
              aria-current={tab === current ? 'page' : undefined}
              onClick={() => selectTab(tab)}
            >
              {label}
            </button>
          </li>
        ))}
        <li>
          <button type="button" onClick={authenticate}>
            Authentication
          </button>
        </li>
      </ul>
    </nav>
  )
}
