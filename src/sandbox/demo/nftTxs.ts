/** The NFT transactions the demo data is built with: a mint, and a hand-over between two accounts. */
import { convertStringToHex } from 'xrpl'
import type { Wallet } from 'xrpl'

import { tfSellNFToken } from '../ledger/txFlags.ts'
import type { DemoCollection } from './catalog.ts'
import { fillGateway } from './catalog.ts'
import type { DemoSubmitter } from './submitter.ts'

/** An NFTokenMint of the collection; with `issuer`, minted by its authorized minter for it. */
export function mintTx(
  col: Pick<DemoCollection, 'taxon' | 'flags' | 'transferFee'>,
  uri: string | null,
  gatewayUrl: string,
  issuer?: string,
): Record<string, unknown> {
  return {
    TransactionType: 'NFTokenMint',
    NFTokenTaxon: col.taxon,
    Flags: col.flags,
    ...(issuer ? { Issuer: issuer } : {}),
    ...(col.transferFee ? { TransferFee: col.transferFee } : {}),
    ...(uri ? { URI: convertStringToHex(fillGateway(uri, gatewayUrl)) } : {}),
  }
}

/** `from` gives `ids` to `to`: a free offer with `to` as Destination each, which `to` accepts. */
export function handOver(s: DemoSubmitter, from: Wallet, to: Wallet, ids: string[]): void {
  const offerTxs = ids.map((id) =>
    s.submit(from, {
      TransactionType: 'NFTokenCreateOffer',
      NFTokenID: id,
      Amount: '0',
      Flags: tfSellNFToken,
      Destination: to.classicAddress,
    }),
  )
  const metas = s.close()
  for (const h of offerTxs) {
    const offerId = (metas.get(h) as { offer_id?: string }).offer_id!
    s.submit(to, { TransactionType: 'NFTokenAcceptOffer', NFTokenSellOffer: offerId })
  }
  s.close()
}
