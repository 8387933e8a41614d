import { AirdropIntro } from './AirdropIntro.tsx'
import { ManagerPanel } from './ManagerPanel.tsx'
import { UploadPanel } from './UploadPanel.tsx'
import './airdrop.css'

/**
 * The Airdrop tab's own panels (spec part 1 §1, §2): the intro card with 'How it works', the
 * Upload Distribution List and the Airdrop Manager. The shell renders the shared NFT Collection
 * below them, where the NFTs to distribute are selected.
 */
export function AirdropTab() {
  return (
    <div className="airdrop">
      <AirdropIntro />
      <UploadPanel />
      <ManagerPanel />
    </div>
  )
}
