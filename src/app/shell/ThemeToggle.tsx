import { toggleDarkMode, useUi } from '../state/ui.ts'

/** The dark/light toggle: a pressed button while dark mode is on; the choice is saved. */
export function ThemeToggle() {
  const { darkMode } = useUi()
  return (
    <button
      type="button"
      className="icon-button"
      aria-label="Dark mode"
      aria-pressed={darkMode}
      title={darkMode ? 'Switch to light mode' : 'Switch to dark mode'}
      onClick={() => void toggleDarkMode()}
    >
      <span aria-hidden="true">{darkMode ? '☀' : '☾'}</span>
    </button>
  )
}
