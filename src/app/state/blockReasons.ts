/**
 * Why an action that needs the ledger cannot be taken now, in the words the UI shows beside the
 * disabled control: the ledger cannot be reached (the device is offline, or the network is out of reach), or the account is open
 * read-only and no wallet signs for it. Reading what was saved (the list, offers, jobs) needs
 * neither. Pure: `actionGate.ts` has the hooks.
 */
import { NETWORKS } from '../../shared/networks.ts'
import type { NetworkStatus } from '../../worker/api.ts'
import type { SessionWallet } from './session.ts'

/** What the gate looks at. */
export interface GateInput {
  deviceOnline: boolean
  status: Pick<NetworkStatus, 'state' | 'network' | 'error'>
  wallet: Readonly<SessionWallet> | null
}

/**
 * The ledger connection's state as the UI shows it. The connection decides: while it is up the ledger
 * is reachable, whatever the browser says (`navigator.onLine` is false on a machine whose only
 * link is loopback, and true behind a captive portal). The browser's 'offline' only says why a
 * connection that is not up is not coming back by itself.
 *
 * The engine reports 'offline' with no error before its first attempt (the app asks it to connect
 * as it starts): that is 'connecting', not "cannot be reached" — else every start would flash the
 * reach banner and shift the first screen under the user's finger.
 */
export function ledgerState(input: Omit<GateInput, 'wallet'>): NetworkStatus['state'] {
  const { state, error } = input.status
  if (state === 'connected') return state
  if (!input.deviceOnline) return 'offline'
  return state === 'offline' && error === null ? 'connecting' : state
}

/**
 * What the reach banner says, naming what is out of reach: the device's link as a whole, the
 * network's servers, or (the ledger answering) the metadata gateways; null while all can be reached.
 */
export function reachText(
  input: Omit<GateInput, 'wallet'> & { gatewaysUnreachable?: boolean },
): string | null {
  if (ledgerState(input) !== 'offline') {
    return input.gatewaysUnreachable
      ? 'The metadata gateways cannot be reached: NFTs show without their names and pictures until one answers. The ledger works.'
      : null
  }
  const name = NETWORKS[input.status.network].name
  const what = input.deviceOnline
    ? `The ${name} ledger cannot be reached: none of its servers answers`
    : `This device has no network connection: the ${name} ledger cannot be reached`
  return `${what}. What was saved on this device is shown; ledger actions wait until it answers.`
}

/**
 * Why a ledger read cannot be made now ('Offline: …'); null when it can.
 *
 * @param input - the device's and the engine's connection state.
 */
export function readBlock(input: Omit<GateInput, 'wallet'>): string | null {
  if (ledgerState(input) !== 'offline') return null
  if (!input.deviceOnline) return 'Offline: this device has no network connection'
  return `Offline: the ${NETWORKS[input.status.network].name} network cannot be reached`
}

/**
 * Why an action that signs cannot be taken now: offline first (connecting would not help), then a
 * read-only account ('Connect to act: …'); null when it can. Without any account the tabs show their
 * own 'Wallet Required'.
 *
 * @param input - the connection state and the account shown.
 */
export function signBlock(input: GateInput): string | null {
  const offline = readBlock(input)
  if (offline) return `${offline}. Signing needs the ledger`
  if (input.wallet?.viewOnly)
    return 'Connect to act: this account is open read-only. Connect its wallet to sign'
  return null
}
