/** The fee a job's transactions are signed with, fixed when the job is planned. */
import type { Client } from 'xrpl'

/** The most a transaction may cost, drops (the spec's maximum fee, 2 XRP). */
const MAX_FEE_DROPS = 2_000_000n
const FEE_CUSHION_PERCENT = 120n

/** The load-scaled base fee with the spec's cushion (1.2), capped at the maximum fee. */
export async function cushionedFeeDrops(client: Client): Promise<bigint> {
  const fee = await client.request({ command: 'fee' })
  const minimum = BigInt(fee.result.drops.minimum_fee)
  const cushioned = (minimum * FEE_CUSHION_PERCENT + 99n) / 100n
  return cushioned > MAX_FEE_DROPS ? MAX_FEE_DROPS : cushioned
}
