import { selectTab, useUi } from '../state/ui.ts'
import { tabListKeyDown } from '../ui/tabKeys.ts'
import { Tooltip } from '../ui/Tooltip.tsx'
import { TAB_IDS, TABS, tabButtonId, tabPanelId } from './tabs.ts'

/**
 * The header's tabs: a real tablist (arrow keys, Home, End move and select; only the selected
 * tab is in the Tab order), each tab with its tooltip.
 */
export function TabBar() {
  const { tab: current } = useUi()
  return (
    <div
      className="tabbar"
      role="tablist"
      aria-label="Tools"
      onKeyDown={tabListKeyDown(TAB_IDS, current, selectTab)}
    >
      {TABS.map(({ id, label, tooltip }, index) => (
        <Tooltip key={id} text={tooltip} align={edgeAlign(index, TABS.length)} inComposite>
          {(describedBy) => (
            <button
              {...describedBy}
              type="button"
              role="tab"
              id={tabButtonId(id)}
              data-tab={id}
              className="tabbar__tab"
              aria-selected={id === current}
              aria-controls={id === current ? tabPanelId(id) : undefined}
              tabIndex={id === current ? 0 : -1}
              onClick={() => selectTab(id)}
            >
              {label}
            </button>
          )}
        </Tooltip>
      ))}
    </div>
  )
}

/** Tooltips of the outer tabs line up with their outer edge, so they stay on a narrow screen. */
function edgeAlign(index: number, count: number): 'start' | 'center' | 'end' {
  if (index === 0) return 'start'
  return index === count - 1 ? 'end' : 'center'
}
