/**
 * The domains issuers name in their accounts, read once per issuer and network while the engine
 * lives: a collection of 5,000 URI-less NFTs from one issuer costs one account_info, not 5,000.
 */
import type { Client } from 'xrpl'
import type { NetworkId } from '../../../shared/networks.ts'
import { isRecord } from '../../../shared/isRecord.ts'
import { inLane } from '../../ledger/pacedClient.ts'
import { domainFromHex } from './issuerDomain.ts'

/** How long an issuer whose account could not be read is not asked again. */
const RETRY_AFTER_MS = 60_000

/** Reads and remembers issuers' domains. */
export class IssuerDomains {
  private readonly known = new Map<string, Promise<string | null>>()

  /** @param client - the ready client of a network (the engine's connection). */
  constructor(private readonly client: (network: NetworkId) => Promise<Client>) {}

  /**
   * The domain `issuer`'s account names on `network`, or null (no Domain, an unusable one, no such
   * account, or the ledger could not be asked: then it is asked again a minute later, not once per
   * NFT of a collection).
   */
  domainOf(network: NetworkId, issuer: string): Promise<string | null> {
    const key = `${network}|${issuer}`
    let domain = this.known.get(key)
    if (!domain) {
      domain = this.read(network, issuer).catch(() => {
        setTimeout(() => this.known.delete(key), RETRY_AFTER_MS)
        return null
      })
      this.known.set(key, domain)
    }
    return domain
  }

  private async read(network: NetworkId, issuer: string): Promise<string | null> {
    const client = await this.client(network)
    const response = await client.request(
      inLane('background', { command: 'account_info', account: issuer, ledger_index: 'validated' }),
    )
    const data = (response.result as { account_data?: unknown }).account_data
    if (!isRecord(data) || data.Account !== issuer) return null
    return domainFromHex(typeof data.Domain === 'string' ? data.Domain : null)
  }
}
