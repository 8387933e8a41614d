/**
 * `xnm nfts`, `xnm offers`, `xnm snapshot`: what the ledger says, read within the servers' budgets as
 * the app reads it. Any account can be read (--account); without it, the wallet's.
 */
import { writeFileSync } from 'node:fs'
import type { OfferAmount } from '../../worker/api.ts'
import { tokenParts, tokenText } from '../../shared/currency.ts'
import { counted } from '../../shared/plural.ts'
import { withSession } from '../command.ts'
import type { CommandContext } from '../command.ts'
import { UsageError, allowOnly, flag, text, whole } from '../options.ts'
import { xrp } from '../output.ts'
import type { Session } from '../session.ts'

const PAGE = 1000

/** The account to read (--account), or the wallet's when none is given (then a secret is needed). */
function readTarget(ctx: CommandContext): { account: string | undefined; wallet: boolean } {
  const account = text(ctx.parsed, 'account')
  if (account) return { account, wallet: false }
  const signs = ctx.env.XNM_SECRET || text(ctx.parsed, 'secret-file') || flag(ctx.parsed, 'demo')
  if (!signs) throw new UsageError('say whose: --account ADDRESS (or a wallet: XNM_SECRET, --demo)')
  return { account: undefined, wallet: true }
}

/** Every NFT of the account as the ledger has them now. */
async function allNfts(session: Session, account: string | undefined) {
  await session.engine.loadNfts(undefined, account)
  const first = await session.engine.listNfts({ ...(account ? { account } : {}), limit: PAGE })
  const nfts = [...first.nfts]
  while (nfts.length < first.total) {
    const page = await session.engine.listNfts({
      ...(account ? { account } : {}),
      offset: nfts.length,
      limit: PAGE,
    })
    if (!page.nfts.length) break
    nfts.push(...page.nfts)
  }
  return { ...first, nfts }
}

/**
 * The wallet's transferable NFTs of a collection (`ISSUER` or `ISSUER:TAXON`) that no offer of its
 * own is on, in ledger order: what an airdrop or a listing of "the collection" takes.
 */
export async function collectionNfts(session: Session, collection: string): Promise<string[]> {
  const [issuer, taxonText] = collection.split(':')
  const taxon = taxonText === undefined ? undefined : Number(taxonText)
  if (!issuer || (taxon !== undefined && !Number.isInteger(taxon))) {
    throw new UsageError('--collection takes ISSUER or ISSUER:TAXON')
  }
  const { nfts } = await allNfts(session, undefined)
  const offered = new Set((await session.engine.loadOffers()).sell.map((o) => o.nftId))
  const ids = nfts
    .filter((n) => n.issuer === issuer && (taxon === undefined || n.taxon === taxon))
    .filter((n) => n.transferable && !offered.has(n.nftId))
    .map((n) => n.nftId)
  if (!ids.length)
    throw new UsageError(`the wallet has no transferable NFT of ${collection} that is not on offer`)
  return ids
}

/** `xnm nfts [--account r…]` */
export async function nftsCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, [])
  const target = readTarget(ctx)
  return await withSession(ctx, { connect: true, wallet: target.wallet }, async (session) => {
    const page = await allNfts(session, target.account)
    ctx.printer.record('nfts', {
      account: page.account,
      ledgerIndex: page.ledgerIndex,
      total: page.total,
    })
    ctx.printer.line(`${page.account} holds ${page.total} NFTs (ledger ${page.ledgerIndex})`)
    for (const nft of page.nfts) {
      ctx.printer.record('nft', { ...nft })
      const fee = nft.transferFee ? ` fee ${nft.transferFee / 1000}%` : ''
      const kinds = [
        nft.transferable ? 'transferable' : 'not transferable',
        nft.burnable ? 'burnable' : '',
      ]
      ctx.printer.line(
        `${nft.nftId}  ${nft.issuer} taxon ${nft.taxon} #${nft.serial}${fee} ${kinds.filter(Boolean).join(', ')}`,
      )
    }
    return 0
  })
}

function amountText(amount: OfferAmount): string {
  const token = tokenParts(amount)
  return token ? tokenText(token) : xrp(amount.kind === 'xrp' ? amount.drops : '0')
}

/** `xnm offers [--account r…]` */
export async function offersCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, [])
  const target = readTarget(ctx)
  return await withSession(ctx, { connect: true, wallet: target.wallet }, async (session) => {
    const report = await session.engine.loadOffers(undefined, target.account)
    const { counts } = report
    ctx.printer.record('offers', {
      account: report.account,
      ledgerIndex: report.ledgerIndex,
      counts,
    })
    ctx.printer.line(
      `${report.account}: ${counts.total} sell offers (${counts.free} free, ${counts.paid} paid), ${counted(counts.bids, 'bid')}; ${counts.expired} expired, ${counts.duplicate} duplicate, ${counts.unfillable} unfillable (ledger ${report.ledgerIndex})`,
    )
    for (const offer of [...report.sell, ...report.bids]) {
      ctx.printer.record('offer', { ...offer })
      const flags = (['expired', 'duplicate', 'unfillable'] as const).filter((f) => offer.flags[f])
      const to = offer.destination ? ` to ${offer.destination}` : ''
      const note = flags.length ? ` [${flags.join(', ')}]` : ''
      ctx.printer.line(
        `${offer.offerId}  ${offer.sell ? 'sell' : 'bid'} ${offer.nftId} for ${amountText(offer.amount)}${to}${note}`,
      )
    }
    return 0
  })
}

/** `xnm snapshot ISSUER [--taxon N] [--fresh] [--out F]` */
export async function snapshotCommand(ctx: CommandContext): Promise<number> {
  allowOnly(ctx.parsed, ['taxon', 'fresh', 'out'])
  const issuer = ctx.parsed.args[0]
  if (!issuer) throw new UsageError('xnm snapshot needs the ISSUER address')
  const taxon = whole(ctx.parsed, 'taxon')
  const out = text(ctx.parsed, 'out')
  return await withSession(ctx, { connect: true, wallet: false }, async (session) => {
    const snapshot = await session.engine.snapshotHolders(
      {
        issuer,
        ...(taxon !== undefined ? { taxon } : {}),
        ...(flag(ctx.parsed, 'fresh') ? { fresh: true } : {}),
      },
      (p) =>
        ctx.printer.progress(
          p.read,
          p.read,
          `NFTs read, page ${p.pages}${p.serverPace ? ` · ${p.serverPace}` : ''}`,
          { ...p },
        ),
    )
    ctx.printer.record('snapshot', { ...snapshot })
    ctx.printer.line(
      `${issuer}${taxon !== undefined ? ` taxon ${taxon}` : ''}: ${snapshot.holders.length} holders of ${snapshot.nfts} NFTs at ledger ${snapshot.ledgerIndex}`,
    )
    const csv = await session.engine.holderSnapshotCsv(issuer, taxon)
    if (out) {
      writeFileSync(out, csv)
      ctx.printer.line(`holders written to ${out}`)
    } else if (!ctx.printer.json) ctx.io.out(csv.endsWith('\n') ? csv : `${csv}\n`)
    return 0
  })
}
