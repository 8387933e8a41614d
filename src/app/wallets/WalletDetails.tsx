import { useEffect, useState } from 'react'

import { errorMessage } from '../../shared/errors.ts'
import { formatDrops } from '../../shared/format.ts'
import { NETWORKS } from '../../shared/networks.ts'
import { APPROVER_WALLETS } from '../../shared/wallets.ts'
import type { AccountKeys, WalletInfo } from '../../worker/api.ts'
import { engine } from '../engine.ts'
import { askKeyRemoval } from './keyRemovalState.ts'
import { useLedgerConnected } from '../state/network.ts'
import { disconnectWallet, switchAuthMethod } from './walletConnect.ts'
import { ApproverKeySetup } from './regularKey/ApproverKeySetup.tsx'
import { Modal } from '../ui/Modal.tsx'

/**
 * The connected dropdown: the full address, the signing key, who may sign as the ledger has it, and
 * the ways out. A regular-key session can remove its key from the account, and its Disconnect asks
 * whether this device keeps the key; 'Forget this device' offers to remove it from the account first.
 */
export function WalletDetails({ wallet }: { wallet: Readonly<WalletInfo> }) {
  const regular = wallet.signing === 'regular'
  // The app's own regular key (stored here) has Disconnect's choices; a wallet that approves has none.
  const ownKey = regular && !wallet.approver
  return (
    <div className="wallet-details">
      <p className="wallet-details__connected">
        <span className="wallet__dot" aria-hidden="true" />
        <span>Wallet Connected</span>
      </p>
      <p className="wallet-details__address" data-testid="wallet-address">
        {wallet.address}
      </p>
      <p className="wallet-details__meta">
        {NETWORKS[wallet.network].name} ·{' '}
        {wallet.approver
          ? `${APPROVER_WALLETS[wallet.approver].name} approves each job's transactions (${regular ? `its regular key ${wallet.keyAddress}` : 'its master key'}); the key stays there`
          : regular
            ? `signs with its regular key ${wallet.keyAddress}`
            : `signs with its master key (${wallet.algorithm})`}
      </p>
      <AccountStatus wallet={wallet} />
      <ApproverKeySetup wallet={wallet} />
      <div className="wallet-details__actions">
        <button type="button" className="button" onClick={() => void switchAuthMethod()}>
          Switch Authentication Method
        </button>
        {ownKey ? (
          <DisconnectRegular />
        ) : (
          <button
            type="button"
            className="button button--danger"
            onClick={() => void disconnectWallet()}
          >
            Disconnect Wallet
          </button>
        )}
        {ownKey && <ForgetDevice />}
      </div>
    </div>
  )
}

/**
 * What the validated ledger says of the account: its XRP (what the reserve holds, what can be spent)
 * and its RegularKey, with the key's removal when it is this device's.
 */
function AccountStatus({ wallet }: { wallet: Readonly<WalletInfo> }) {
  const online = useLedgerConnected()
  const [keys, setKeys] = useState<AccountKeys | null>(null)
  const [error, setError] = useState<string | null>(null)
  useEffect(() => {
    if (!online) return
    let live = true
    engine.accountKeys().then(
      (read) => live && setKeys(read),
      (caught: unknown) => live && setError(errorMessage(caught, 'Could not read the account')),
    )
    return () => {
      live = false
    }
  }, [online, wallet.address, wallet.keyAddress])
  if (!online) return <p className="tab-muted">Balance and regular key: unknown while offline</p>
  if (error) return <p className="tab-muted">Balance and regular key: {error}</p>
  if (!keys) return <p className="tab-muted">Balance and regular key: reading the ledger…</p>
  const balance = BigInt(keys.balanceDrops)
  const reserve = BigInt(keys.reserveDrops)
  const spendable = balance > reserve ? balance - reserve : 0n
  return (
    <>
      <p className="wallet-details__key" data-testid="wallet-balance">
        Balance: {formatDrops(balance)} XRP · {formatDrops(spendable)} XRP spendable (
        {formatDrops(reserve)} XRP held by the reserve)
      </p>
      <p className="wallet-details__key" data-testid="wallet-regular-key">
        Regular key:{' '}
        {keys.regularKey === null
          ? 'none'
          : keys.thisDevice
            ? `this device's signing key (${keys.regularKey})`
            : `another key (${keys.regularKey})`}
        {keys.masterDisabled && ' · master key disabled'}
        {keys.hasSignerList && ' · signer list set'}
      </p>
      {keys.thisDevice && (
        <button type="button" className="button" onClick={() => void askKeyRemoval()}>
          Remove the signing key from the account
        </button>
      )}
    </>
  )
}

