/**
 * `xnm mint plan`: a collection's NFTs planned for minting as the app plans them — the manifest
 * read (or a numbered base URI), the collection's permanent terms said in words, pre-flight run.
 * Nothing is signed; `xnm job start ID` mints.
 */
import { basename } from 'node:path'

import type { MintManifest, MintMetadataReport, MintTerms } from '../../worker/api.ts'
import type { CommandContext } from '../command.ts'
import { withSession } from '../command.ts'
import { readInput } from '../inputFiles.ts'
import { UsageError, allowOnly, flag, text } from '../options.ts'
import type { Printer } from '../output.ts'
import { printPlan } from './plans.ts'

/** A transfer fee given in percent ('2.5'), as the ledger counts it: 1/100000 of a sale. */
function transferFeeOf(value: string | undefined): number {
  if (value === undefined) return 0
  if (!/^\d+(\.\d{1,3})?$/.test(value.trim()) || Number(value) > 50) {
    throw new UsageError('--transfer-fee takes a percent from 0 to 50, with at most 3 decimals')
  }
  return Math.round(Number(value) * 1000)
}

function termsOf(ctx: CommandContext): MintTerms {
  const { parsed } = ctx
  const taxon = text(parsed, 'taxon')
  if (taxon === undefined || !/^\d+$/.test(taxon)) {
    throw new UsageError("xnm mint plan needs --taxon N (the collection's number, 0 to 4294967295)")
  }
  const issuer = text(parsed, 'issuer')
  return {
    taxon: Number(taxon),
    transferFee: transferFeeOf(text(parsed, 'transfer-fee')),
    burnable: flag(parsed, 'burnable'),
    onlyXrp: flag(parsed, 'only-xrp'),
    transferable: flag(parsed, 'transferable'),
    mutable: flag(parsed, 'mutable'),
    ...(issuer ? { issuer } : {}),
  }
}

/** The terms in words, each with what it means and that it is for good. */
function printTerms(printer: Printer, terms: MintTerms): void {
  const yes = (on: boolean, said: string, not: string) => (on ? said : not)
  printer.line("The collection's terms, written into every NFT for good:")
  printer.line(
    `  taxon ${terms.taxon}${terms.issuer ? ` · issuer ${terms.issuer} (you mint as its authorized minter)` : ''}`,
  )
  printer.line(
    `  transfer fee ${terms.transferFee / 1000} %: the issuer earns ${(terms.transferFee / 1000).toString()} XRP of each 100 XRP resale`,
  )
  printer.line(
    `  ${yes(terms.transferable, 'transferable: holders may sell or give it on', 'not transferable: only the issuer can take it back or sell it')}`,
  )
  printer.line(
    `  ${yes(terms.burnable, 'burnable by the issuer wherever it is', 'only its holder can burn it')}`,
  )
  printer.line(
    `  ${yes(terms.onlyXrp, 'sold for XRP only', 'may be sold for tokens as well as XRP')}`,
  )
  printer.line(
    `  ${yes(terms.mutable, 'mutable: the issuer may change its URI later', 'not mutable: its URI can never change')}`,
  )
}

/** What the documents said: counts, then the first rows with something wrong. */
export function printCheck(printer: Printer, report: MintMetadataReport): void {
  printer.line(
    `Metadata read for ${report.checks.length} NFTs: ${report.ok} complete, ${report.incomplete} incomplete, ${report.unserved} served by nothing (left out)`,
  )
  const wrong = report.checks.filter((c) => c.verdict !== 'ok')
  for (const c of wrong.slice(0, 20)) printer.warn(`${c.uri}: ${c.problems.join('; ')}`)
  if (wrong.length > 20) printer.warn(`… and ${wrong.length - 20} more`)
}

function printManifest(printer: Printer, source: string, manifest: MintManifest): void {
  for (const p of manifest.problems) printer.warn(`${source}: ${p.message}`)
  if (manifest.gaps.length) {
    printer.warn(
      `${source}: the numbered URIs skip ${manifest.gaps.slice(0, 20).join(', ')}${manifest.gaps.length > 20 ? ', …' : ''}`,
    )
  }
  const offered = manifest.rows.filter((r) => r.recipient || r.amountDrops !== undefined).length
  printer.line(`${source}: ${manifest.rows.length} NFTs to mint, ${offered} of them with an offer`)
}

/**
 * `xnm mint plan (--manifest FILE | --range TEMPLATE:FROM-TO) --taxon N [--transfer-fee PCT]
 * [--transferable] [--burnable] [--only-xrp] [--mutable] [--issuer r…] [--skip-metadata-check]
 * [--recipients LIST.csv]`
 */
export async function mintPlan(ctx: CommandContext): Promise<number> {
  const { parsed } = ctx
  allowOnly(parsed, [
    'manifest',
    'range',
    'taxon',
    'transfer-fee',
    'transferable',
    'burnable',
    'only-xrp',
    'mutable',
    'issuer',
    'skip-metadata-check',
    'recipients',
  ])
  const file = text(parsed, 'manifest')
  const range = text(parsed, 'range')
  if (!file === !range) {
    throw new UsageError(
      'give the NFTs: --manifest FILE (CSV or JSON) or --range ipfs://CID/{n}.json:1-100',
    )
  }
  const terms = termsOf(ctx)
  const manifestText = file ? readInput(file, '--manifest') : undefined
  const recipientsFile = text(parsed, 'recipients')
  const recipientsText = recipientsFile ? readInput(recipientsFile, '--recipients') : undefined
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    let manifest: MintManifest
    if (file) manifest = await session.engine.parseMintManifest(manifestText!, basename(file))
    else {
      const match = /^(.*):(\d+)-(\d+)$/.exec(range!)
      if (!match)
        throw new UsageError('--range takes TEMPLATE:FROM-TO, e.g. ipfs://CID/{n}.json:1-100')
      manifest = await session.engine.expandMintRange(match[1]!, Number(match[2]), Number(match[3]))
    }
    if (recipientsFile) {
      // A distribution list (a holder snapshot's CSV, an airdrop's): the open rows' recipients.
      const list = await session.engine.parseDistributionCsv(
        recipientsText!,
        basename(recipientsFile),
      )
      manifest = await session.engine.mintToDistribution(manifest, list)
    }
    printManifest(ctx.printer, file ?? 'range', manifest)
    const skip = flag(parsed, 'skip-metadata-check')
    if (skip)
      ctx.printer.warn('The documents were not read: nothing checks what each NFT will show')
    else {
      const report = await session.engine.checkMintMetadata(manifest.rows.map((r) => r.uri))
      printCheck(ctx.printer, report)
    }
    printTerms(ctx.printer, terms)
    const plan = await session.engine.planJob({
      kind: 'mint',
      terms,
      rows: manifest.rows,
      ...(skip ? { skipMetadataCheck: true } : {}),
    })
    const code = printPlan(ctx.printer, plan)
    ctx.printer.line('Minting is permanent: once minted, these terms cannot change.')
    return code
  })
}
