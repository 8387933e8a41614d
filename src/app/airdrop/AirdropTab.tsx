import { AirdropIntro } from './AirdropIntro.tsx'
import { HoldersPanel } from './holders/HoldersPanel.tsx'
import { ManagerPanel } from './ManagerPanel.tsx'
import { UploadPanel } from './UploadPanel.tsx'
import './airdrop.css'

/**
 * The Airdrop tab's own panels (spec part 1 §1, §2): the intro card with 'How it works', a
 * collection's holders (a snapshot and its rules, for project teams), the Upload Distribution List
 * and the Airdrop Manager. The shell renders the shared NFT Collection
 * below them, where the NFTs to distribute are selected.
 */
export function AirdropTab() {
  return (
    <div className="airdrop">
      <AirdropIntro />
      <HoldersPanel />
      <UploadPanel />
      <ManagerPanel />
    </div>
  )
}
