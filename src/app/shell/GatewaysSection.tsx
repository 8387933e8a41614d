import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { FormEvent } from 'react'

import { appDb } from '../../db/queries/db.ts'
import { errorMessage } from '../../shared/errors.ts'
import { MAX_USER_GATEWAYS, PUBLIC_IPFS_GATEWAYS, gatewayBase } from '../../shared/ipfsGateways.ts'
import { NETWORKS } from '../../shared/networks.ts'
import type { NetworkId } from '../../shared/networks.ts'
import { engine } from '../engine.ts'

/** The user's IPFS gateways as saved (live); empty: the network's own. */
function useSavedGateways(): string[] {
  return (
    useLiveQuery(async () => {
      const value: unknown = (await appDb().settings.get('ipfsGateways'))?.value
      return Array.isArray(value) ? value.filter((g): g is string => typeof g === 'string') : []
    }) ?? []
  )
}

/** The gateways a network uses when the user has listed none. */
function networkGateways(network: NetworkId): readonly string[] {
  const own = NETWORKS[network].metadataGateway
  return own ? [own] : PUBLIC_IPFS_GATEWAYS
}

/**
 * 'Metadata gateways': where NFT metadata and pictures on IPFS are read. The list starts as the
 * network's; a user with their own or a paid gateway adds it and moves it first. The engine asks them
 * in order of measured health (a gateway that fails or rate-limits waits while the others serve), the
 * order here breaking ties.
 */
export function GatewaysSection({ network }: { network: NetworkId }) {
  const saved = useSavedGateways()
  const list = saved.length > 0 ? saved : [...networkGateways(network)]
  const [text, setText] = useState('')
  const [error, setError] = useState<string | null>(null)
  const save = (next: string[]) => {
    setError(null)
    engine
      .saveSettings({ ipfsGateways: next })
      .catch((e: unknown) => setError(errorMessage(e, 'The gateways could not be saved')))
  }
  const add = (event: FormEvent) => {
    event.preventDefault()
    const base = gatewayBase(text)
    if (!base) {
      setError(
        'A gateway address starts with https:// (http:// only on this device, such as http://127.0.0.1:8080)',
      )
      return
    }
    if (list.includes(base)) {
      setError('That gateway is already in the list')
      return
    }
    if (list.length >= MAX_USER_GATEWAYS) {
      setError(`At most ${MAX_USER_GATEWAYS} gateways`)
      return
    }
    // A gateway the user adds is theirs: it goes first.
    save([base, ...list])
    setText('')
  }
  const move = (index: number, by: -1 | 1) => {
    const next = [...list]
    const [item] = next.splice(index, 1)
    if (item === undefined) return
    next.splice(index + by, 0, item)
    save(next)
  }
  return (
    <section aria-labelledby="gateways-title">
      <h3 id="gateways-title">Metadata gateways (IPFS)</h3>
      <p className="tab-muted">
        NFT metadata and pictures on IPFS are read through these gateways. The app asks the
        healthiest first and moves on when one fails or asks it to slow down; put your own or a paid
        gateway first.
      </p>
      <ol className="servers__list" aria-label="Metadata gateways" data-testid="gateway-list">
        {list.map((gateway, index) => (
          <li key={gateway}>
            <code>{gateway}</code>{' '}
            <button
              type="button"
              className="button"
              disabled={index === 0}
              aria-label={`Move ${gateway} up`}
              onClick={() => move(index, -1)}
            >
              ↑
            </button>{' '}
            <button
              type="button"
              className="button"
              disabled={list.length === 1}
              aria-label={`Remove ${gateway}`}
              onClick={() => save(list.filter((g) => g !== gateway))}
            >
              Remove
            </button>
          </li>
        ))}
      </ol>
      <form className="servers__add" onSubmit={add}>
        <label>
          Gateway address
          <input
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={text}
            placeholder="https://your-gateway.example.com"
            onChange={(e) => setText(e.target.value)}
            required
          />
        </label>
        <button type="submit" className="button button--primary">
          Add gateway
        </button>
      </form>
      {saved.length > 0 && (
        <button type="button" className="button" onClick={() => save([])}>
          Use {NETWORKS[network].name}’s gateways
        </button>
      )}
      {error && <p role="alert">{error}</p>}
    </section>
  )
}
