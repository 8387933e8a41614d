import { useId, useState } from 'react'

import { useNetworkStatus } from '../state/network.ts'

/**
 * The Airdrop tab's intro card (spec part 1 §1): the title, the one-line pitch, a Live indicator
 * (the ledger connection) and the collapsible 'How it works'.
 */
export function AirdropIntro() {
  const { state } = useNetworkStatus()
  const live = state === 'connected'
  return (
    <section className="airdrop-card airdrop-intro" aria-labelledby="airdrop-intro-title">
      <div className="airdrop-intro__head">
        <h2 id="airdrop-intro-title">XRPL NFT Bulk Distribution</h2>
        <span className="airdrop-live" data-live={live} data-testid="airdrop-live">
          <span className="airdrop-live__dot" aria-hidden="true" />
          {live ? 'Live' : 'Offline'}
        </span>
      </div>
      <p>Upload a CSV and distribute your XRPL NFTs to multiple recipients instantly.</p>
      <HowItWorks />
    </section>
  )
}

/** 'How it works': a disclosure, collapsed by default (spec part 1 §4 Other). */
function HowItWorks() {
  const [open, setOpen] = useState(false)
  const contentId = useId()
  return (
    <div className="airdrop-how">
      <button
        type="button"
        className="airdrop-disclosure"
        aria-expanded={open}
        aria-controls={contentId}
        onClick={() => setOpen(!open)}
      >
        <span aria-hidden="true">{open ? '▾' : '▸'}</span> How it works
      </button>
      {open && (
        <div id={contentId} className="airdrop-how__content">
          <ol>
            <li>Connect the wallet (browser-extension wallet or seed phrase).</li>
            <li>Press Load NFTs.</li>
            <li>Click NFT cards to select them.</li>
            <li>Upload a CSV with columns wallet_address and nft_amount.</li>
            <li>Press Start Airdrop.</li>
          </ol>
          <p className="airdrop-tip">
            Tip: the Quick Airdrop button in the footer jumps to the upload section.
          </p>
        </div>
      )}
    </div>
  )
}
