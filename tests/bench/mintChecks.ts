/**
 * The mint suite's runs besides the ledger's pace of an airdrop (mint.ts):
 *
 * - check10000: `checkMintMetadata` of a 10,000-URI manifest (`ipfs://<dir>/<n>.json`, n = 1 to
 *   10,000, each a complete document of the sandbox gateway's large collection) through the engine's
 *   gateway pool, whose one gateway is the sandbox's: cold, with the gateway answering at once
 *   (`_uris_per_s`: the engine's own cost per URI, resolved, fetched, normalised, cached); the same
 *   check again (`_cached_ms`, and the gateway requests it made); and 10,000 other URIs with the
 *   gateway answering after the metadata suite's latency (`_latency_uris_per_s`: what the pool's
 *   concurrency makes of a gateway's round trip).
 * - modify1000: 1,000 NFTs minted mutable, then a modify job (both with the metadata check skipped)
 *   giving each a new URI (NFTokenModify, XLS-46) that the gateway serves; its ledgers beside the
 *   minimum, wall time (planning, which reads each NFT's holder from Clio, included in `_seconds`),
 *   modifies per ledger, and how many of the NFTs carry their new URI on the validated ledger.
 */
import type { MintMetadataReport } from '../../src/worker/api.ts'
import { startEngineHarness } from '../helpers/engine.ts'
import { nftUrisOf } from '../helpers/jobs.ts'
import { engineRun, pipelineFigures, round1 } from './jobRuns.ts'
import { GATEWAY_LATENCY_MS } from './metadata.ts'
import { EXPECTED_LEDGER_SIZE, TERMS, servedUri, startWorld } from './mintWorld.ts'
import type { Figures } from './run.ts'
import { size } from './size.ts'

const URIS = size(10_000, 20)
const MODIFIES = size(1_000, 10)

/** The URIs from servedUri(first) on, `count` of them. */
const uris = (first: number, count: number) =>
  Array.from({ length: count }, (_, i) => servedUri(first + i))

/** The report of a check whose every URI is served complete, timed; anything else is thrown. */
async function timedCheck(check: () => Promise<MintMetadataReport>) {
  const t0 = performance.now()
  const report = await check()
  const ms = performance.now() - t0
  if (report.ok !== URIS) {
    const { ok, incomplete, unserved } = report
    throw new Error(
      `bench mint: check of ${URIS} URIs: ${JSON.stringify({ ok, incomplete, unserved })}`,
    )
  }
  return ms
}

export async function checks10000(): Promise<Figures> {
  // No ledger work here: ledgers close only when asked (never).
  const h = await startEngineHarness({ gatewayPort: 0 })
  const gateway = h.sb.gateway!
  try {
    // One request first: the gateway's routes and the HTTP connection are set up once.
    await fetch(`${gateway.url}/health`).then((r) => r.text())
    const manifest = uris(1, URIS)
    const coldMs = await timedCheck(() => h.engine.checkMintMetadata(manifest))
    const asked = gateway.received()
    const cachedMs = await timedCheck(() => h.engine.checkMintMetadata(manifest))
    const cachedRequests = gateway.received() - asked
    gateway.setLatency(GATEWAY_LATENCY_MS)
    const farMs = await timedCheck(() => h.engine.checkMintMetadata(uris(URIS + 1, URIS)))
    return {
      check10000_uris: URIS,
      check10000_uris_per_s: Math.round((URIS / coldMs) * 1000),
      check10000_ms: Math.round(coldMs),
      check10000_cached_ms: Math.round(cachedMs),
      check10000_cached_gateway_requests: cachedRequests,
      check10000_gateway_latency_ms: GATEWAY_LATENCY_MS,
      check10000_latency_uris_per_s: Math.round((URIS / farMs) * 1000),
      check10000_latency_ms: Math.round(farMs),
    }
  } finally {
    await h.stop()
  }
}

export async function modify1000(): Promise<Figures> {
  const w = await startWorld(0)
  try {
    // The metadata check is check10000's; the new URIs below are served documents all the same.
    const minted = await engineRun(w.h, w.client, {
      kind: 'mint',
      terms: { ...TERMS, mutable: true },
      rows: uris(1, MODIFIES).map((uri) => ({ uri })),
      skipMetadataCheck: true,
    })
    const rows = minted.items.map((item, i) => ({
      nftId: item.mintedNftId!,
      uri: servedUri(MODIFIES + 1 + i),
    }))
    // The check of new documents is check10000's figure; this one is the ledger's pace.
    const modified = await engineRun(w.h, w.client, {
      kind: 'modify',
      rows,
      skipMetadataCheck: true,
    })
    const onLedger = await nftUrisOf(w.client, w.holder)
    return {
      ...pipelineFigures('modify1000', MODIFIES, modified, EXPECTED_LEDGER_SIZE),
      modify1000_seconds: round1((modified.planMs + modified.ms) / 1000),
      modify1000_txs: modified.transactions,
      modify1000_fee_drops: modified.feeDrops,
      modify1000_new_uris_on_ledger: rows.filter((r) => onLedger.get(r.nftId) === r.uri).length,
      modify1000_mint_ledgers: minted.ledgers,
    }
  } finally {
    await w.stop()
  }
}
