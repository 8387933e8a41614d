/**
 * Every capability's contract, once: the `EngineApi` is what these declare (see api.ts), the worker's
 * facade exposes exactly their methods, and the engine routes each to the service that answers it.
 * A new capability is one line here; a new method is one entry in its contract.
 */
import { airdropContract } from './airdrop.ts'
import { collectionContract } from './collection.ts'
import { connectionContract } from './connection.ts'
import { holdersContract } from './holders.ts'
import { jobsContract } from './jobs.ts'
import { listingContract } from './listing.ts'
import { mintContract } from './mint.ts'
import { ordersContract } from './orders.ts'
import { settingsContract } from './settings.ts'
import { walletContract } from './wallet.ts'

/** The capabilities' contracts, by capability. */
export const CONTRACTS = {
  connection: connectionContract,
  wallet: walletContract,
  collection: collectionContract,
  airdrop: airdropContract,
  holders: holdersContract,
  orders: ordersContract,
  listing: listingContract,
  mint: mintContract,
  jobs: jobsContract,
  settings: settingsContract,
} as const

type Contracts = typeof CONTRACTS
type Merged<U> = (U extends unknown ? (whole: U) => void : never) extends (whole: infer I) => void
  ? I
  : never

/** Every method every contract declares, as one contract. */
export type EngineContract = Merged<Contracts[keyof Contracts]>

/** The names of every contract method. Two capabilities declaring one name fail here, at load. */
export const ENGINE_METHODS: readonly (keyof EngineContract)[] = Object.freeze(
  Object.values(CONTRACTS)
    .flatMap((contract) => Object.keys(contract))
    .sort(),
) as readonly (keyof EngineContract)[]

const seen = new Set<string>()
for (const name of ENGINE_METHODS) {
  if (seen.has(name)) throw new Error(`Two contracts declare ${name}`)
  seen.add(name)
}
