import type { CredentialKind } from '../../../worker/api.ts'
import { tabListKeyDown } from '../../ui/tabKeys.ts'
import { CREDENTIAL_KINDS, CREDENTIAL_TABS } from './credentialTabs.ts'

/** The sub-tab buttons and where their panel is. */
interface CredentialTabsProps {
  current: CredentialKind
  onSelect: (kind: CredentialKind) => void
  /** Id of the panel the tabs control (the credential fields). */
  panelId: string
  /** Prefix of the tab buttons' ids (the panel is labelled by the selected one). */
  idPrefix: string
}

/** Quick Connect's sub-tabs: Family Seed, Secp256k1, Regular Key. */
export function CredentialTabs({ current, onSelect, panelId, idPrefix }: CredentialTabsProps) {
  return (
    <div
      className="credential-tabs"
      role="tablist"
      aria-label="Credential type"
      onKeyDown={tabListKeyDown(CREDENTIAL_KINDS, current, onSelect)}
    >
      {CREDENTIAL_TABS.map(({ kind, name }) => (
        <button
          key={kind}
          type="button"
          role="tab"
          id={`${idPrefix}-${kind}`}
          data-tab={kind}
          className="credential-tabs__tab"
          aria-selected={kind === current}
          aria-controls={kind === current ? panelId : undefined}
          tabIndex={kind === current ? 0 : -1}
          onClick={() => onSelect(kind)}
        >
          {name}
        </button>
      ))}
    </div>
  )
}
