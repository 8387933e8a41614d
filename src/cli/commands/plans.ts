/**
 * `xnm airdrop|list|cancel|burn plan`: a job planned as the app plans it — its intents recorded,
 * pre-flight run — and printed: its figures and problems. Nothing is signed; `xnm job start ID` runs it.
 * Exit 3 when pre-flight blocks it.
 */
import { basename } from 'node:path'
import type { JobPlan, JobRequest, ListingOffer, PricingStrategy } from '../../worker/api.ts'
import { FLOOR_MULTIPLIERS } from '../../shared/floorMultipliers.ts'
import { marketplaceById } from '../../shared/marketplaces.ts'
import { sparesText } from '../../shared/sparesText.ts'
import type { CommandContext } from '../command.ts'
import { readIds, readInput, readPrices } from '../inputFiles.ts'
import { EXIT, UsageError, allowOnly, flag, text } from '../options.ts'
import { xrp } from '../output.ts'
import type { Printer } from '../output.ts'
import type { Session } from '../session.ts'
import { withSession } from '../command.ts'
import { collectionNfts } from './reads.ts'

/** Prints a plan; returns 0, or 3 when it is blocked. */
export function printPlan(printer: Printer, plan: JobPlan): number {
  printer.record('plan', { ...plan })
  printer.line(`Planned ${plan.kind} job ${plan.jobId}: ${plan.items} items, nothing signed yet`)
  printer.line(
    `  transactions ${plan.transactions} · fees ${xrp(plan.feesDrops)} · reserve ${
      BigInt(plan.reserveChangeDrops) >= 0n ? '+' : ''
    }${xrp(plan.reserveChangeDrops)} · spendable ${xrp(plan.spendableDrops)}`,
  )
  if (plan.shuffleSeed) printer.line(`  shuffle seed ${plan.shuffleSeed} (--seed redoes this draw)`)
  if (plan.sparesUsed) printer.line(`  ${sparesText(plan.sparesUsed)}`)
  if (plan.unconfirmed?.length) {
    printer.warn(`one server only: no second server confirms ${plan.unconfirmed.join('; ')}`)
  }
  for (const p of plan.problems) {
    const where = p.itemIndex === undefined ? '' : `item ${p.itemIndex + 1}: `
    printer.line(`  ${p.blocking ? 'BLOCKING' : 'problem'} ${p.code} ${where}${p.message}`)
  }
  if (!plan.canStart) {
    printer.warn('the plan is blocked: nothing can start until the blocking problems are solved')
    return EXIT.blocked
  }
  const skip = plan.problems.some((p) => p.itemIndex !== undefined) ? ' --skip-problems' : ''
  printer.line(`Start it: xnm job start ${plan.jobId}${skip}`)
  return EXIT.done
}

async function planAndPrint(ctx: CommandContext, session: Session, request: JobRequest) {
  return printPlan(ctx.printer, await session.engine.planJob(request))
}

