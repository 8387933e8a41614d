/** The Quick Connect sub-tabs (spec part 1 §2, §5): one per credential kind, with its label hint. */
import type { CredentialKind } from '../../../worker/api.ts'

/** One sub-tab of Quick Connect. */
export interface CredentialTab {
  kind: CredentialKind
  /** The sub-tab's name. */
  name: string
  /** The secret input's label, with the spec's hint. */
  inputLabel: string
}

/** Each sub-tab by its credential kind. */
export const CREDENTIAL_TAB: Readonly<Record<CredentialKind, CredentialTab>> = {
  familySeed: {
    kind: 'familySeed',
    name: 'Family Seed',
    inputLabel: 'Family Seed (starts with "s")',
  },
  secpKey: { kind: 'secpKey', name: 'Secp256k1', inputLabel: 'Secp256k1 Private Key (hex)' },
  regularKey: {
    kind: 'regularKey',
    name: 'Regular Key',
    inputLabel: 'Regular Key (optional: or set one up via Gem Wallet)',
  },
  secretNumbers: {
    kind: 'secretNumbers',
    name: 'Secret Numbers',
    inputLabel: "Xaman's secret numbers: 8 rows of 6 digits (A to H)",
  },
}

/** The credential kinds in sub-tab order; Family Seed is the default. */
export const CREDENTIAL_KINDS: readonly CredentialKind[] = [
  'familySeed',
  'secpKey',
  'regularKey',
  'secretNumbers',
]

/** The sub-tabs in order. */
export const CREDENTIAL_TABS: readonly CredentialTab[] = CREDENTIAL_KINDS.map(
  (kind) => CREDENTIAL_TAB[kind],
)
