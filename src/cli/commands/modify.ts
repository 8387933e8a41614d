/**
 * `xnm modify plan`: new URIs for NFTs minted mutable (XLS-46), planned as the app plans them — a
 * reveal's file (NFT id and new URI per row), or the repairs of the collection's links to closed
 * or silent gateways. Each new URI's document is read first (unless told not to). Nothing is
 * signed; `xnm job start ID` changes them.
 */
import { basename } from 'node:path'

import type { ModifyRow } from '../../worker/api.ts'
import type { CommandContext } from '../command.ts'
import { withSession } from '../command.ts'
import { readInput } from '../inputFiles.ts'
import { UsageError, allowOnly, flag, text } from '../options.ts'
import { printCheck } from './mint.ts'
import { printPlan } from './plans.ts'

/** `xnm modify plan (--file FILE | --repair) [--skip-metadata-check]` */
export async function modifyPlan(ctx: CommandContext): Promise<number> {
  const { parsed, printer } = ctx
  allowOnly(parsed, ['file', 'repair', 'skip-metadata-check'])
  const file = text(parsed, 'file')
  const repair = flag(parsed, 'repair')
  if (!file === !repair) {
    throw new UsageError('give the NFTs: --file FILE (nft_id,uri per row) or --repair')
  }
  const fileText = file ? readInput(file, '--file') : undefined
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    const { engine } = session
    let rows: ModifyRow[]
    if (file) {
      const manifest = await engine.parseModifyManifest(fileText!, basename(file))
      for (const p of manifest.problems) printer.warn(`${manifest.fileName}: ${p.message}`)
      rows = manifest.rows
      printer.line(`${manifest.fileName}: ${rows.length} NFTs to change`)
    } else {
      const candidates = await engine.repairCandidates()
      for (const c of candidates.filter((x) => !x.mutable)) {
        printer.warn(`${c.nftId}: ${c.oldUri} needs a repair, but the NFT was not minted mutable`)
      }
      const fixable = candidates.filter((c) => c.mutable)
      for (const c of fixable) printer.line(`${c.nftId}: ${c.oldUri} → ${c.newUri}`)
      if (fixable.length === 0) {
        printer.line('Nothing to repair: no NFT of yours points at a closed or silent gateway')
        return 0
      }
      rows = fixable.map((c) => ({
        nftId: c.nftId,
        uri: c.newUri,
        fromUri: c.oldUri,
        owner: c.owner,
      }))
    }
    const skip = flag(parsed, 'skip-metadata-check')
    if (skip)
      printer.warn('The new documents were not read: nothing checks what each NFT will show')
    else printCheck(printer, await engine.checkMintMetadata(rows.map((r) => r.uri)))
    const plan = await engine.planJob({
      kind: 'modify',
      rows,
      ...(skip ? { skipMetadataCheck: true } : {}),
    })
    return printPlan(printer, plan)
  })
}