/** `xnm airdrop plan --csv F (--nfts F | --collection ISSUER[:TAXON]) [--randomize --seed S]` */
export async function airdropPlan(ctx: CommandContext): Promise<number> {
  const { parsed } = ctx
  allowOnly(parsed, [
    'csv',
    'nfts',
    'collection',
    'randomize',
    'seed',
    'recipient-column',
    'count-column',
  ])
  const csv = text(parsed, 'csv')
  if (!csv) throw new UsageError('xnm airdrop plan needs --csv FILE (wallet_address,nft_amount)')
  const nftsFile = text(parsed, 'nfts')
  const collection = text(parsed, 'collection')
  if (!nftsFile === !collection)
    throw new UsageError('give the NFTs: --nfts FILE or --collection ISSUER[:TAXON]')
  const seed = text(parsed, 'seed')
  if (seed !== undefined && !flag(parsed, 'randomize'))
    throw new UsageError('--seed goes with --randomize')
  const csvText = readInput(csv, '--csv')
  const listed = nftsFile ? readIds(nftsFile, '--nfts', 'NFT') : undefined
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    const recipient = text(parsed, 'recipient-column')
    const count = text(parsed, 'count-column')
    const file = await session.engine.parseDistributionCsv(csvText, basename(csv), {
      ...(recipient ? { recipient } : {}),
      ...(count ? { count: count === 'none' ? null : count } : {}),
    })
    for (const p of file.problems)
      ctx.printer.warn(`${csv} line ${p.line}: ${p.severity}: ${p.message}`)
    if (file.columns.needsChoice && !(recipient && count)) {
      throw new UsageError(
        `${csv}: say which columns to read: --recipient-column (${file.columns.recipientCandidates.join(', ')}) and --count-column (${[...file.columns.countCandidates, 'none'].join(', ')})`,
      )
    }
    if (!file.rows.length) throw new UsageError(`${csv} has no recipient to airdrop to`)
    ctx.printer.line(
      `${csv}: ${file.rows.length} recipients, ${file.nftsRequested} NFTs, read from ${file.columns.recipient}${file.columns.count ? ` and ${file.columns.count}` : ''}`,
    )
    const nftIds = listed ?? (await collectionNfts(session, collection!))
    return await planAndPrint(ctx, session, {
      kind: 'airdrop',
      distribution: file.rows.map((r) => ({ address: r.address, count: r.count })),
      nftIds,
      randomize: flag(parsed, 'randomize'),
      ...(seed !== undefined ? { seed } : {}),
    })
  })
}

function strategyOf(ctx: CommandContext): PricingStrategy {
  const { parsed } = ctx
  const given = (['price', 'random', 'floor', 'prices'] as const).filter((n) => text(parsed, n))
  if (given.length !== 1) {
    throw new UsageError(
      'give one pricing: --price XRP, --random MIN:MAX, --floor MULTIPLIER --fallback XRP, or --prices FILE',
    )
  }
  const price = text(parsed, 'price')
  if (price) return { kind: 'fixed', priceXrp: price }
  const random = text(parsed, 'random')
  if (random) {
    const [minXrp, maxXrp] = random.split(':')
    if (!minXrp || !maxXrp) throw new UsageError('--random takes MIN:MAX in XRP, e.g. 10:20')
    const seed = text(parsed, 'seed')
    return { kind: 'random', minXrp, maxXrp, ...(seed ? { seed } : {}) }
  }
  const floor = text(parsed, 'floor')
  if (floor) {
    const fallbackXrp = text(parsed, 'fallback')
    if (!fallbackXrp)
      throw new UsageError('--floor needs --fallback XRP (the price where no floor is known)')
    const multiplier = FLOOR_MULTIPLIERS.find((m) => m.value === floor)?.value
    if (!multiplier) {
      throw new UsageError(
        `--floor takes one of ${FLOOR_MULTIPLIERS.map((m) => m.value).join(', ')}`,
      )
    }
    return { kind: 'floor', multiplier, fallbackXrp }
  }
  return { kind: 'individual', pricesXrp: readPrices(text(parsed, 'prices')!) }
}

function destinationOf(ctx: CommandContext): string | undefined {
  const via = text(ctx.parsed, 'via')
  const destination = text(ctx.parsed, 'destination')
  if (via && destination)
    throw new UsageError('give --via MARKETPLACE or --destination ADDRESS, not both')
  if (!via) return destination
  const marketplace = marketplaceById(via)
  if (!marketplace) throw new UsageError(`--via: no marketplace "${via}" (xrpcafe, bidds)`)
  return marketplace.broker
}

