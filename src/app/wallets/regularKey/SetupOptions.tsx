/** Whether GEM Wallet answered on this page. */
export type GemStatus = 'checking' | 'installed' | 'missing'

const GEM_STATUS_TEXT: Readonly<Record<GemStatus, string>> = {
  checking: 'Checking for GEM Wallet...',
  installed: 'GEM Wallet installed',
  missing: 'GEM Wallet not installed',
}

/**
 * The setup's two options (spec part 2 §2): GEM Wallet, and Direct XRPL, which would need the seed
 * phrase here and so has no action of its own (the setup's 'Use a seed phrase instead' does).
 */
export function SetupOptions({ gemStatus }: { gemStatus: GemStatus }) {
  return (
    <fieldset className="setup-options">
      <legend>Setup method</legend>
      <label className="setup-option">
        <input type="radio" name="setup-method" value="gem" checked readOnly />
        <span className="setup-option__body">
          <strong>GEM Wallet</strong>
          <span className="setup-option__status" data-status={gemStatus} role="status">
            {GEM_STATUS_TEXT[gemStatus]}
          </span>
          <span className="setup-option__note">
            GEM Wallet signs the SetRegularKey with your master key; this app never sees it.
          </span>
        </span>
      </label>
      <label className="setup-option setup-option--disabled">
        <input type="radio" name="setup-method" value="direct" disabled />
        <span className="setup-option__body">
          <strong>Direct XRPL</strong>
          <span className="setup-option__note">
            Needs your seed phrase, which is less secure. Not available in this setup: choose the
            Seed Phrase method to sign with your seed directly.
          </span>
        </span>
      </label>
    </fieldset>
  )
}
