/** The fee a job's transactions are signed with, fixed when the job is planned. */
import type { Client } from 'xrpl'

/** The most a transaction may cost, drops (the spec's maximum fee, 2 XRP). */
const MAX_FEE_DROPS = 2_000_000n
const FEE_CUSHION_PERCENT = 120n

/**
 * The load-scaled base fee with the spec's cushion (1.2), capped at the maximum fee.
 *
 * @param capDrops - a lower cap of the caller's (the CLI's `--max-fee-drops`): the job then waits
 *   while the ledger asks more.
 */
export async function cushionedFeeDrops(
  client: Client,
  capDrops: bigint = MAX_FEE_DROPS,
): Promise<bigint> {
  const fee = await client.request({ command: 'fee' })
  const minimum = BigInt(fee.result.drops.minimum_fee)
  const cushioned = (minimum * FEE_CUSHION_PERCENT + 99n) / 100n
  const cap = capDrops < MAX_FEE_DROPS ? capDrops : MAX_FEE_DROPS
  return cushioned > cap ? cap : cushioned
}
