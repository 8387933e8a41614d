/**
 * Saving the sandbox to a JSON file and loading it back, so a demo survives a restart. What is saved:
 * every closed ledger's header and transactions, and the state of the last one. Queued and held
 * transactions are not saved, as a restarted rippled forgets them too.
 */
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import type { Entry } from './entries.ts'
import type { ClosedLedger } from './history.ts'
import type { SandboxLedger } from './ledger.ts'

interface SavedState {
  format: 'xrpl-nft-manager-sandbox/1'
  expectedLedgerSize: number
  ledgers: Omit<ClosedLedger, 'state'>[]
  state: Entry[]
}

export async function saveLedger(ledger: SandboxLedger, file: string): Promise<void> {
  const ledgers = ledger.history.all().map(({ header, txs }) => ({ header, txs }))
  const saved: SavedState = {
    format: 'xrpl-nft-manager-sandbox/1',
    expectedLedgerSize: ledger.expectedLedgerSize,
    ledgers,
    state: [...(ledger.validated.state?.values() ?? [])] as Entry[],
  }
  // Write then rename, so a crash mid-write never leaves a half file behind. The temporary name is
  // unique, so saves from two sandboxes (or processes) to one file never rename each other's half file.
  tmpCounter += 1
  const tmp = `${file}.${process.pid}.${tmpCounter}.tmp`
  try {
    await writeFile(tmp, JSON.stringify(saved))
    await rename(tmp, file)
  } catch (e) {
    await rm(tmp, { force: true })
    throw e
  }
}

let tmpCounter = 0

/** The closed ledgers of a saved file, the last one with its state; undefined if there is no file. */
export async function loadLedgers(
  file: string,
): Promise<{ ledgers: ClosedLedger[]; expectedLedgerSize: number } | undefined> {
  let text: string
  try {
    text = await readFile(file, 'utf8')
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined
    throw e
  }
  const saved = JSON.parse(text) as SavedState
  if (saved.format !== 'xrpl-nft-manager-sandbox/1' || saved.ledgers.length === 0) {
    throw new Error(`${file} is not a sandbox state file`)
  }
  const ledgers: ClosedLedger[] = saved.ledgers.map((l) => ({ header: l.header, txs: l.txs }))
  const state = new Map(saved.state.map((e) => [e.index, Object.freeze(e)] as const))
  ledgers[ledgers.length - 1]!.state = state
  return { ledgers, expectedLedgerSize: saved.expectedLedgerSize }
}
