import { useLiveQuery } from 'dexie-react-hooks'
import { useState } from 'react'
import type { FormEvent } from 'react'

import { appDb } from '../../db/queries/db.ts'
import type { OwnEndpoint, OwnEndpointKind } from '../../db/types/settings.ts'
import { errorMessage } from '../../shared/errors.ts'
import { NETWORKS } from '../../shared/networks.ts'
import type { NetworkId } from '../../shared/networks.ts'
import { engine } from '../engine.ts'
import { useNetworkStatus } from '../state/network.ts'
import { Modal } from '../ui/Modal.tsx'
import { GatewaysSection } from './GatewaysSection.tsx'

/** The user's own servers of one network, as saved (live). */
function useOwnEndpoints(network: NetworkId): OwnEndpoint[] {
  return (
    useLiveQuery(async () => {
      const row = await appDb().settings.get('ownEndpoints')
      const saved = row?.value as Partial<Record<NetworkId, OwnEndpoint[]>> | undefined
      return saved?.[network] ?? []
    }, [network]) ?? []
  )
}

/** Whether the user's own servers of one network are used alone, as saved (live). */
function useOwnAlone(network: NetworkId): boolean {
  return (
    useLiveQuery(async () => {
      const row = await appDb().settings.get('ownEndpointsAlone')
      return (row?.value as Partial<Record<NetworkId, boolean>> | undefined)?.[network] === true
    }, [network]) ?? false
  )
}

const KIND_TEXT: Record<OwnEndpointKind, string> = {
  ledger: 'rippled (everything)',
  clio: 'Clio (collections, floor prices)',
}

/**
 * 'Servers': the server the app talks to, the network's public servers and their limits, and the
 * user's own servers — added after a check that they belong to this network, used first.
 */
export function ServersDialog({ onClose }: { onClose: () => void }) {
  const { network, endpoint } = useNetworkStatus()
  const own = useOwnEndpoints(network)
  const alone = useOwnAlone(network)
  const config = NETWORKS[network]
  const [url, setUrl] = useState('')
  const [kind, setKind] = useState<OwnEndpointKind>('ledger')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const add = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    setError(null)
    try {
      await engine.addOwnEndpoint(network, url, kind)
      setUrl('')
    } catch (e) {
      setError(errorMessage(e, 'The server could not be added'))
    } finally {
      setBusy(false)
    }
  }
  const remove = (target: string) => {
    setError(null)
    engine.removeOwnEndpoint(network, target).catch((e: unknown) => setError(errorMessage(e)))
  }
  const chooseAlone = (value: boolean) => {
    setError(null)
    engine.setOwnEndpointsAlone(network, value).catch((e: unknown) => setError(errorMessage(e)))
  }
  return (
    <Modal title={`${config.name} servers`} onClose={onClose}>
      <p data-testid="server-in-use">
        In use: <code>{endpoint ?? 'none'}</code>
        {endpoint && own.some((e) => e.url === endpoint) ? ' (your server)' : ''}
      </p>
      <p className="tab-muted">
        Public servers limit each user: about 12 transactions a second on a rippled, 20 requests a
        second on Clio. The app keeps within those limits, so an airdrop of 10,000 offers takes
        about 14 minutes there and about 3 on a server of your own.
      </p>
      <h3>Your servers</h3>
      {own.length === 0 ? (
        <p className="tab-muted">None: the app uses {config.name}’s public servers.</p>
      ) : (
        <ul className="servers__list" aria-label="Your servers">
          {own.map((e) => (
            <li key={`${e.kind}|${e.url}`}>
              <code>{e.url}</code> — {KIND_TEXT[e.kind]}{' '}
              <button type="button" className="button" onClick={() => remove(e.url)}>
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      {own.some((e) => e.kind === 'ledger') && (
        <label className="servers__alone" data-testid="servers-alone">
          <input
            type="checkbox"
            checked={alone}
            onChange={(event) => chooseAlone(event.target.checked)}
          />{' '}
          Use my servers alone. Otherwise {config.name}’s public servers stay behind them as second
          opinions: a server of yours that lies or breaks can then only pause a job. Alone, no
          second server confirms floor prices, holders or a bid’s terms; plans say so, and a sale
          asks for your consent.
        </label>
      )}
      <form className="servers__add" onSubmit={(e) => void add(e)}>
        <label>
          Server address
          <input
            type="text"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            placeholder="wss://your-node.example.com"
            onChange={(e) => setUrl(e.target.value)}
            required
          />
        </label>
        <label>
          Kind
          <select value={kind} onChange={(e) => setKind(e.target.value as OwnEndpointKind)}>
            <option value="ledger">{KIND_TEXT.ledger}</option>
            <option value="clio">{KIND_TEXT.clio}</option>
          </select>
        </label>
        <button type="submit" className="button button--primary" disabled={busy}>
          {busy ? 'Checking…' : 'Add server'}
        </button>
      </form>
      {error && <p role="alert">{error}</p>}
      <p className="tab-muted">
        A server is checked before use: it must report {config.name}’s network id and hold the same
        ledger as {config.name}’s servers.
      </p>
      <GatewaysSection network={network} />
      <button type="button" className="button" onClick={onClose}>
        Close
      </button>
    </Modal>
  )
}
