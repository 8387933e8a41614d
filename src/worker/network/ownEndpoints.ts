/**
 * Servers the user brings (their own rippled or Clio): checked before use — the server must be
 * reachable, report the network's `network_id` (and, for Mainnet, a ledger only Mainnet has reached),
 * and hold the same validated ledger as one of the network's own servers (the one the engine is
 * connected to, or the first that answers); each connection checks the network again — then used before the network's public servers, as unlimited until they
 * push back.
 */
import type { Client } from 'xrpl'
import type { ServerInfoResponse } from 'xrpl'

import { EngineError, errorMessage, isEngineError } from '../../shared/errors.ts'
import type { NetworkConfig } from '../../shared/networks.ts'
import type { OwnEndpoint, OwnEndpointKind } from '../api.ts'
import { rippledError } from '../ledger/ledgerRequests.ts'
import { plainClients } from '../ledger/pacedClient.ts'
import type { ClientFactory } from '../ledger/pacedClient.ts'
import { networkMismatch } from './serverHealth.ts'
import { xrplErrorName } from '../ledger/xrplErrors.ts'
import { isRecord } from '../../shared/isRecord.ts'

/** Time allowed for the check's connection and each of its requests. */
const CHECK_TIMEOUT_MS = 10_000
/** Hosts a plain ws:// address may name: a node on this device (no one between to read or change). */
const LOOPBACK = new Set(['127.0.0.1', 'localhost'])
/** Any account: a Clio answers nfts_by_issuer for it (perhaps with an error), a rippled does not know the method. */
const PROBE_ISSUER = 'rrrrrrrrrrrrrrrrrrrrrhoLvTp'

/**
 * The URL as it will be stored, or a VALIDATION error saying what is wrong with it.
 *
 * @param url - as the user typed it.
 */
export function normalizeEndpoint(url: string): string {
  let parsed: URL
  try {
    parsed = new URL(String(url).trim())
  } catch {
    throw new EngineError(
      'VALIDATION',
      'Enter the server’s WebSocket address, e.g. wss://node.example.com',
    )
  }
  const loopback = LOOPBACK.has(parsed.hostname)
  if (parsed.protocol !== 'wss:' && !(parsed.protocol === 'ws:' && loopback)) {
    throw new EngineError(
      'VALIDATION',
      'Use a wss:// address (ws:// only for a node on this device): the connection carries your signed transactions',
    )
  }
  if (parsed.username || parsed.password || parsed.hash) {
    throw new EngineError(
      'VALIDATION',
      'The address must not carry a user name, password or #fragment',
    )
  }
  return parsed.href.replace(/\/$/, '')
}

/**
 * Checks a server for a network and returns it as stored.
 *
 * @param network - the network it must belong to.
 * @param url - its address.
 * @param kind - 'ledger' (a rippled for everything) or 'clio' (for nfts_by_issuer).
 * @param reference - a client connected to the network already (one of its own servers), whose
 *   validated ledger must match; without one, the network's servers are asked.
 * @throws EngineError `VALIDATION` when the server belongs to another network, answers unlike an
 *   XRP Ledger server, or is not a Clio; `NETWORK` when it (or, to compare with, the network's own
 *   servers) cannot be reached.
 * @param clients - makes the check's clients (paced by each endpoint's budget in the engine).
 */
export async function checkOwnEndpoint(
  network: NetworkConfig,
  url: string,
  kind: OwnEndpointKind,
  reference: Client | null,
  clients: ClientFactory = plainClients,
): Promise<OwnEndpoint> {
  const endpoint = normalizeEndpoint(url)
  if (network.endpoints.includes(endpoint)) {
    throw new EngineError('VALIDATION', `${endpoint} is one of ${network.name}’s public servers`)
  }
  const client = await connected(clients, endpoint, `Cannot reach ${endpoint}`)
  let theirs: Client | null = reference
  try {
    // Its own figures first: a node of another network is refused without asking anyone else.
    const info = await client.request({ command: 'server_info' })
    const seq = sameNetwork(network, info)
    theirs ??= await networkReference(clients, network)
    await sameLedger(network, client, theirs, seq)
    if (kind === 'clio') await answersClio(client, endpoint)
    return { url: endpoint, kind, addedAt: Date.now() }
  } catch (e) {
    // Whatever it answered, the user gets a reason, not a stack.
    if (isEngineError(e)) throw e
    const timeout = xrplErrorName(e) === 'TimeoutError'
    throw new EngineError(
      timeout ? 'NETWORK' : 'VALIDATION',
      timeout
        ? `${endpoint} did not answer in time`
        : `${endpoint} does not answer as a ${network.name} server: ${errorMessage(e)}`,
    )
  } finally {
    await client.disconnect().catch(() => undefined)
    if (theirs && theirs !== reference) await theirs.disconnect().catch(() => undefined)
  }
}

async function connected(
  clients: ClientFactory,
  endpoint: string,
  failure: string,
): Promise<Client> {
  const client = clients(endpoint, {
    timeout: CHECK_TIMEOUT_MS,
    connectionTimeout: CHECK_TIMEOUT_MS,
  })
  try {
    await client.connect()
    return client
  } catch (e) {
    await client.disconnect().catch(() => undefined)
    throw new EngineError('NETWORK', `${failure}: ${errorMessage(e)}`)
  }
}

/** One of the network's own servers to compare with: the first that answers. */
async function networkReference(clients: ClientFactory, network: NetworkConfig): Promise<Client> {
  for (const endpoint of network.endpoints) {
    try {
      return await connected(clients, endpoint, endpoint)
    } catch {
      // The next one.
    }
  }
  throw new EngineError(
    'NETWORK',
    `None of ${network.name}’s servers answered, and a server of your own is checked against them: please try again when online`,
  )
}

/** @returns the server's validated ledger index, after checking it belongs to the network. */
function sameNetwork(network: NetworkConfig, response: ServerInfoResponse): number {
  const info = response.result.info
  const seq = info.validated_ledger?.seq
  if (typeof seq !== 'number') {
    throw new EngineError('VALIDATION', 'The server has no validated ledger yet: it is not synced')
  }
  const foreign = networkMismatch(info, network)
  if (foreign)
    throw new EngineError('VALIDATION', `This server does not serve ${network.name}: ${foreign}`)
  return seq
}

/** Both servers hold the same validated ledger at an index both have: they follow one ledger. */
async function sameLedger(
  network: NetworkConfig,
  own: Client,
  reference: Client,
  ownSeq: number,
): Promise<void> {
  const theirs = await reference.request({ command: 'ledger', ledger_index: 'validated' })
  const index = Math.min(ownSeq, theirs.result.ledger_index)
  const hashAt = async (c: Client) =>
    (await c.request({ command: 'ledger', ledger_index: index })).result.ledger_hash
  const [a, b] = await Promise.all([hashAt(own), hashAt(reference)])
  if (a !== b) {
    throw new EngineError(
      'VALIDATION',
      `This server’s ledger ${index} differs from ${network.name}’s: it follows another ledger`,
    )
  }
}

/** A Clio answers nfts_by_issuer (an error about the account is an answer); a rippled does not. */
async function answersClio(client: Client, endpoint: string): Promise<void> {
  try {
    const reply = await client.request({ command: 'nfts_by_issuer', issuer: PROBE_ISSUER } as never)
    if (isRecord(reply)) return
  } catch (e) {
    const token = rippledError(e)
    if (token !== 'unknownCmd' && token !== 'notSupported' && typeof token === 'string') return
  }
  throw new EngineError(
    'VALIDATION',
    `${endpoint} does not answer nfts_by_issuer: it is not a Clio server`,
  )
}
