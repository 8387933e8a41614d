/**
 * The tabs and the List tab's grid, each loaded on demand: the first screen (the shell
 * and the collection) should not wait for code the user may never open. They are fetched in the
 * background once the shell has shown, so that a switch of tab does not wait.
 */
import { logFailure } from '../../shared/errors.ts'
import { lazyNamed } from '../ui/lazyNamed.tsx'

const loaders = {
  airdrop: () => import('../airdrop/AirdropTab.tsx'),
  orders: () => import('../orders/OrdersTab.tsx'),
  list: () => import('../listing/ListTab.tsx'),
  burn: () => import('../burn/BurnTab.tsx'),
  mint: () => import('../mint/MintTab.tsx'),
  listingGrid: () => import('../listing/ListingGrid.tsx'),
}

export const AirdropTab = lazyNamed(loaders.airdrop, 'AirdropTab')
export const OrdersTab = lazyNamed(loaders.orders, 'OrdersTab')
export const ListTab = lazyNamed(loaders.list, 'ListTab')
export const BurnTab = lazyNamed(loaders.burn, 'BurnTab')
export const MintTab = lazyNamed(loaders.mint, 'MintTab')
export const ListingGrid = lazyNamed(loaders.listingGrid, 'ListingGrid')

/** Fetches every tab's code in the background, once the first screen is up. */
export function preloadTabs(): void {
  // A failed preload is only logged: the tab's code is fetched again when the tab is opened, and its
  // failure then shows there.
  for (const load of Object.values(loaders)) void load().catch(logFailure('preloading a tab'))
}
