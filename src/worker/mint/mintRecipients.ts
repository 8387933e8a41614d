/**
 * A distribution list as a mint's recipients (a holder snapshot's, issue 31, or any airdrop list):
 * the manifest's rows that name no recipient and no price take the list's recipients in order, each
 * as many rows as its count, so the airdrop is the mint. What does not fit is said, never guessed.
 */
import type { DistributionFile } from '../contract/airdrop.ts'
import type { ManifestProblem, MintManifest, MintRow } from '../contract/mint.ts'

/** The manifest with the list's recipients on its open rows, and what did not fit. */
export function withRecipients(manifest: MintManifest, list: DistributionFile): MintManifest {
  const queue = list.rows.flatMap((r) => Array.from({ length: r.count }, () => r.address))
  let next = 0
  const rows: MintRow[] = manifest.rows.map((row) => {
    if (row.recipient !== undefined || row.amountDrops !== undefined || next >= queue.length) {
      return row
    }
    return { ...row, recipient: queue[next++]! }
  })
  const problems: ManifestProblem[] = [...manifest.problems]
  const open = rows.filter((r) => r.recipient === undefined && r.amountDrops === undefined).length
  if (next < queue.length) {
    problems.push({
      line: 0,
      severity: 'warning',
      message: `${list.fileName} asks for ${queue.length} NFTs, but the manifest has ${rowsOf(next)} open for a recipient: the last ${queue.length - next} get none`,
    })
  } else if (open > 0) {
    problems.push({
      line: 0,
      severity: 'warning',
      message: `${rowsOf(open)} of the manifest ${open === 1 ? 'is' : 'are'} left without a recipient: minted into your account only`,
    })
  }
  return { ...manifest, rows, problems }
}

function rowsOf(n: number): string {
  return `${n} row${n === 1 ? '' : 's'}`
}
