import type { OfferAmount } from '../../db/types/offers.ts'
import { tokenParts } from '../../shared/currency.ts'
import { formatDrops, shortAddress } from '../../shared/format.ts'
import { NETWORKS, accountExplorerUrl } from '../../shared/networks.ts'
import { useSelectedNetwork } from '../state/network.ts'

/**
 * An amount as every screen shows it, never ambiguous: XRP as 'n XRP'; an issued amount as its value
 * and code with a 'token' mark and its issuer (shortened, linked to the network's explorer where it
 * has one, the full address on hover), and a code that reads as XRP marked 'NOT XRP'.
 */
export function Amount({ amount, zeroText }: { amount: OfferAmount; zeroText?: string }) {
  const token = tokenParts(amount)
  if (!token) {
    const drops = amount.kind === 'xrp' ? amount.drops : '0'
    return <>{zeroText && BigInt(drops) === 0n ? zeroText : `${formatDrops(drops)} XRP`}</>
  }
  return (
    <span className="amount-token" data-testid="token-amount">
      {token.value} <span className="amount-token__code">{token.code}</span>{' '}
      <span className="amount-token__mark">token</span>
      {token.readsAsXrp && <span className="amount-token__fake"> NOT XRP</span>}{' '}
      <span className="amount-token__issuer">
        by <IssuerLink issuer={token.issuer} />
      </span>
    </span>
  )
}

function IssuerLink({ issuer }: { issuer: string }) {
  const network = NETWORKS[useSelectedNetwork()]
  const url = accountExplorerUrl(network, issuer)
  const text = shortAddress(issuer)
  if (!url) return <abbr title={issuer}>{text}</abbr>
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      title={`${issuer} on ${network.name}'s explorer`}
    >
      {text}
    </a>
  )
}
