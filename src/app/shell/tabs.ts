/** The tabs of the main shell: labels, tooltips (spec part 1 §2) and what each is for. */
import type { TabId } from '../state/ui.ts'

/** One tab of the header. */
export interface TabInfo {
  id: TabId
  /** The tab's label in the header and the mobile menu. */
  label: string
  /** The tab's tooltip. */
  tooltip: string
  /** The heading of the tab's panel. */
  heading: string
}

/** Each tab by its id. */
export const TAB_INFO: Readonly<Record<TabId, TabInfo>> = {
  airdrop: {
    id: 'airdrop',
    label: 'Airdrop',
    tooltip: 'Distribute NFTs to multiple recipients at once',
    heading: 'Airdrop',
  },
  orders: {
    id: 'orders',
    label: 'Orders',
    tooltip: 'Manage your NFT sell offers and marketplace orders',
    heading: 'Offer Management',
  },
  list: {
    id: 'list',
    label: 'List NFTs',
    tooltip: 'Create sell offers for your NFTs on a marketplace',
    heading: 'List NFTs',
  },
  burn: {
    id: 'burn',
    label: 'Burn',
    tooltip: 'Permanently destroy NFTs in bulk with advanced filtering',
    heading: 'NFT Burn Manager',
  },
  mint: {
    id: 'mint',
    label: 'Mint',
    tooltip: 'Mint a collection in bulk, straight to its holders; reveal or repair its links',
    heading: 'Mint and Modify',
  },
}

/** The tab ids in header order. */
export const TAB_IDS: readonly TabId[] = ['airdrop', 'orders', 'list', 'burn', 'mint']

/** The tabs in header order. */
export const TABS: readonly TabInfo[] = TAB_IDS.map((id) => TAB_INFO[id])

/** The id of a tab's button (the panel's label). */
export function tabButtonId(tab: TabId): string {
  return `tab-${tab}`
}

/** The id of a tab's panel. */
export function tabPanelId(tab: TabId): string {
  return `panel-${tab}`
}
