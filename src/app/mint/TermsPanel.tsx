import { useId } from 'react'

import { setTerms, useMint } from './mintState.ts'
import { FLAG_TEXT, FLAGS, PERMANENT, feeSentence, feeUnits } from './termsText.ts'
import type { FlagName } from './termsText.ts'

/**
 * Step 2, the collection's terms, said before anything is signed because they are permanent: the
 * taxon, the transfer fee as what the issuer earns of each 100 XRP resale, each flag with what it
 * means for holders, and optionally the issuer minted for (as its authorized minter).
 */
export function TermsPanel() {
  const { terms } = useMint()
  const ids = { taxon: useId(), fee: useId(), feeHint: useId(), issuer: useId() }
  const fee = feeUnits(terms.feePercent)
  return (
    <section className="tab-card" aria-labelledby="mint-terms-title">
      <h3 id="mint-terms-title">2. The collection’s terms</h3>
      <p className="mint-permanent" role="note">
        <strong>These terms are permanent.</strong> The ledger writes them into every NFT’s id: none
        of them can change after minting.
      </p>
      <div className="mint-terms__fields">
        <label htmlFor={ids.taxon}>Taxon (the collection’s number)</label>
        <input
          id={ids.taxon}
          className="tab-input"
          inputMode="numeric"
          value={terms.taxon}
          onChange={(event) => setTerms({ taxon: event.target.value })}
        />
        <label htmlFor={ids.fee}>Transfer fee (%)</label>
        <input
          id={ids.fee}
          className="tab-input"
          inputMode="decimal"
          value={terms.feePercent}
          aria-describedby={ids.feeHint}
          onChange={(event) => setTerms({ feePercent: event.target.value })}
        />
        <p id={ids.feeHint} className="mint-terms__hint" data-testid="fee-sentence">
          {typeof fee === 'string' ? fee : feeSentence(fee)} {PERMANENT}
        </p>
      </div>
      <fieldset className="mint-flags">
        <legend>Flags</legend>
        {FLAGS.map((flag) => (
          <FlagBox key={flag} flag={flag} on={terms[flag]} />
        ))}
      </fieldset>
      <div className="mint-terms__fields">
        <label htmlFor={ids.issuer}>Mint for issuer (optional, as its authorized minter)</label>
        <input
          id={ids.issuer}
          className="tab-input"
          value={terms.issuer}
          placeholder="r… (empty: your account is the issuer)"
          spellCheck={false}
          autoComplete="off"
          onChange={(event) => setTerms({ issuer: event.target.value })}
        />
      </div>
    </section>
  )
}

function FlagBox({ flag, on }: { flag: FlagName; on: boolean }) {
  const text = FLAG_TEXT[flag]
  const hint = useId()
  return (
    <label className="mint-flag">
      <input
        type="checkbox"
        checked={on}
        aria-describedby={hint}
        onChange={(event) => setTerms({ [flag]: event.target.checked })}
      />
      <span>
        <strong>{text.label}</strong>
        <span id={hint} className="mint-terms__hint">
          {on ? text.on : text.off} {PERMANENT}
        </span>
      </span>
    </label>
  )
}