/** One way out of a confirmation: its button's words and tone, and what it does once the modal closed. */
interface Choice {
  label: string
  tone?: 'primary' | 'danger'
  run: () => Promise<unknown>
}

/** A confirmation's buttons: each closes the modal, then does what it says. */
function Choices({ choices, close }: { choices: readonly Choice[]; close: () => void }) {
  return (
    <div className="wallet-details__actions">
      {choices.map((choice) => (
        <button
          key={choice.label}
          type="button"
          className={choice.tone ? `button button--${choice.tone}` : 'button'}
          onClick={() => {
            close()
            void choice.run()
          }}
        >
          {choice.label}
        </button>
      ))}
    </div>
  )
}

/** Disconnect of a regular-key session: keep the key on this device for next time, or forget it. */
function DisconnectRegular() {
  const [asking, setAsking] = useState(false)
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        Disconnect Wallet
      </button>
      {asking && (
        <Modal title="Disconnect: keep the key on this device?" onClose={() => setAsking(false)}>
          <p>
            <strong>Keep this device able to sign next time:</strong> the key stays stored here,
            encrypted; the next visit connects with it (after your passphrase, if you chose one).
          </p>
          <p>
            <strong>Forget the key here:</strong> it is deleted from this device and nothing
            reconnects by itself.
          </p>
          <p className="tab-muted">
            Either way the key stays set on your account, able to sign any transaction, until it is
            removed there (Remove the signing key from the account).
          </p>
          <Choices
            close={() => setAsking(false)}
            choices={[
              { label: 'Keep this device able to sign', run: () => disconnectWallet('keep') },
              {
                label: 'Forget the key here',
                tone: 'danger',
                run: () => disconnectWallet('forget'),
              },
            ]}
          />
        </Modal>
      )}
    </>
  )
}

/**
 * 'Forget this device', behind a confirmation: the stored key cannot be brought back. It offers to
 * remove the key from the account first: forgotten here, it stays set there.
 */
function ForgetDevice() {
  const [asking, setAsking] = useState(false)
  return (
    <>
      <button type="button" className="button button--danger" onClick={() => setAsking(true)}>
        Forget this device
      </button>
      {asking && (
        <Modal title="Forget this device?" onClose={() => setAsking(false)}>
          <p>
            The regular key kept on this device (encrypted) is deleted and the wallet disconnects.
            To sign from here again, connect with a secret or set up a new regular key with GEM
            Wallet.
          </p>
          <p className="error-box" role="note">
            The key is still set on your account: forgetting it here does not take its power away,
            and afterwards this app can no longer remove it (GEM Wallet can). Remove it from the
            account first unless you mean to keep using it.
          </p>
          <Choices
            close={() => setAsking(false)}
            choices={[
              {
                label: 'Remove it from the account first',
                tone: 'primary',
                run: () => askKeyRemoval(),
              },
              {
                label: 'Forget this device',
                tone: 'danger',
                run: () => disconnectWallet('device'),
              },
              { label: 'Keep it', run: () => Promise.resolve() },
            ]}
          />
        </Modal>
      )}
    </>
  )
}