/** `xnm list plan --nfts F (--price|--random|--floor|--prices) [--via M | --destination r…]` */
export async function listPlan(ctx: CommandContext): Promise<number> {
  const { parsed } = ctx
  allowOnly(parsed, [
    'nfts',
    'collection',
    'price',
    'random',
    'floor',
    'fallback',
    'prices',
    'seed',
    'destination',
    'via',
    'confirm-prices',
  ])
  const strategy = strategyOf(ctx)
  const destination = destinationOf(ctx)
  const nftsFile = text(parsed, 'nfts')
  const collection = text(parsed, 'collection')
  if (!nftsFile === !collection)
    throw new UsageError('give the NFTs: --nfts FILE or --collection ISSUER[:TAXON]')
  const listed = nftsFile ? readIds(nftsFile, '--nfts', 'NFT') : undefined
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    // Prices are worked out from the wallet's NFTs as the ledger has them now (issuer fees, floors).
    if (listed) await session.engine.loadNfts()
    const nftIds = listed ?? (await collectionNfts(session, collection!))
    const preview = await session.engine.previewListing({ nftIds, strategy })
    if (preview.floorsUnavailable) ctx.printer.warn(`floor prices: ${preview.floorsUnavailable}`)
    const held = preview.prices.filter((p) => p.guard)
    for (const p of held) ctx.printer.warn(`price check: ${p.nftId} at ${xrp(p.drops)}: ${p.guard}`)
    if (held.length && !flag(parsed, 'confirm-prices')) {
      ctx.printer.warn(
        `${held.length} prices need your confirmation: look at them, then plan again with --confirm-prices`,
      )
      return EXIT.blocked
    }
    ctx.printer.line(
      `Listing ${preview.prices.length} NFTs for ${xrp(preview.totalDrops)} in all (you receive ${xrp(preview.netDrops)})`,
    )
    const offers: ListingOffer[] = preview.prices.map((p) => ({
      nftId: p.nftId,
      amountDrops: p.drops,
      ...(destination ? { destination } : {}),
    }))
    return await planAndPrint(ctx, session, {
      kind: 'list',
      offers,
      strategy: strategy.kind,
      ...(preview.seed ? { seed: preview.seed } : {}),
    })
  })
}

/** `xnm cancel plan --expired|--duplicates|--unfillable|--offers F` */
export async function cancelPlan(ctx: CommandContext): Promise<number> {
  const { parsed } = ctx
  allowOnly(parsed, ['expired', 'duplicates', 'unfillable', 'offers'])
  const kinds = (['expired', 'duplicates', 'unfillable'] as const).filter((k) => flag(parsed, k))
  const file = text(parsed, 'offers')
  if (kinds.length + (file ? 1 : 0) !== 1) {
    throw new UsageError('say which offers: --expired, --duplicates, --unfillable or --offers FILE')
  }
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    let offerIds: string[]
    if (file) offerIds = readIds(file, '--offers', 'offer')
    else {
      const report = await session.engine.loadOffers()
      const flagOf = {
        expired: 'expired',
        duplicates: 'duplicate',
        unfillable: 'unfillable',
      } as const
      const wanted = flagOf[kinds[0]!]
      offerIds = [...report.sell, ...report.bids]
        .filter((o) => o.flags[wanted])
        .map((o) => o.offerId)
      ctx.printer.line(`${offerIds.length} ${kinds[0]} offers at ledger ${report.ledgerIndex}`)
      if (!offerIds.length) return EXIT.done
    }
    const purpose = file ? 'selected' : kinds[0]
    return await planAndPrint(ctx, session, { kind: 'cancel', offerIds, purpose })
  })
}

/** `xnm burn plan --nfts F` */
export async function burnPlan(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, ['nfts'])
  const file = text(ctx.parsed, 'nfts')
  if (!file) throw new UsageError('xnm burn plan needs --nfts FILE (one NFT id a line)')
  const nftIds = readIds(file, '--nfts', 'NFT')
  return await withSession(ctx, { connect: true, wallet: true }, async (session) => {
    const code = await planAndPrint(ctx, session, { kind: 'burn', nftIds })
    ctx.printer.line('Burning is irreversible: the NFTs are destroyed when the job runs.')
    return code
  })
}
