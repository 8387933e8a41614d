/**
 * What a job's runner works with: the engine's client and the wallet's signer as far as they are the
 * job's (its network, its account), the fee ceiling the user confirmed, and the network's other
 * servers for a second look.
 */
import type { JobRow } from '../../../db/types/jobs.ts'
import { EngineError } from '../../../shared/errors.ts'
import { buildNetworks } from '../../../shared/networks.ts'
import type { NetworkId } from '../../../shared/networks.ts'
import { lookupTx } from '../../ledger/txLookup.ts'
import { sequenceHolder } from '../../ledger/sequenceHolder.ts'
import type { SecondOpinion } from '../../network/secondOpinion.ts'
import type { JobSigner } from '../jobSigner.ts'
import type { JobServiceDeps } from '../jobDeps.ts'
import { DEFAULT_LIMITS } from './runner.ts'
import type { RunnerDeps } from './runner.ts'
import type { SecondLookup } from './settleDeps.ts'

/**
 * A runner is bound to its job's network: while the engine is on another one, its client and signer
 * read as not connected (the job waits; nothing of the other network can settle or sign it).
 */
export function jobRunnerDeps(deps: JobServiceDeps, job: JobRow): RunnerDeps {
  // The fee the user confirmed is the most a transaction of the job pays.
  const maxFeeDrops =
    typeof job.params.feeDrops === 'string' ? job.params.feeDrops : DEFAULT_LIMITS.maxFeeDrops
  return {
    transactions: deps.kinds.transactions,
    db: deps.db,
    client: () => {
      if (deps.network() !== job.network) {
        throw new EngineError('NOT_CONNECTED', `Not connected to ${job.network}`)
      }
      return deps.connection.requireClient()
    },
    signer: () => signerFor(deps, job),
    serverName: () => deps.connection.status.endpoint ?? 'the server',
    limits: { ...DEFAULT_LIMITS, maxFeeDrops, ...deps.limits },
    secondLookup: secondLookup(deps.secondOpinion, job.network),
    confirmResults: deps.kinds.spec(job.kind).confirmsResults === true,
    networkName: buildNetworks({})[job.network].name,
    ...(deps.serverPace ? { serverPace: deps.serverPace } : {}),
    ...(deps.serverLags ? { serverLags: deps.serverLags } : {}),
    ...(deps.secondOpinion ? { secondRead: deps.secondOpinion.readFor(job.network) } : {}),
  }
}

function secondLookup(
  opinion: SecondOpinion | undefined,
  network: NetworkId,
): SecondLookup | undefined {
  if (!opinion) return undefined
  return {
    available: () => opinion.has(network),
    lookup: (hash, min, max) => opinion.ask(network, (client) => lookupTx(client, hash, min, max)),
    holder: (account, sequence, min, max) =>
      opinion.ask(network, (client) => sequenceHolder(client, account, sequence, min, max)),
  }
}

function signerFor(deps: JobServiceDeps, job: JobRow): JobSigner {
  const wallet = deps.keyring.current()
  if (wallet?.address !== job.account || wallet.network !== job.network) {
    throw new EngineError(
      'NOT_CONNECTED',
      `Connect the wallet ${job.account} to go on with this job`,
    )
  }
  return deps.keyring.signer()
}
