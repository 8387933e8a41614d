/**
 * The authorizeMinter job kind: the connected account, as an issuer, names the account that may mint
 * NFTs for it (the other side of minting as an authorized minter, mintKind's `issuer`), or takes the
 * right back. Pre-flight refuses a minter that does not exist on the network.
 */
import type { AuthorizeMinterRequest } from '../contract/mint.ts'
import type { JobKindSpec } from '../jobs/jobKind.ts'
import { checkedAddress, invalid } from '../jobs/plan/requestFields.ts'
import { readAccount } from '../ledger/ledgerRequests.ts'

export const authorizeMinterKind: JobKindSpec<AuthorizeMinterRequest> = {
  kind: 'authorizeMinter',
  intentTypes: ['setMinter'],
  touchesNfts: false,
  // A removal shown done that never applied leaves the old minter minting in the user's name.
  confirmsResults: true,
  confirmedElsewhere: () => ['whether the minter was set or removed'],
  validate: (fields) => {
    if (fields.minter === null) return { kind: 'authorizeMinter', minter: null }
    return { kind: 'authorizeMinter', minter: checkedAddress(fields.minter, 'The minter') }
  },
  prepare: (request, { wallet }) => {
    if (request.minter === wallet.address) {
      throw invalid('An account mints for itself without naming itself: name another account')
    }
    return request
  },
  intents: ({ minter }) => [{ intent: { type: 'setMinter', ...(minter ? { minter } : {}) } }],
  itemChecks: async ({ client, planned, networkName }) => {
    const first = planned[0]?.intent
    const minter = first?.type === 'setMinter' ? first.minter : undefined
    const missing = minter ? (await readAccount(client, minter)) === null : false
    return (intent, index) =>
      missing && intent.type === 'setMinter'
        ? {
            code: 'NO_DESTINATION',
            message: `The minter ${minter!} does not exist on ${networkName}: it could never mint for you`,
            itemIndex: index,
            blocking: true,
          }
        : null
  },
}
