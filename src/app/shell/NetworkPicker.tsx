import type { ChangeEvent } from 'react'

import { isNetworkId, NETWORKS, OFFERED_NETWORK_IDS } from '../../shared/networks.ts'
import { useSelectedNetwork } from '../state/network.ts'
import { switchNetwork } from '../wallets/walletConnect.ts'

/** Chooses the ledger network; the engine connects to it right away. */
export function NetworkPicker() {
  const selected = useSelectedNetwork()
  const onChange = (event: ChangeEvent<HTMLSelectElement>) => {
    const { value } = event.target
    if (isNetworkId(value)) void switchNetwork(value)
  }
  return (
    <select className="network-picker" aria-label="Network" value={selected} onChange={onChange}>
      {OFFERED_NETWORK_IDS.map((id) => (
        <option key={id} value={id}>
          {NETWORKS[id].name}
        </option>
      ))}
    </select>
  )
}
