import { useEffect, useMemo } from 'react'

import { loadOffers, offersState, useOffers } from '../state/offers.ts'
import { useSession } from '../state/session.ts'
import { onSaleOf } from './listable.ts'
import type { OnSale } from './listable.ts'

/**
 * The wallet's NFTs on sale (its sell offers by NFT), from the account's reading of its offers,
 * which is made here when there is none yet for this wallet.
 */
export function useOnSale(): OnSale {
  const { wallet } = useSession()
  const { report } = useOffers()
  const network = wallet?.network
  const account = wallet?.address
  useEffect(() => {
    if (!account) return
    const { report: read, loading } = offersState
    const mine = read?.account === account && read.network === network
    if (!mine && !loading) void loadOffers()
  }, [network, account])
  return useMemo(() => {
    const mine = report?.account === account && report?.network === network
    return onSaleOf(mine ? report : null)
  }, [report, account, network])
}
